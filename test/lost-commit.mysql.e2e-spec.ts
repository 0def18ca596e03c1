import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { Permission } from '../src/permissions/permission.js';
import { TeamEntity } from '../src/teams/team.entity.js';
import type { Credentials } from './support/http-client.js';
import { MysqlFaultProxy } from './support/mysql-fault-proxy.js';
import { useTestApp } from './support/use-test-app.js';
import { testDatabaseUrl } from './support/test-database.js';

const TEAM_INSERT = /^INSERT INTO `teams`/;
const COMMIT_LOST = {
  detail:
    'The database connection was lost while the change was being committed: it may or may not have been saved. ' +
    'Read the resource before sending it again, or resend it with the same Idempotency-Key.',
};

/**
 * The database connection lost at a chosen point of a write, through a proxy
 * in front of the test database: after the server received `COMMIT` (the team
 * is saved, the service cannot know) or before the insert was sent (nothing
 * is saved). Deterministic counterpart of the outage suite's killed MariaDB.
 */
describe('a database connection lost during a write', () => {
  const url = new URL(testDatabaseUrl());
  let proxy: MysqlFaultProxy;
  let admin: Credentials;

  beforeAll(async () => {
    proxy = await MysqlFaultProxy.start(url.hostname, Number(url.port || 3306));
  });
  afterAll(async () => {
    await proxy?.close();
  });
  const { t } = useTestApp(() => {
    const throughProxy = new URL(url);
    throughProxy.hostname = '127.0.0.1';
    throughProxy.port = String(proxy.port);
    return { DATABASE_URL: throughProxy.toString(), REDIS_URL: undefined };
  });
  beforeEach(async () => {
    await t.reset();
    admin = await t.createApp(Permission.ManageTeams, 'admin');
  });

  const teamsNamed = (name: string) => t.dataSource.manager.find(TeamEntity, { where: { name } });

  it('answers 504 (outcome unknown), not 503, when the answer to COMMIT is lost, though the team was saved', async () => {
    proxy.loseCommitAnswerAfter(TEAM_INSERT);
    const response = await t.http.post('/teams/new', { auth: admin, body: { name: 'Lost' } });
    expect(proxy.struck).toBe(true);
    expect(response).toMatchObject({ status: 504, body: COMMIT_LOST });
    expect(response.headers.get('retry-after')).toBeNull();
    expect(await teamsNamed('Lost')).toHaveLength(1);
  });

  it('replays the committed answer to a retry with the same Idempotency-Key: exactly one team', async () => {
    const headers = { 'idempotency-key': 'lost-commit-1' };
    proxy.loseCommitAnswerAfter(TEAM_INSERT);
    const first = await t.http.post('/teams/new', { auth: admin, body: { name: 'Once' }, headers });
    expect(first).toMatchObject({ status: 504, body: COMMIT_LOST });
    const [team] = await teamsNamed('Once');
    const retry = await t.http.post('/teams/new', { auth: admin, body: { name: 'Once' }, headers });
    expect(retry).toMatchObject({ status: 201, body: { id: team.id, name: 'Once' } });
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect(await teamsNamed('Once')).toHaveLength(1);
  });

  it('answers 503 with Retry-After when the connection is lost before the write was sent: nothing saved, a retry writes once', async () => {
    const headers = { 'idempotency-key': 'lost-before-1' };
    proxy.cutBefore(TEAM_INSERT);
    const first = await t.http.post('/teams/new', { auth: admin, body: { name: 'Never' }, headers });
    expect(proxy.struck).toBe(true);
    expect(first).toMatchObject({ status: 503, body: { detail: 'The database is unavailable; retry shortly.' } });
    expect(first.headers.get('retry-after')).toBe('5');
    expect(await teamsNamed('Never')).toHaveLength(0);
    const retry = await t.http.post('/teams/new', { auth: admin, body: { name: 'Never' }, headers });
    expect(retry).toMatchObject({ status: 201, body: { name: 'Never' } });
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
    expect(await teamsNamed('Never')).toHaveLength(1);
  });
});
