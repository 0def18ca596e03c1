/**
 * The callback receiver: a local HTTP server in the benchmark's own process
 * standing in for an app's callback endpoint. It answers 200 at once and
 * counts what it received; while `track` is set it also notes, per account
 * id of an `account_team_update` body, when the delivery arrived.
 */
import { createServer } from 'node:http';

/** @returns `{ url, received(), arrivals, track(on), close() }`; `arrivals` maps account id → arrival time (ms, `performance.now()`). */
export async function startReceiver() {
  let received = 0;
  let tracking = false;
  const arrivals = new Map();
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      received += 1;
      if (tracking) arrivals.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).account.id, performance.now());
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/events`,
    /** Deliveries received since the start. */
    received: () => received,
    arrivals,
    /** Starts (true) or stops noting arrival times per account. */
    track(on) {
      tracking = on;
      if (on) arrivals.clear();
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}
