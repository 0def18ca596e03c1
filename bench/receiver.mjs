/**
 * The callback receiver: a local HTTP server in the benchmark's own process
 * standing in for apps' callback endpoints. It answers 200 at once and
 * counts what it received, with the time of the first and last arrival since
 * `reset()`, in all and per request path (one path per app, with every
 * arrival's time); while `track` is
 * on it also notes, per account id of an `account_team_update` body (sent to
 * the tracked path, or any), when the delivery arrived.
 */
import { createServer } from 'node:http';

/**
 * @returns `{ url, count, first, last, paths, arrivals, reset(), track(on, path), close() }`: `count` deliveries
 *   received since `reset()`, `first` and `last` arrival times, `paths` (path → `{ count, first, last, times }`) and
 *   `arrivals` (account id → arrival time), all times in ms of `performance.now()`.
 */
export async function startReceiver() {
  let tracking = false;
  let trackedPath;
  const receiver = {
    count: 0,
    first: undefined,
    last: undefined,
    paths: new Map(),
    arrivals: new Map(),
    reset() {
      receiver.count = 0;
      receiver.first = undefined;
      receiver.last = undefined;
      receiver.paths.clear();
    },
    /** Starts (true) or stops noting arrival times per account, of requests to `path` only when given (starting forgets earlier ones). */
    track(on, path) {
      tracking = on;
      trackedPath = path;
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
      const path = receiver.paths.get(request.url) ?? { count: 0, first: now, last: now, times: [] };
      path.count += 1;
      path.last = now;
      path.times.push(now);
      receiver.paths.set(request.url, path);
      if (tracking && (trackedPath === undefined || trackedPath === request.url))
        receiver.arrivals.set(JSON.parse(Buffer.concat(chunks).toString('utf8')).account.id, now);
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('ok');
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.base = `http://127.0.0.1:${server.address().port}`;
  receiver.url = `${receiver.base}/events`;
  receiver.close = () => {
    server.closeAllConnections();
    return new Promise((resolve) => server.close(resolve));
  };
  return receiver;
}
