import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { TeamEntity } from '../src/teams/team.entity.js';
import { useCallbackReceiver } from './support/callback-receiver.js';
import { runProcess, TestProcess } from './support/child-process.js';
import { settledDeliveries, sleep } from './support/deliveries.js';
import { freePort } from './support/delivery-processes.js';
import type { Credentials } from './support/http-client.js';
import { MysqlFaultProxy } from './support/mysql-fault-proxy.js';
import { NO_PERMISSIONS } from './support/permissions.js';
import { TestApp } from './support/test-app.js';
import { useTestApp } from './support/use-test-app.js';

/** Starts the suite's own MariaDB on `port` over `dir` (created by mariadb-install-db), no grant tables. */
function startMariadb(dir: string, port: number): Promise<TestProcess> {
  return TestProcess.start(
    `mariadbd:${port}`,
    '/usr/sbin/mariadbd',
    [
      '--no-defaults',
      `--datadir=${join(dir, 'data')}`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      `--socket=${join(dir, 'mariadb.sock')}`,
      `--pid-file=${join(dir, 'mariadb.pid')}`,
      '--user=root',
      '--skip-grant-tables',
      '--innodb-buffer-pool-size=64M',
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_unicode_ci',
    ],
    { ready: 'ready for connections', timeoutMs: 30_000 },
  );
}

/** One team creation of the commit-ambiguity test, and what became of it. */
interface Creation {
  name: string;
  /** Status of the first attempt (0: no answer). */
  first: number;
  /** Statuses of the retries with the same Idempotency-Key, until a 201. */
  retries: number[];
  /** Whether the 201 that ended the retries was a replay (the first attempt had committed). */
  replayed: boolean;
  /** After a first 503 ("nothing was written"), whether the team existed before any retry. */
  existedAfter503?: boolean;
}

interface Change {
  account: string;
  team: number;
  status: number;
  /** Milliseconds since the UNIX epoch, when the answer arrived. */
  at: number;
}

/**
 * A database outage under load (docs/api.md#events: a change acknowledged with 200
 * delivers its event exactly once; nothing is delivered that did not commit).
 * The suite runs a MariaDB of its own (another port and data directory, as the
 * Redis outage test has its own Redis), stops it for a few seconds while 32
 * clients move accounts between teams, and starts it again; the API is never
 * restarted.
 */
