import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { afterEach, describe, expect, it } from 'vitest';

import { SystemClock } from '../../clock/clock.js';
import { loadAppConfig } from '../../config/environment.js';
import { WebhookSender } from './webhook-sender.js';

const MESSAGE = { webhookId: 'msg_1', event: 'account_team_update', body: '{"a":1}' };

/**
 * A receiver that answers 200 with `ok`, except that it resets the connection
 * of each request `resetOnReuse` names (by its number on that connection,
 * from 1) before answering. @returns it, and the connections it accepted.
 */
async function receiver(
  resetOnReuse: (requestOnConnection: number) => boolean,
): Promise<{ server: Server; url: string; connections: () => number }> {
  let connections = 0;
  const served = new WeakMap<Socket, number>();
  const server = createServer((request, response) => {
    const count = (served.get(request.socket) ?? 0) + 1;
    served.set(request.socket, count);
    request.resume();
    request.once('end', () => {
      if (resetOnReuse(count)) request.socket.resetAndDestroy();
      else response.end('ok');
    });
  });
  server.on('connection', () => (connections += 1));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, connections: () => connections };
}

describe('WebhookSender', () => {
  const servers: Server[] = [];
  const senders: WebhookSender[] = [];
  afterEach(async () => {
    for (const sender of senders.splice(0)) sender.onApplicationShutdown();
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
  });

  function sender(): WebhookSender {
    const made = new WebhookSender(
      loadAppConfig({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', CALLBACK_TIMEOUT_MS: '5000' }),
      new SystemClock(),
    );
    senders.push(made);
    return made;
  }

  it('sends a request again on a new connection when a kept-alive one is reset before the answer', async () => {
    const target = await receiver((request) => request === 2);
    servers.push(target.server);
    const webhooks = sender();
    const first = await webhooks.send({ url: target.url, secret: 's' }, MESSAGE);
    const second = await webhooks.send({ url: target.url, secret: 's' }, MESSAGE);
    expect([first, second]).toEqual([
      { kind: 'answer', status: 200, body: 'ok', retryAfterMs: undefined },
      { kind: 'answer', status: 200, body: 'ok', retryAfterMs: undefined },
    ]);
    expect(target.connections()).toBe(2);
  });

  it('reports a reset of a new connection as the attempt’s network error, without sending again', async () => {
    const target = await receiver(() => true);
    servers.push(target.server);
    const result = await sender().send({ url: target.url, secret: 's' }, MESSAGE);
    expect([result.kind, 'type' in result && result.type]).toEqual(['network', 'ECONNRESET']);
    expect(target.connections()).toBe(1);
  });
});
