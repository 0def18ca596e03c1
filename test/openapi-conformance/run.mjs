#!/usr/bin/env node
// OpenAPI conformance (docs/api.md#conventions): the service's answers, checked by a strict validator of the
// committed openapi.json. The built API runs on a fresh SQLite file; Stoplight Prism's validation proxy
// (`prism proxy openapi.json <api>`) stands in front of it; the TypeScript client (clients/typescript, built here)
// drives every route through the proxy: successes, the 4xx answers, null fields (an account and an award without a
// team, a callback never disabled, deliveries without an answer yet), the delivery log and its steering. Prism
// reports each answer that violates the document in its `sl-violations` header; any one fails the run.
// A self-check then puts a document in which an Account's team may not be null in front of the same API: the
// account without a team must be reported, or the run fails (a checker that sees nothing proves nothing).
//
//   node test/openapi-conformance/run.mjs        (after npm run build, and npm ci in .ci/prism)
//
// PRISM_NODE: the Node binary that runs Prism (it wants Node 24; .ci/run passes .ci/node24's), default this one.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const PRISM = resolve('.ci/prism/node_modules/@stoplight/prism-cli/dist/index.js');
const dir = mkdtempSync(join(tmpdir(), 'openapi-conformance-'));
const children = [];

async function freePort() {
  const server = createNetServer();
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address();
  await new Promise((done) => server.close(done));
  return port;
}

/** Spawns a process and waits until its output matches `ready`. */
async function start(name, command, args, { env = {}, ready, timeoutMs = 120_000 }) {
  const child = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + timeoutMs;
  while (!ready.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`${name} did not start:\n${output}`);
    await sleep(50);
  }
  return child;
}

async function proxy(document, api) {
  const port = await freePort();
  await start(
    'prism',
    process.env.PRISM_NODE ?? process.execPath,
    [PRISM, 'proxy', document, api, '--host', '127.0.0.1', '--port', String(port)],
    {
      ready: /Prism is listening/,
    },
  );
  return `http://127.0.0.1:${port}`;
}

/** A fetch for the client that records, per answer, the violations of the answer that Prism reports. */
function recordingFetch(violations) {
  return async (request, init) => {
    const response = await fetch(request, init);
    const reported = response.headers.get('sl-violations');
    const where = `${request.method} ${new URL(request.url).pathname} → ${response.status}`;
    // Request violations are the bad requests the traffic sends on purpose, for their 4xx answers.
    for (const violation of reported ? JSON.parse(reported) : [])
      if (violation.location[0] === 'response') violations.push(`${where}: ${violation.location.join('.')}: ${violation.message}`);
    return response;
  };
}

