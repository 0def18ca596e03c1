// A receiver of the service's deliveries with plain node:http: the raw body, verifyWebhook, duplicates dropped by
// webhook-id, events older than one already applied dropped by sequence, a 2xx at once and the work after it.
// Run it after installing the package:
//   WEBHOOK_SECRETS=whsec_... PORT=3999 node webhook-receiver.mjs
// WEBHOOK_SECRETS: the callback's secret; during a rotation the new and the old one, separated by a space.
import { createServer } from 'node:http';

import { verifyWebhook, WebhookVerificationError } from '@accounts-service/client';

const secrets = (process.env.WEBHOOK_SECRETS ?? '').split(' ').filter(Boolean);
if (secrets.length === 0) throw new Error('Set WEBHOOK_SECRETS to the callback secret (or the new and the old one, space-separated).');
const MAX_BODY = 1024 * 1024;

// Deliveries are at least once: the same webhook-id comes again after a lost answer or a redelivery. A real app
// keeps the ids in its database (a unique key, written with the work's own changes); this one remembers the last 10,000.
const seen = new Set();
function firstTime(id) {
  if (seen.has(id)) return false;
  seen.add(id);
  if (seen.size > 10_000) seen.delete(seen.values().next().value);
  return true;
}

// Retries and redeliveries may arrive out of order: an account's events carry a signed `sequence` that grows with
// each of its events, in commit order. Applying only a sequence above the last one applied keeps the newest state.
// A real app stores the sequence with the account's row and compares it in the same transaction; this one keeps a Map.
const appliedSequence = new Map();

/** The work a delivery asks for; runs after the answer, so a slow task never makes the service time out and retry. */
function handle(delivery) {
  if (delivery.type === 'ping') {
    console.log(`ping ${delivery.id} for ${delivery.data.callback.event} at ${delivery.data.occurred_at}`);
    return;
  }
  const { account, team, sequence, occurred_at } = delivery.data;
  const applied = appliedSequence.get(account.id) ?? 0;
  if (sequence <= applied) {
    console.log(`stale ${delivery.id} dropped: sequence ${sequence} of ${account.id}, ${applied} already applied`);
    return;
  }
  appliedSequence.set(account.id, sequence);
  console.log(`account_team_update ${delivery.id}: ${account.id} -> ${team?.name ?? 'no team'} (sequence ${sequence}, ${occurred_at})`);
}

const server = createServer((request, response) => {
  const chunks = [];
  let size = 0;
  request.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY) request.destroy();
    else chunks.push(chunk);
  });
  request.on('end', () => {
    let delivery;
    try {
      // The raw bytes as received: a body parsed and serialized again would not match its signature.
      delivery = verifyWebhook(Buffer.concat(chunks), request.headers, secrets);
    } catch (error) {
      if (!(error instanceof WebhookVerificationError)) throw error;
      console.log(`refused: ${error.reason}: ${error.message}`);
      response.writeHead(400, { 'content-type': 'text/plain' }).end(error.message);
      return;
    }
    response.writeHead(204).end();
    if (!firstTime(delivery.id)) {
      console.log(`duplicate ${delivery.id} dropped`);
      return;
    }
    setImmediate(() => handle(delivery));
  });
});

server.listen(Number(process.env.PORT ?? 3999), process.env.HOST ?? '127.0.0.1', () => {
  console.log(`receiving on http://127.0.0.1:${server.address().port}`);
});
process.on('SIGTERM', () => server.close());
