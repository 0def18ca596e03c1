import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, openSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, it } from 'vitest';

import { AccountEntity } from '../src/accounts/account.entity.js';
import { toStoredAccountId } from '../src/common/account-id.js';
import { AppEntity } from '../src/auth/apps/app.entity.js';
import { SessionEntity } from '../src/auth/sessions/session.entity.js';
import { cliHere } from './support/cli-here.js';
import { databaseUrlOf, entryPath, runEntry } from './support/delivery-processes.js';
import { useTestApp } from './support/use-test-app.js';

describe('operator CLI (docs/api.md#operating)', () => {
  const { t } = useTestApp({}, { resetEach: true });

  /** Runs a CLI command in this process (`cliHere`) against `url` (the app's database by default). */
  const cli = (args: string[], url?: string) => cliHere(args, { DATABASE_URL: url ?? databaseUrlOf(t.config) });
  /** Runs the built binary, `node <dist>/cli.js ...args`, against the app's database. */
  const binary = (args: string[]) => runEntry('cli', args, { DATABASE_URL: databaseUrlOf(t.config) });

  async function createApp(...args: string[]): Promise<{ name: string; permissions: number; username: string; password: string }> {
    const result = await cli(['apps', 'create', ...args, '--json']);
    expect(result).toMatchObject({ code: 0, stderr: '' });
    return JSON.parse(result.stdout);
  }

  describe('apps create', () => {
    it('--all-permissions --json prints credentials holding 95 that work over HTTP (the built binary)', async () => {
      const result = await binary(['apps', 'create', 'admin', '--all-permissions', '--json']);
      expect(result.code).toBe(0);
      const printed = JSON.parse(result.stdout);
      expect(Object.keys(printed)).toEqual(['name', 'permissions', 'username', 'password']);
      expect(printed).toEqual({
        name: 'admin',
        permissions: 95,
        username: expect.stringMatching(/^A[1-9]\d*$/),
        password: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/),
      });
      const me = await t.http.get('/auth/me', { auth: printed });
      expect(me.status).toBe(200);
      expect(me.body).toEqual({ name: 'admin', permissions: 95, username: printed.username });
      expect((await t.http.post('/teams/new', { auth: printed, body: { name: 'Red' } })).status).toBe(201);
    });

    it('--permissions takes a list of names', async () => {
      const app = await createApp('bot', '--permissions', 'manage_teams,manage_awards');
      expect(app).toMatchObject({ name: 'bot', permissions: 72 });
      expect((await t.http.get('/auth/me', { auth: app })).body.permissions).toBe(72);
    });

    it('no permission option: 0', async () => {
      expect((await createApp('plain')).permissions).toBe(0);
    });

    it('without --json prints the credentials for a human', async () => {
      const result = await cli(['apps', 'create', 'human']);
      expect(result.code).toBe(0);
      const [, username, password] = /^username: (A\d+)\npassword: (\S+)\n/.exec(result.stdout) ?? [];
      expect((await t.http.get('/auth/me', { auth: { username, password } })).status).toBe(200);
    });

    it.each([
      [['--permissions', 'fly'], /Unknown permission "fly"/],
      [['--permissions', 'manage_own_team'], /An app cannot hold manage_own_team/],
    ])('%j fails with a message and creates nothing', async (options, message) => {
      const result = await cli(['apps', 'create', 'bad', ...options]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(message);
      expect(await t.dataSource.manager.count(AppEntity)).toBe(0);
    });

    it.each([[''], ['   '], ['x'.repeat(256)]])('the name %j fails with a message and creates nothing', async (name) => {
      const result = await cli(['apps', 'create', name]);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/The app name must have 1 to 255 characters\./);
      expect(await t.dataSource.manager.count(AppEntity)).toBe(0);
    });

    it('trims the name and accepts 255 characters', async () => {
      expect((await createApp(` ${'n'.repeat(255)} `)).name).toBe('n'.repeat(255));
    });

    it('a missing name fails', async () => {
      const result = await cli(['apps', 'create']);
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/missing required argument 'name'/);
    });
  });

  it('apps list and apps view describe apps without their tokens', async () => {
    const admin = await createApp('admin', '--all-permissions');
    const bot = await createApp('bot', '--permissions', 'manage_teams');
    const list = await cli(['apps', 'list']);
    expect(list.code).toBe(0);
    expect(list.stdout).toBe(
      `${admin.username}\tadmin\tpermissions=95 (manage_permissions, manage_account_teams, manage_account_details, manage_teams, authenticate_users, manage_awards)\n` +
        `${bot.username}\tbot\tpermissions=8 (manage_teams)\n`,
    );
    const view = await cli(['apps', 'view', bot.username.slice(1)]);
    expect(view).toEqual({ code: 0, stdout: `${bot.username}\tbot\tpermissions=8 (manage_teams)\n`, stderr: '' });
    expect(list.stdout + view.stdout).not.toContain(bot.password);
  });

  it('apps view of an unknown or malformed id fails', async () => {
    expect(await cli(['apps', 'view', '999'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No app with id 999.') });
    expect(await cli(['apps', 'view', 'abc'])).toMatchObject({ code: 1, stderr: expect.stringContaining('id must be a positive integer') });
  });

  it('apps edit renames, grants and revokes; the change applies over HTTP at once', async () => {
    const bot = await createApp('bot', '--permissions', 'manage_teams,manage_awards');
    const id = bot.username.slice(1);
    const result = await cli([
      'apps',
      'edit',
      id,
      '--grant',
      'manage_permissions,authenticate_users',
      '--revoke',
      'manage_teams',
      '--name',
      'robot',
    ]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`${bot.username}\trobot\tpermissions=81 (manage_permissions, authenticate_users, manage_awards)\n`);
    expect((await t.http.get('/auth/me', { auth: bot })).body).toEqual({ name: 'robot', permissions: 81, username: bot.username });
    expect((await t.http.post('/teams/new', { auth: bot, body: { name: 'x' } })).status).toBe(403);
    expect(await cli(['apps', 'edit', id, '--grant', 'manage_own_team'])).toMatchObject({ code: 1 });
    expect(await cli(['apps', 'edit', id, '--name', ' '])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('The app name must have 1 to 255 characters.'),
    });
    expect((await t.http.get('/auth/me', { auth: bot })).body.name).toBe('robot');
    expect(await cli(['apps', 'edit', '999', '--name', 'x'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No app with id 999.'),
    });
  });

  it('apps reset-token --json prints new credentials; the old token stops working', async () => {
    const bot = await createApp('bot', '--permissions', 'manage_teams');
    const result = await cli(['apps', 'reset-token', bot.username.slice(1), '--json']);
    expect(result.code).toBe(0);
    const fresh = JSON.parse(result.stdout);
    expect(fresh).toEqual({ name: 'bot', permissions: 8, username: bot.username, password: expect.stringMatching(/^[A-Za-z0-9_-]{43,}$/) });
    expect(fresh.password).not.toBe(bot.password);
    expect((await t.http.get('/auth/me', { auth: bot })).status).toBe(401);
    expect((await t.http.get('/auth/me', { auth: fresh })).status).toBe(200);
    expect(await cli(['apps', 'reset-token', '999'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No app with id 999.') });
  });

  it('apps delete removes the app; its token stops working', async () => {
    const bot = await createApp('bot');
    const id = bot.username.slice(1);
    expect(await cli(['apps', 'delete', id])).toEqual({ code: 0, stdout: `Deleted app ${bot.username}.\n`, stderr: '' });
    expect((await t.http.get('/auth/me', { auth: bot })).status).toBe(401);
    expect(await cli(['apps', 'delete', id])).toMatchObject({ code: 1, stderr: expect.stringContaining(`No app with id ${id}.`) });
  });

  it('callbacks rate-limit sets what PUT /callback sets, callbacks list shows it; bad arguments fail and change nothing', async () => {
    const bot = await createApp('bot');
    const id = bot.username.slice(1);
    const put = await t.http.put('/callback/account_team_update', {
      auth: bot,
      body: { url: 'https://hooks.example.com/a', secret: 's' },
    });
    expect(put.status).toBe(200);
    expect(await cli(['callbacks', 'rate-limit', id, 'account_team_update', '5'])).toEqual({
      code: 0,
      stdout: 'account_team_update\thttps://hooks.example.com/a\trate_limit=5/s\tenabled\n',
      stderr: '',
    });
    expect((await t.http.get('/callback/account_team_update', { auth: bot })).body.rate_limit).toBe(5);
    for (const [args, message] of [
      [[id, 'account_team_update', '0'], 'the rate limit must be an integer from 1 to 10000, or none; got "0".'],
      [[id, 'account_team_update', '10001'], 'the rate limit must be an integer from 1 to 10000, or none; got "10001".'],
      [[id, 'nothing', '5'], 'event must be one of account_team_update, got "nothing".'],
    ] as const) {
      expect(await cli(['callbacks', 'rate-limit', ...args])).toMatchObject({ code: 1, stderr: expect.stringContaining(message) });
    }
    expect(await cli(['callbacks', 'list', id])).toEqual({
      code: 0,
      stdout: 'account_team_update\thttps://hooks.example.com/a\trate_limit=5/s\tenabled\n',
      stderr: '',
    });
    expect(await cli(['callbacks', 'rate-limit', id, 'account_team_update', 'none'])).toMatchObject({
      code: 0,
      stdout: 'account_team_update\thttps://hooks.example.com/a\trate_limit=none\tenabled\n',
    });
    expect((await t.http.get('/callback/account_team_update', { auth: bot })).body.rate_limit).toBeNull();
    const other = (await createApp('other')).username.slice(1);
    expect(await cli(['callbacks', 'rate-limit', other, 'account_team_update', '5'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('No callback is registered for account_team_update.'),
    });
  }, 120_000);

  it('accounts superuser grants every account permission (111)', async () => {
    await t.insertAccount({ id: '18446744073709551615', permissions: 2 });
    const result = await cli(['accounts', 'superuser', '18446744073709551615']);
    expect(result).toEqual({ code: 0, stdout: 'Account 18446744073709551615 now holds every permission (111).\n', stderr: '' });
    expect((await t.http.get('/account/18446744073709551615')).body.permissions).toBe(111);
    expect(await cli(['accounts', 'superuser', '5'])).toMatchObject({ code: 1, stderr: expect.stringContaining('No account with id 5.') });
    expect(await cli(['accounts', 'superuser', 'x'])).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('"x" is not an account id.'),
    });
  });

  it('sessions prune deletes expired sessions only', async () => {
    await t.insertAccount({ id: '5' });
    const live = await t.login('5');
    const stale = await t.login('5');
    await t.dataSource.manager.update(SessionEntity, { id: Number(stale.username.slice(1)) }, { expiresAt: Date.now() / 1000 - 10 });
    expect(await cli(['sessions', 'prune'])).toEqual({ code: 0, stdout: 'Deleted 1 expired session(s).\n', stderr: '' });
    expect(await t.dataSource.manager.count(SessionEntity)).toBe(1);
    expect((await t.http.get('/auth/me', { auth: live })).status).toBe(200);
    expect(await cli(['sessions', 'prune'])).toMatchObject({ code: 0, stdout: 'Deleted 0 expired session(s).\n' });
    expect(await t.dataSource.manager.countBy(AccountEntity, { id: toStoredAccountId('5') })).toBe(1);
  });

  it('migrations run applies every migration to an empty database, then has nothing to do', async () => {
    const fresh = `sqlite:${join(tmpdir(), `cli-migrations-${randomBytes(4).toString('hex')}.sqlite`)}`;
    const first = await cli(['migrations', 'run'], fresh);
    expect(first.code).toBe(0);
    const names = t.dataSource.migrations.map((migration) => migration.name);
    expect(first.stdout).toBe(`Applied: ${names.join(', ')}\n`);
    // Nothing else: no warning about tables a fresh database does not have yet.
    expect(first.stderr).toBe('');
    expect(await cli(['migrations', 'run'], fresh)).toMatchObject({ code: 0, stdout: 'No pending migrations.\n' });
    const app = await cli(['apps', 'create', 'x', '--json'], fresh);
    expect(app.code).toBe(0);
  });

  it('migrations run with LOG_FORMAT=json writes JSON lines only, and no warning, on a fresh database', async () => {
    const fresh = `sqlite:${join(tmpdir(), `cli-migrations-json-${randomBytes(4).toString('hex')}.sqlite`)}`;
    const run = () => runEntry('cli', ['migrations', 'run'], { DATABASE_URL: fresh, LOG_FORMAT: 'json', LOG_LEVEL: 'debug' });
    const first = await run();
    expect(first.code).toBe(0);
    const lines = (text: string) => text.split('\n').filter((line) => line !== '');
    const parsed = [...lines(first.stdout), ...lines(first.stderr)].map((line) => JSON.parse(line));
    const names = t.dataSource.migrations.map((migration) => migration.name);
    expect(parsed).toEqual([
      expect.objectContaining({
        level: 30,
        service: 'accounts-service',
        context: 'Migrations',
        msg: `Applied: ${names.join(', ')}`,
        migrations: names,
      }),
    ]);
    expect(first.stderr).toBe('');
    const second = await run();
    expect(second.code).toBe(0);
    expect(lines(second.stdout).map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: 30, context: 'Migrations', msg: 'No pending migrations.', migrations: [] }),
    ]);
    expect(second.stderr).toBe('');
  });

  it('a failing command with LOG_FORMAT=json reports its error as a JSON line', async () => {
    const result = await runEntry('cli', ['migrations', 'run'], {
      DATABASE_URL: 'mysql://nobody@127.0.0.1:1/none',
      DATABASE_CONNECT_ATTEMPTS: '1',
      LOG_FORMAT: 'json',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    const lines = result.stderr
      .split('\n')
      .filter((line) => line !== '')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      context: 'cli',
      msg: expect.stringContaining('Cannot open the database at 127.0.0.1:1/none'),
    });
    expect(lines.every((line) => typeof line.msg === 'string' && typeof line.level === 'number')).toBe(true);
  });

  it('migrations run on the test database has nothing to do', async () => {
    expect(await cli(['migrations', 'run'])).toEqual({ code: 0, stdout: 'No pending migrations.\n', stderr: '' });
  });

  it('the built binary exits 0 when its standard output cannot be written (a closed pipe, a full disk)', async () => {
    await t.createApp(0, 'listed');
    const full = openSync('/dev/full', 'w');
    try {
      const child = spawnSync(process.execPath, [entryPath('cli'), 'apps', 'list'], {
        env: { ...process.env, DATABASE_URL: databaseUrlOf(t.config) },
        stdio: ['ignore', full, 'pipe'],
        encoding: 'utf8',
      });
      expect({ status: child.status, stderr: child.stderr }).toEqual({ status: 0, stderr: '' });
    } finally {
      closeSync(full);
    }
  });

  it("an unknown command fails once, with commander's message, in the built binary and in process", async () => {
    for (const result of [await binary(['bogus']), await cli(['bogus'])]) {
      expect(result).toEqual({ code: 1, stdout: '', stderr: "error: unknown command 'bogus'\n" });
    }
  });
});