/** Every route through `client`, with the answers that carry nulls and errors. @returns how many answers. */
async function traffic(sdk, clientFor, credentials, receiverUrl) {
  const { paged, unwrap, withStatus, getDelivery, redeliver, recover, ping, enableCallback } = sdk;
  const client = clientFor(credentials);
  const anonymous = clientFor(undefined);
  let answers = 0;
  const call = async (promise, expected) => {
    const { response } = await promise;
    answers++;
    if (response.status !== expected) throw new Error(`${response.url}: ${response.status}, expected ${expected}`);
  };
  await call(anonymous.GET('/accounts/signups'), 200);
  const red = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
  await unwrap(client.PATCH('/team/{team}', { params: { path: { team: red.id } }, body: { name: 'Red team' } }));
  await call(anonymous.GET('/team/{team}', { params: { path: { team: red.id } } }), 200);
  await call(anonymous.GET('/team/{team}', { params: { path: { team: 999 } } }), 422);
  await unwrap(client.POST('/acounts/new', { body: { id: '18446744073709551615', name: 'Ann', discriminator: '0001', team: red.id } }));
  await unwrap(
    client.POST('/accounts/new', { body: { id: '42', name: 'Bob', discriminator: '0002', avatar_url: 'https://example.com/b.png' } }),
  );
  await call(client.POST('/acounts/new', { body: { id: '42', name: 'Bob', discriminator: '0002' } }), 409);
  await call(client.POST('/acounts/new', { body: { name: '' } }), 422);
  await call(anonymous.GET('/account/{account}', { params: { path: { account: '42' } } }), 200); // team: null
  await call(anonymous.GET('/account/{account}', { params: { path: { account: '7' } } }), 422);
  for (const query of [{}, { q: 'an' }, { team: red.id }, { team: 0 }, { per_page: 1, page: 5 }])
    await call(anonymous.GET('/accounts/search', { params: { query } }), 200);
  await call(anonymous.GET('/accounts/search', { params: { query: { per_page: 1000 } } }), 422);
  for await (const page of paged(anonymous, '/teams/search').pages()) answers += page ? 1 : 0;
  const award = await unwrap(
    client.POST('/awards/new', { body: { title: 'Star', image_url: 'https://example.com/s.png', team: red.id, accounts: ['42'] } }),
  );
  const lone = await unwrap(
    client.POST('/awards/new', { body: { title: 'Lone', image_url: 'https://example.com/l.png', team: red.id, accounts: [] } }),
  );
  await unwrap(client.DELETE('/team/{team}', { params: { path: { team: red.id } } })); // awards and members without a team
  await call(anonymous.GET('/award/{award}', { params: { path: { award: award.id } } }), 200); // team: null
  await unwrap(client.PATCH('/award/{award}', { params: { path: { award: lone.id } }, body: { title: 'Lone star' } }));
  const give = () =>
    withStatus(client.PUT('/account/{account}/award/{award}', { params: { path: { account: '18446744073709551615', award: lone.id } } }));
  await give();
  await give();
  answers += 2;
  await call(
    client.DELETE('/account/{account}/award/{award}', { params: { path: { account: '18446744073709551615', award: lone.id } } }),
    204,
  );
  await call(
    client.DELETE('/account/{account}/award/{award}', { params: { path: { account: '18446744073709551615', award: lone.id } } }),
    404,
  );
  await call(client.DELETE('/award/{award}', { params: { path: { award: lone.id } } }), 204);
  const blue = await unwrap(client.POST('/teams/new', { body: { name: 'Blue' } }));
  await call(client.GET('/auth/me'), 200); // an App
  const session = await unwrap(client.POST('/auth/create_session', { body: { account: '42' } }));
  const user = clientFor({ username: session.username, password: session.password });
  await call(user.GET('/auth/me'), 200); // an Account
  await call(user.PATCH('/account/{account}', { params: { path: { account: '42' } }, body: { team: blue.id } }), 200);
  await call(user.POST('/teams/new', { body: { name: 'Mine' } }), 403);
  await call(user.POST('/auth/reset_token'), 200); // a Session
  await call(anonymous.GET('/auth/me'), 401);

  const event = 'account_team_update';
  await call(client.GET('/callback/{event}', { params: { path: { event } } }), 404);
  await call(client.PUT('/callback/{event}', { params: { path: { event: 'nope' } }, body: { url: receiverUrl, secret: 's' } }), 422);
  await unwrap(
    client.PUT('/callback/{event}', {
      params: { path: { event } },
      body: { url: receiverUrl, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' },
    }),
  );
  await call(client.GET('/callback/{event}', { params: { path: { event } } }), 200); // disabled_at, failing_since, last_success_at: null
  await call(client.GET('/callbacks'), 200);
  await unwrap(client.PATCH('/account/{account}', { params: { path: { account: '42' } }, body: { team: 0 } }));
  const pinged = await ping(client, event); // pending: last_attempt_at, last_response_status, last_error null
  answers++;
  let all = [];
  for (let attempt = 0; attempt < 100; attempt++) {
    all = [];
    for await (const delivery of paged(client, '/callback/{event}/deliveries', { path: { event } })) all.push(delivery);
    answers++;
    if (all.length === 2 && all.every((delivery) => delivery.status === 'succeeded')) break;
    await sleep(100);
  }
  for (const delivery of all) await getDelivery(client, event, delivery.id);
  answers += all.length;
  await call(client.GET('/callback/{event}/deliveries', { params: { path: { event }, query: { status: 'failed', since: 0 } } }), 200);
  await call(client.GET('/callback/{event}/deliveries/{id}', { params: { path: { event, id: '999999' } } }), 404);
  await redeliver(client, event, pinged.id);
  await recover(client, event, 0);
  await enableCallback(client, event);
  answers += 3;
  await call(client.POST('/callback/{event}/recover', { params: { path: { event } }, body: { since: Date.now() } }), 422);
  await call(client.DELETE('/callback/{event}', { params: { path: { event } } }), 204);
  await call(client.DELETE('/account/{account}', { params: { path: { account: '42' } } }), 204);
  await call(anonymous.GET('/health/live'), 200);
  return answers;
}

let status = 0;
try {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'clients/typescript'], { stdio: 'inherit' });
  const sdk = await import(resolve('clients/typescript/dist/index.js'));
  const receiver = createServer((request, response) => request.resume().on('end', () => response.writeHead(204).end()));
  await new Promise((done) => receiver.listen(0, '127.0.0.1', done));
  const receiverUrl = `http://127.0.0.1:${receiver.address().port}/hook`;

  const apiPort = await freePort();
  const database = `sqlite:${join(dir, 'conformance.sqlite')}`;
  const env = { DATABASE_URL: database, REDIS_URL: '', LOG_LEVEL: 'info', LOG_FORMAT: 'json' };
  await start('api', process.execPath, ['dist/main.js'], {
    env: { ...env, PORT: String(apiPort), HOST: '127.0.0.1', CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' },
    ready: /"msg":"Accounts service on/,
  });
  const credentials = JSON.parse(
    execFileSync(process.execPath, ['dist/cli.js', 'apps', 'create', 'conformance', '--all-permissions', '--json'], {
      env: { ...process.env, ...env },
    }).toString(),
  );
  const api = `http://127.0.0.1:${apiPort}`;

  const broken = JSON.parse(readFileSync('openapi.json', 'utf8'));
  broken.components.schemas.Account.properties.team = { $ref: '#/components/schemas/Team' };
  writeFileSync(join(dir, 'team-not-nullable.json'), JSON.stringify(broken));
  const [checked, selfCheck] = await Promise.all([proxy(resolve('openapi.json'), api), proxy(join(dir, 'team-not-nullable.json'), api)]);

  const violations = [];
  const clientFor = (credentials) => sdk.createAccountsClient({ baseUrl: checked, credentials, fetch: recordingFetch(violations) });
  const answers = await traffic(sdk, clientFor, credentials, receiverUrl);
  console.log(`openapi.json: ${answers} answers through Prism's validation proxy, ${violations.length} violating the document`);
  for (const violation of violations) console.log(`  ${violation}`);
  if (violations.length > 0 || answers < 40) status = 1;

  const caught = [];
  const strict = sdk.createAccountsClient({ baseUrl: selfCheck, fetch: recordingFetch(caught) });
  await strict.GET('/account/{account}', { params: { path: { account: '18446744073709551615' } } });
  console.log(`self-check (a document where Account.team may not be null): ${caught.length ? caught.join('; ') : 'NOTHING REPORTED'}`);
  if (!caught.some((violation) => violation.includes('response.body.team'))) status = 1;
  receiver.close();
} catch (error) {
  console.error(error);
  status = 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(dir, { recursive: true, force: true });
}
console.log(`openapi conformance: ${status === 0 ? 'passed' : 'FAILED'}`);
process.exit(status);