describe('a database outage under load', () => {
  let dir: string;
  let port: number;
  let mariadb: TestProcess;
  let admin: Credentials;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'outage-mariadb-'));
    const installed = await runProcess(
      'mariadb-install-db',
      ['--no-defaults', `--datadir=${join(dir, 'data')}`, '--user=root', '--skip-test-db', '--auth-root-authentication-method=normal'],
      {},
    );
    expect(installed.code, installed.stderr).toBe(0);
    port = await freePort();
    mariadb = await startMariadb(dir, port);
    const created = await runProcess(
      'mysql',
      ['-h127.0.0.1', `-P${port}`, '-uroot', '-e', 'CREATE DATABASE outage CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci'],
      {},
    );
    expect(created.code, created.stderr).toBe(0);
  }, 120_000);
  afterAll(async () => {
    await mariadb?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }, 60_000);
  const receiver = useCallbackReceiver();
  const { t } = useTestApp(() => ({
    DATABASE_URL: `mysql://root@127.0.0.1:${port}/outage`,
    REDIS_URL: undefined,
    CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true',
    CALLBACK_RETRY_DELAYS: '200ms,500ms,1s,2s,5s',
    CALLBACK_POLL_INTERVAL_MS: '50',
  }));
  beforeAll(async () => {
    admin = await t.createApp(APP_PERMISSIONS, 'admin');
  });

  it('delivers every acknowledged change exactly once, delivers nothing uncommitted, and answers again within 5 s of the database', async () => {
    const listener = await t.createApp(NO_PERMISSIONS, 'listener');
    expect(
      (await t.http.put('/callback/account_team_update', { auth: listener, body: { url: receiver.url('/events'), secret: 's' } })).status,
    ).toBe(200);
    const teams: number[] = [];
    for (const name of ['Red', 'Blue', 'Green', 'Gold'])
      teams.push((await t.http.post('/teams/new', { auth: admin, body: { name } })).body.id);
    const accountsOf = (client: number) => [0, 1, 2].map((index) => String(5000 + client * 3 + index));
    for (let client = 0; client < 32; client++) for (const id of accountsOf(client)) await t.insertAccount({ id, teamId: teams[0] });

    const changes: Change[] = [];
    let running = true;
    /** One client: moves its own accounts to another team; after an unclear answer it reads the account before going on. */
    const client = async (index: number) => {
      const current = new Map(accountsOf(index).map((id) => [id, teams[0]]));
      for (let round = 0; running; round++) {
        const account = accountsOf(index)[round % 3];
        const team = teams.filter((candidate) => candidate !== current.get(account))[round % 3];
        const response = await t.http
          .patch(`/account/${account}`, { auth: admin, body: { team } })
          .catch(() => ({ status: 0, body: undefined }));
        changes.push({ account, team, status: response.status, at: Date.now() });
        if (response.status === 200) {
          current.set(account, team);
          await sleep(50);
          continue;
        }
        // Unclear (the database went away mid-request): learn the account's team before the next move.
        for (;;) {
          const read = await t.http.get(`/account/${account}`).catch(() => ({ status: 0, body: undefined }));
          if (read.status === 200) {
            current.set(account, read.body.team?.id ?? 0);
            break;
          }
          await sleep(100);
        }
      }
    };
    const clients = Array.from({ length: 32 }, (_, index) => client(index));

    await sleep(3000);
    const stoppedAt = Date.now();
    await mariadb.stop();
    const readiness: number[] = [];
    /** Each scrape of /metrics during the outage: its status and its database gauge's line. */
    const scrapes: string[] = [];
    while (Date.now() - stoppedAt < 4000) {
      readiness.push((await t.http.get('/health/ready')).status);
      const metrics = await t.http.get('/metrics');
      const gauge = metrics.text.split('\n').find((line) => line.startsWith('accounts_dependency_up{dependency="database"}'));
      scrapes.push(`${metrics.status} ${gauge}`);
      await sleep(250);
    }
    mariadb = await startMariadb(dir, port);
    const restartedAt = Date.now();
    await sleep(4000);
    running = false;
    await Promise.all(clients);
    const loadEndedAt = Date.now();

    const acknowledged = changes.filter((change) => change.status === 200);
    const statuses: Record<number, number> = {};
    for (const change of changes) statuses[change.status] = (statuses[change.status] ?? 0) + 1;
    const firstAfter = changes.find((change) => change.status === 200 && change.at > restartedAt);
    const deliveries = await settledDeliveries(t.dataSource, 1, 90_000);
    const drainedMs = Date.now() - loadEndedAt;
    const receipts = new Map<string, number>();
    for (const request of receiver.requestsTo('/events'))
      receipts.set(String(request.headers['webhook-id']), (receipts.get(String(request.headers['webhook-id'])) ?? 0) + 1);
    const duplicates = [...receipts.values()].filter((count) => count > 1).length;
    console.log(
      `database outage: ${changes.length} requests ${JSON.stringify(statuses)}, ${acknowledged.length} acknowledged, ` +
        `readiness during the outage ${JSON.stringify([...new Set(readiness)])}, first 200 ${firstAfter ? firstAfter.at - restartedAt : 'never'} ms after the restart, ` +
        `${deliveries.length} deliveries (all settled ${drainedMs} ms after the load), ${receipts.size} webhook-ids received, ${duplicates} duplicates`,
    );

    // The outage was real, and answered 503 (never 500) while it lasted; 504 where a commit was interrupted.
    expect(readiness).toContain(503);
    // /metrics answered 200 all along, and said the database was down (docs/operations.md#metrics-during-an-outage).
    expect(scrapes).toContain('200 accounts_dependency_up{dependency="database"} 0');
    expect(scrapes.filter((scrape) => !scrape.startsWith('200 accounts_dependency_up{dependency="database"} '))).toEqual([]);
    expect(Object.keys(statuses).filter((status) => !['200', '503', '504'].includes(status))).toEqual([]);
    expect(statuses[503]).toBeGreaterThan(0);
    // The API answered again within 5 s of the database, with no restart.
    expect(firstAfter).toBeDefined();
    expect(firstAfter!.at - restartedAt).toBeLessThan(5000);
    expect((await t.http.get('/health/ready')).status).toBe(200);

    // Exactly once: every delivery succeeded and its webhook-id arrived once; nothing arrived that is not a committed delivery.
    expect(deliveries.every((delivery) => delivery.status === 'succeeded')).toBe(true);
    expect(duplicates).toBe(0);
    expect(new Set(receipts.keys())).toEqual(new Set(deliveries.map((delivery) => delivery.webhookId)));
    // Every acknowledged change has its event: per account and team, at least as many events as acknowledged moves.
    const delivered = new Map<string, number>();
    for (const request of receiver.requestsTo('/events')) {
      const body = JSON.parse(request.body);
      const key = `${body.account.id}:${body.team?.id ?? 0}`;
      delivered.set(key, (delivered.get(key) ?? 0) + 1);
    }
    const missing = acknowledged.filter(
      (change, index) =>
        acknowledged.slice(0, index + 1).filter((other) => other.account === change.account && other.team === change.team).length >
        (delivered.get(`${change.account}:${change.team}`) ?? 0),
    );
    expect(missing).toEqual([]);
    expect(await t.dataSource.manager.count(DeliveryEntity)).toBe(deliveries.length);
  }, 180_000);

  it('never answers the "nothing written" 503 for a team that exists, and a retried POST with Idempotency-Key leaves exactly one team', async () => {
    // A second API, through a proxy that can withhold the answer to one COMMIT: the database is killed right after a
    // COMMIT reached it, so each round interrupts at least that commit (besides whatever else the kill cuts).
    const proxy = await MysqlFaultProxy.start('127.0.0.1', port);
    // Its error lines (a 500's stack among them), shown when an answer other than 201, 503 or 504 fails the test.
    const errorLines: string[] = [];
    const api = await TestApp.start(
      { DATABASE_URL: `mysql://root@127.0.0.1:${proxy.port}/outage`, REDIS_URL: undefined, LOG_LEVEL: 'error' },
      { logDestination: { write: (line: string) => void errorLines.push(line) } },
    );
    const creator = await api.createApp(APP_PERMISSIONS, 'creator');
    try {
      const creations: Creation[] = [];
      /** The number of teams named `name`, once the database answers. */
      const countTeams = async (name: string): Promise<number> => {
        for (;;) {
          const count = await api.dataSource.manager.count(TeamEntity, { where: { name } }).catch(() => undefined);
          if (count !== undefined) return count;
          await sleep(200);
        }
      };
      /** One client: creates teams, each with its own key; after anything but a 201 it retries with that key until a 201. */
      const client = async (round: number, index: number, running: () => boolean) => {
        for (let serial = 0; running(); serial++) {
          const creation: Creation = { name: `round ${round} client ${index} team ${serial}`, first: 0, retries: [], replayed: false };
          creations.push(creation);
          const headers = { 'idempotency-key': randomUUID() };
          const send = () =>
            api.http
              .post('/teams/new', { auth: creator, body: { name: creation.name }, headers })
              .catch(() => ({ status: 0, headers: new Headers() }));
          creation.first = (await send()).status;
          if (creation.first === 201) continue;
          if (creation.first === 503) creation.existedAfter503 = (await countTeams(creation.name)) > 0;
          for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
            await sleep(100);
            const retry = await send();
            creation.retries.push(retry.status);
            if (retry.status !== 201) continue;
            creation.replayed = retry.headers.get('idempotent-replayed') === 'true';
            break;
          }
        }
      };

      // Kill the database under load, with SIGKILL then SIGTERM, each time just after a team's COMMIT reached it (its
      // answer withheld by the proxy): two rounds of about 5 s.
      let rounds = 0;
      while (rounds < 2) {
        rounds++;
        let running = true;
        const clients = Array.from({ length: 32 }, (_, index) => client(rounds, index, () => running));
        await sleep(1500);
        proxy.loseCommitAnswerAfter(/^INSERT INTO `teams`/);
        while (!proxy.struck) await sleep(1);
        await mariadb.stop(rounds === 1 ? 'SIGKILL' : 'SIGTERM');
        await sleep(300);
        mariadb = await startMariadb(dir, port);
        await sleep(1000);
        running = false;
        await Promise.all(clients);
      }

      const firsts: Record<number, number> = {};
      for (const creation of creations) firsts[creation.first] = (firsts[creation.first] ?? 0) + 1;
      const interrupted = creations.filter((creation) => creation.first === 504);
      const rows: { name: string; teams: string }[] = await api.dataSource.query(
        "SELECT name, COUNT(*) AS teams FROM teams WHERE name LIKE 'round %' GROUP BY name",
      );
      const teamsByName = new Map(rows.map((row) => [row.name, Number(row.teams)]));
      console.log(
        `commit ambiguity: ${rounds} round(s), ${creations.length} creations, first answers ${JSON.stringify(firsts)}, ` +
          `${interrupted.length} interrupted commits of which ${interrupted.filter((creation) => creation.replayed).length} had committed (replayed on retry)`,
      );

      // The fault happened: a commit was interrupted, and answered as such.
      expect(interrupted.length).toBeGreaterThan(0);
      expect(
        Object.keys(firsts).filter((status) => !['201', '503', '504'].includes(status)),
        errorLines.join(''),
      ).toEqual([]);
      // A 503 says nothing was written: no team of a 503 existed before its retry.
      expect(creations.filter((creation) => creation.existedAfter503)).toEqual([]);
      // Every creation ended in a 201, and exactly one team each, however many times it was sent.
      expect(creations.filter((creation) => creation.first !== 201 && creation.retries.at(-1) !== 201)).toEqual([]);
      expect(creations.filter((creation) => teamsByName.get(creation.name) !== 1)).toEqual([]);
      expect(teamsByName.size).toBe(creations.length);
    } finally {
      await api.close().catch(() => undefined);
      await proxy.close();
    }
  }, 180_000);
});
