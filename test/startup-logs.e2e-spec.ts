import { describe, expect, it } from 'vitest';

import { type Entry, freePort, runEntry } from './support/delivery-processes.js';

/** A log line of the service, parsed. */
interface LogEntry {
  level: number;
  time: number;
  msg: string;
  context?: string;
  err?: { message: string };
}

/** Runs `node <dist>/<entry>` to its end with JSON logs and `env`; every line of its output must be a JSON object. */
async function run(entry: Entry, env: Record<string, string>): Promise<{ code: number | null; entries: LogEntry[] }> {
  const result = await runEntry(entry, [], { LOG_FORMAT: 'json', LOG_LEVEL: 'info', ...env });
  const lines = (result.stdout + result.stderr).split('\n').filter((line) => line !== '');
  expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
  return { code: result.code, entries: lines.map((line) => JSON.parse(line) as LogEntry) };
}

describe('start-up logs an operator can read (LOG_FORMAT=json)', () => {
  it('the API against a closed port: one warning per attempt with the reason, as it happens, then one fatal line and exit 1', async () => {
    const port = await freePort();
    const { code, entries } = await run('main', {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: `mysql://root:secret@127.0.0.1:${port}/accounts`,
      DATABASE_CONNECT_ATTEMPTS: '3',
      REDIS_URL: '',
    });
    expect(code).toBe(1);
    const reason = `connect ECONNREFUSED 127.0.0.1:${port}`;
    expect(entries.map(({ level, context, msg }) => ({ level, context, msg }))).toEqual([
      {
        level: 40,
        context: 'Database',
        msg: `Database at 127.0.0.1:${port}/accounts not reachable (${reason}); attempt 1 of 3, next in 3 s`,
      },
      {
        level: 40,
        context: 'Database',
        msg: `Database at 127.0.0.1:${port}/accounts not reachable (${reason}); attempt 2 of 3, next in 3 s`,
      },
      {
        level: 60,
        context: 'ExceptionHandler',
        msg: `Start-up failed: Cannot open the database at 127.0.0.1:${port}/accounts (3 attempts): ${reason}`,
      },
    ]);
    // Each line is written when its attempt fails, not all at the end.
    expect(entries[1]!.time - entries[0]!.time).toBeGreaterThanOrEqual(2900);
    expect(JSON.stringify(entries)).not.toContain('secret');
  });

  it('the worker against closed ports: the same lines (and one for Redis per reason), exit 1', async () => {
    const port = await freePort();
    const { code, entries } = await run('worker', {
      DATABASE_URL: `mysql://root@127.0.0.1:${port}/accounts`,
      DATABASE_CONNECT_ATTEMPTS: '2',
      REDIS_URL: `redis://127.0.0.1:${await freePort()}`,
    });
    expect(code).toBe(1);
    const redis = entries.filter((entry) => entry.context === 'DeliveryQueue');
    expect(redis.map((entry) => entry.msg)).toEqual([
      expect.stringMatching(/^Redis not reachable \(connect ECONNREFUSED 127\.0\.0\.1:\d+\); the queue keeps trying$/),
    ]);
    expect(entries.filter((entry) => entry.context !== 'DeliveryQueue').map(({ level, msg }) => ({ level, msg }))).toEqual([
      {
        level: 40,
        msg: `Database at 127.0.0.1:${port}/accounts not reachable (connect ECONNREFUSED 127.0.0.1:${port}); attempt 1 of 2, next in 3 s`,
      },
      {
        level: 60,
        msg: `Start-up failed: Cannot open the database at 127.0.0.1:${port}/accounts (2 attempts): connect ECONNREFUSED 127.0.0.1:${port}`,
      },
    ]);
  });

  it('an invalid setting: one fatal JSON line naming it, exit 1', async () => {
    const { code, entries } = await run('main', { PORT: 'abc', DATABASE_URL: 'sqlite::memory:' });
    expect(code).toBe(1);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ level: 60, msg: expect.stringMatching(/^Start-up failed: Invalid configuration:\n {2}PORT: /) });
  });
});
