/**
 * The callback receiver: a local HTTP server in the benchmark's own process
 * standing in for an app's callback endpoint. It answers 200 at once and
 * counts what it received, with the time of the first and last arrival since
 * `reset()`; while `track` is on it also notes, per account id of an
 * `account_team_update` body, when the delivery arrived.
 */
import { createServer } from 'node:http';

/**
 * @returns `{ url, count, first, last, arrivals, reset(), track(on), close() }`: `count` deliveries received
 *   since `reset()`, `first` and `last` arrival times and `arrivals` (account id → arrival time), all times
 *   in ms of `performance.now()`.
 */
export async function startReceiver() {
  let tracking = false;
  const receiver = {
    count: 0,
    first: undefined,
    last: undefined,
    arrivals: new Map(),
    reset() {
      receiver.count = 0;
      receiver.first = undefined;
      receiver.last = undefined;
    },
    /** Starts (true) or stops noting arrival times per account (starting forgets earlier ones). */
    track(on) {
      tracking = on;
      if (on) receiver.arrivals.clear();
    },
  };
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const now = performance.now();
      receiver.count += 1;
      receiver.first ??= now;
      receiver.last = now;
      if (tracking) receiver.arrivals.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).account.id, now);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${server.address().port}/events`;
  receiver.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}
