import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { hasComparedCharacter } from '../src/collation/unicode-ci.js';
import { ALL_PERMISSIONS, APP_PERMISSIONS, Permission } from '../src/permissions/permission.js';
import { startTracing } from '../src/tracing/start-tracing.js';
import { invariantViolations } from './fuzz/database-invariants.js';
import { type FuzzOperation, operationsOf } from './fuzz/openapi-operations.js';
import { type FuzzRequest, type FuzzWorld, requestArbitrary } from './fuzz/request-arbitraries.js';
import { basicAuth } from './support/http-client.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import type { TestApp } from './support/test-app.js';

// Tracing on, as in production (docs/operations.md#tracing), so that the generated trace headers reach the code that
// reads and stores them. It must start before the service's modules (Fastify, mysql2, pino) load: the app comes
// from a dynamic import after it. Spans go to a closed port and are dropped.
await startTracing('api', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9' });
const { useTestApp } = await import('./support/use-test-app.js');

/** Runs and seed: bounded in `npm test`; `npm run fuzz -- --runs N --seed S` for long runs (up to 100 ms a request). */
const RUNS = Number(process.env.FUZZ_RUNS ?? 240);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
/** Runs between two fresh worlds (deletions and token resets use a world up). */
const RUNS_PER_WORLD = 25;

/** Empties the database and builds what the requests aim at: accounts, teams, awards, a callback, each principal kind. */
async function freshWorld(t: TestApp): Promise<FuzzWorld> {
  await t.reset();
  const admin = await t.createApp(APP_PERMISSIONS, 'fuzz admin');
  const plain = await t.createApp(NO_PERMISSIONS, 'fuzz plain');
  const teamsOnly = await t.createApp(Permission.ManageTeams, 'fuzz teams');
  const teams: number[] = [];
  for (const name of ['Red', 'Blue', 'Ünïcødé']) teams.push((await t.http.post('/teams/new', { auth: admin, body: { name } })).body.id);
  const accounts = ['1', '42', '9007199254740993', '18446744073709551615'];
  for (const [index, id] of accounts.entries())
    await t.insertAccount({
      id,
      name: ['alice', 'Bob', 'ÇAROL', 'dave_%'][index],
      teamId: index < 2 ? teams[0] : index === 2 ? teams[1] : null,
      permissions: index === 1 ? ALL_PERMISSIONS : NO_PERMISSIONS,
    });
  const awards: number[] = [];
  for (const title of ['Star', 'Moon']) {
    awards.push(
      (
        await t.http.post('/awards/new', {
          auth: admin,
          body: { title, image_url: 'https://example.com/a.png', team: teams[0], accounts: ['1', '9007199254740993'] },
        })
      ).body.id,
    );
  }
  await t.http.put('/callback/account_team_update', { auth: admin, body: { url: 'https://hooks.example.com/fuzz', secret: 's3cret' } });
  const member = await t.login('1');
  const superuser = await t.login('42');
  const encoded = (text: string) => `Basic ${Buffer.from(text).toString('base64')}`;
  return {
    accounts,
    teams,
    awards,
    events: ['account_team_update', 'unknown_event', '%FF', 'ACCOUNT_TEAM_UPDATE'],
    // Valid credentials more often than wrong ones, so that requests get past authentication.
    authorizations: [
      undefined,
      basicAuth(admin),
      basicAuth(admin),
      basicAuth(admin),
      basicAuth(superuser),
      basicAuth(admin),
      basicAuth(plain),
      basicAuth(teamsOnly),
      basicAuth(member),
      basicAuth(superuser),
      basicAuth({ username: admin.username, password: 'wrong' }),
      basicAuth({ username: member.username, password: 'wrong' }),
      encoded('A99999999999999999999:x'),
      encoded('X1:x'),
      encoded('A1'),
      encoded(':'),
      'Basic !!!',
      'Bearer token',
      'Basic',
    ],
  };
}

/** Sends `request` as it is (raw body and content type) and reads the answer. */
async function send(t: TestApp, request: FuzzRequest): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = {};
  if (request.authorization !== undefined) headers.authorization = request.authorization;
  if (request.contentType !== undefined) headers['content-type'] = request.contentType;
  Object.assign(headers, request.traceHeaders);
  const response = await fetch(`${t.http.baseUrl}${request.url}`, {
    method: request.method,
    headers,
    body: request.body,
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    // not JSON: checked below
  }
  return { status: response.status, body };
}

/** Why an answer breaks the document or docs/api.md#conventions, or `undefined` when it is fine. */
function problemWith(operation: FuzzOperation, request: FuzzRequest, answer: { status: number; body: unknown }): string | undefined {
  if (answer.status >= 500 && answer.status !== 502 && answer.status !== 504) return `status ${answer.status}`;
  if (answer.status === 200 && ignorableOnlyQ(request)) return 'a q of ignorable characters only answered 200, not 422';
  if (!operation.statuses.has(answer.status)) return `status ${answer.status} is not documented (${[...operation.statuses].join(', ')})`;
  if (answer.status < 400) return undefined;
  const detail = (answer.body as { detail?: unknown } | undefined)?.detail;
  if (answer.status === 422) {
    const items = Array.isArray(detail) ? detail : [];
    const wellFormed = (item: any) =>
      Array.isArray(item?.loc) && typeof item?.msg === 'string' && typeof item?.type === 'string' && Object.keys(item).length === 3;
    return items.length > 0 && items.every(wellFormed) && Object.keys(answer.body as object).length === 1
      ? undefined
      : `422 body ${JSON.stringify(answer.body)}`;
  }
  return typeof detail === 'string' && Object.keys(answer.body as object).length === 1
    ? undefined
    : `${answer.status} body ${JSON.stringify(answer.body)}`;
}

/** Whether `request` searches by one `q` that is not empty and holds ignorable characters only (docs/api.md#pagination: a 422). */
function ignorableOnlyQ(request: FuzzRequest): boolean {
  if (!/^\/(accounts|teams)\/search\?/.test(request.url)) return false;
  const values = new URLSearchParams(request.url.slice(request.url.indexOf('?') + 1)).getAll('q');
  return values.length === 1 && values[0] !== '' && !hasComparedCharacter(values[0]);
}

/**
 * Property-based fuzzing of the whole API, driven by its own OpenAPI document:
 * every operation with generated path ids, queries, credentials and bodies
 * (schema-built, mutated, unicode edge cases, thousands of keys, long
 * strings) and trace headers (over-long, malformed), with tracing on. No answer is a 5xx (502/504 only
 * where the identity provider is involved, as documented), every status is
 * documented and every error has the `{"detail"}` shape of docs/api.md#conventions; after
 * each world the database invariants hold. A failure prints the seed and the
 * shrunk request.
 */
describe('API fuzzing (OpenAPI-driven, fast-check)', () => {
  // The identity provider points at a closed port: its calls fail as 502, as documented.
  const { t } = useTestApp({ IDP_API_URL: 'http://127.0.0.1:9', IDP_TIMEOUT_MS: '1000', RATE_LIMIT_MAX: '0' });

  it(
    `answers ${RUNS} generated requests (seed ${SEED}) within the document, and keeps the invariants`,
    async () => {
      const operations = operationsOf((await t.http.get('/docs/json')).body);
      expect(operations.length).toBeGreaterThanOrEqual(30);
      const tally = new Map<string, number>();
      for (let done = 0, round = 0; done < RUNS; done += RUNS_PER_WORLD, round++) {
        const world = await freshWorld(t);
        const byKey = new Map(operations.map((operation) => [`${operation.method} ${operation.path}`, operation]));
        await fc.assert(
          fc.asyncProperty(
            fc
              .constantFrom(...operations)
              .chain((operation) =>
                requestArbitrary([operation], world).map((request) => ({ key: `${operation.method} ${operation.path}`, request })),
              ),
            async ({ key, request }) => {
              const answer = await send(t, request);
              const bucket = `${request.method} ${answer.status}`;
              tally.set(bucket, (tally.get(bucket) ?? 0) + 1);
              const problem = problemWith(byKey.get(key)!, request, answer);
              if (problem) throw new Error(`${request.method} ${request.url}: ${problem}`);
            },
          ),
          { seed: SEED + round, numRuns: Math.min(RUNS_PER_WORLD, RUNS - done), endOnFailure: false },
        );
        expect(await invariantViolations(t.dataSource, t.http)).toEqual([]);
      }
      console.log(`fuzz: seed ${SEED}, answers by method and status: ${JSON.stringify(Object.fromEntries([...tally].sort()))}`);
      // Every kind of answer is reached, successes included (else the generators only knock at the door).
      for (const status of [/ 2\d\d$/, / 400$/, / 401$/, / 403$/, / 413$/, / 422$/])
        expect(
          [...tally.keys()].some((key) => status.test(key)),
          String(status),
        ).toBe(true);
    },
    Math.max(600_000, RUNS * 100),
  );
});
