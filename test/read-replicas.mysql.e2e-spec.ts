import { setTimeout as sleep } from 'node:timers/promises';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { Permission } from '../src/permissions/permission.js';
import type { Credentials } from './support/http-client.js';
import { MysqlFaultProxy } from './support/mysql-fault-proxy.js';
import { TestApp } from './support/test-app.js';
import { testDatabaseUrl } from './support/test-database.js';
import { useTestApp } from './support/use-test-app.js';

/** Waits (up to `ms`) until `check` holds. */
async function until(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await sleep(50);
  }
}

/** The test database's URL with its address replaced by `127.0.0.1:port`. */
function urlOnPort(port: number): string {
  const url = new URL(testDatabaseUrl());
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}

/**
 * Read replicas (docs/api.md#scaling) without a replication setup: the "replica" is
 * the test database itself reached through a proxy that records each
 * statement, so the test sees which reads went there, and can take it away.
 * Lag and real replication are the topology test's (test/topology.*).
 */
describe('read replicas', () => {
  const database = new URL(testDatabaseUrl());
  let proxy: MysqlFaultProxy;
  let replicaPort: number;
  let admin: Credentials;
  let teamId: number;

  beforeAll(async () => {
    proxy = await MysqlFaultProxy.start(database.hostname, Number(database.port || 3306));
    replicaPort = proxy.port;
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const { t } = useTestApp(() => ({ DATABASE_REPLICA_URLS: urlOnPort(replicaPort), REPLICA_MAX_LAG: '1s', REDIS_URL: undefined }));

  const replicaState = async () => {
    const body = (await t.http.get('/health/ready')).body as {
      info: { replicas: { replicas: { available: boolean; reason?: string }[] } };
    };
    return body.info.replicas.replicas[0];
  };
  const replicaAvailable = async () => (await replicaState()).available;

  beforeAll(async () => {
    admin = await t.createApp(Permission.ManageTeams, 'admin');
    teamId = (await t.http.post('/teams/new', { body: { name: 'Replicated' }, auth: admin })).body.id;
    await until(replicaAvailable);
  });

  it('answers public reads without credentials from the replica, everything else from the primary', async () => {
    proxy.statements.length = 0;
    const anonymous = await t.http.get(`/team/${teamId}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ id: teamId, name: 'Replicated' });
    expect(proxy.statements.filter((sql) => /FROM teams t/.test(sql))).toHaveLength(1);
    proxy.statements.length = 0;
    expect((await t.http.get('/teams/search')).body).toMatchObject({ results: 1, data: [{ id: teamId }] });
    expect(proxy.statements.some((sql) => /FROM teams/.test(sql))).toBe(true);

    proxy.statements.length = 0;
    const authenticated = await t.http.get(`/team/${teamId}`, { auth: admin });
    expect(authenticated.status).toBe(200);
    const renamed = await t.http.patch(`/team/${teamId}`, { body: { name: 'Renamed' }, auth: admin });
    expect(renamed.status).toBe(200);
    expect(proxy.statements.filter((sql) => !/replication_heartbeat/.test(sql))).toEqual([]);
  });

  it('reports the replica in readiness and metrics', async () => {
    const ready = await t.http.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.replicas).toEqual({
      status: 'up',
      reads_from: 'replicas',
      replicas: [{ replica: `127.0.0.1:${replicaPort}`, available: true, lag_seconds: expect.any(Number) }],
    });
    const metrics = (await t.http.get('/metrics')).text;
    expect(metrics).toContain(`db_replica_available{replica="127.0.0.1:${replicaPort}"} 1`);
    expect(metrics).toMatch(new RegExp(`db_replica_lag_seconds\\{replica="127.0.0.1:${replicaPort}"\\} \\d`));
    // A pool each: the primary's and the replica's, labelled as the replica is.
    expect(metrics.split('\n').filter((line) => line.startsWith('accounts_db_pool_max_connections'))).toEqual([
      'accounts_db_pool_max_connections{pool="primary"} 20',
      `accounts_db_pool_max_connections{pool="127.0.0.1:${replicaPort}"} 20`,
    ]);
  });

  it('serves every read from the primary while the replica is gone, and uses it again once back', async () => {
    await proxy.close();
    for (let i = 0; i < 20; i++) expect((await t.http.get(`/team/${teamId}`)).status).toBe(200);
    // The first failed probe may be the reset of a pooled connection
    // (ECONNRESET); the next one connects afresh and is refused.
    await until(async () => (await replicaState()).reason?.includes('ECONNREFUSED') ?? false, 4000);
    const ready = await t.http.get('/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.info.replicas).toMatchObject({
      reads_from: 'primary',
      replicas: [{ available: false, lag_seconds: null, reason: expect.stringContaining('ECONNREFUSED') }],
    });
    expect((await t.http.get('/metrics')).text).toContain(`db_replica_available{replica="127.0.0.1:${replicaPort}"} 0`);

    proxy = await MysqlFaultProxy.start(database.hostname, Number(database.port || 3306), replicaPort);
    await until(replicaAvailable, 2000);
    proxy.statements.length = 0;
    expect((await t.http.get(`/team/${teamId}`)).body).toMatchObject({ id: teamId, name: 'Renamed' });
    expect(proxy.statements.filter((sql) => /FROM teams t/.test(sql))).toHaveLength(1);
  });

  it('starts with a replica that never answers, reading from the primary and saying so', async () => {
    const unreachable = await TestApp.start({ DATABASE_REPLICA_URLS: urlOnPort(1), REDIS_URL: undefined });
    try {
      expect((await unreachable.http.get('/teams/search')).body).toMatchObject({ results: 0, data: [] });
      await sleep(300);
      const ready = await unreachable.http.get('/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body.info.replicas).toEqual({
        status: 'up',
        reads_from: 'primary',
        replicas: [{ replica: '127.0.0.1:1', available: false, lag_seconds: null, reason: expect.stringContaining('ECONNREFUSED') }],
      });
    } finally {
      await unreachable.close();
    }
  });
});
