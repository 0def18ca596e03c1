import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { freePort, runEntry, startApi } from './support/delivery-processes.js';

import { sqliteDriver } from '../src/database/sqlite-driver.js';

const Database = sqliteDriver();

/** The tables of the SQLite file at `path`. */
function tables(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .all()
      .map((row) => (row as { name: string }).name);
  } finally {
    db.close();
  }
}

/** MIGRATIONS_AT_START=check (docs/operations.md#migrations): the processes check the schema and leave migrating to the CLI. */
describe('MIGRATIONS_AT_START=check', () => {
  let directory: string | undefined;
  afterEach(() => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it(
    'the API refuses to start on a schema that is behind, naming the pending migrations, and changes nothing; once the CLI has migrated, it starts',
    { timeout: 180_000 },
    async () => {
      directory = mkdtempSync(join(tmpdir(), 'migrations-at-start-'));
      const path = join(directory, 'db.sqlite');
      const env = { DATABASE_URL: `sqlite:${path}`, MIGRATIONS_AT_START: 'check', REDIS_URL: '', LOG_FORMAT: 'json', LOG_LEVEL: 'info' };

      const refused = await runEntry('main', [], { ...env, PORT: String(await freePort()), HOST: '127.0.0.1' });
      expect(refused.code).toBe(1);
      const fatal = (refused.stdout + refused.stderr)
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((entry) => entry.level === 60);
      expect(fatal.map((entry) => entry.msg)).toEqual([
        expect.stringMatching(
          /^Start-up failed: The database schema is behind this release: \d+ migration\(s\) pending \(CoreSchema1763800000000, .+\)\. MIGRATIONS_AT_START=check: run them with `node dist\/cli\.js migrations run`/,
        ),
      ]);
      expect(tables(path)).toEqual([]);

      const migrated = await runEntry('cli', ['migrations', 'run'], env);
      expect(migrated.code).toBe(0);
      // With LOG_FORMAT=json the CLI writes JSON lines only (docs/operations.md#health-metrics-logs-api-document).
      const messages = migrated.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => (JSON.parse(line) as { msg: string }).msg);
      expect(messages).toEqual([expect.stringMatching(/^Applied: CoreSchema1763800000000, /)]);

      const api = await startApi(env);
      try {
        expect((await api.http.get('/health/ready')).status).toBe(200);
      } finally {
        await api.process.stop();
      }
    },
  );

  it('rejects any other value at start, naming the variable', { timeout: 60_000 }, async () => {
    const result = await runEntry('main', [], { DATABASE_URL: 'sqlite::memory:', MIGRATIONS_AT_START: 'yes', LOG_FORMAT: 'json' });
    expect(result.code).toBe(1);
    expect(result.stdout + result.stderr).toContain('MIGRATIONS_AT_START: MIGRATIONS_AT_START must be apply or check');
  });
});
