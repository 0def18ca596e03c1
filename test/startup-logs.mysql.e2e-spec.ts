import { describe, expect, it } from 'vitest';

import { freePort, runEntry } from './support/delivery-processes.js';
import { testDatabaseUrl } from './support/test-database.js';

describe('start-up against MySQL/MariaDB with a wrong password (LOG_FORMAT=json)', () => {
  it('logs one fatal JSON line with the server’s reason, without retrying, and exits 1', async () => {
    const url = new URL(testDatabaseUrl());
    url.password = 'certainly-not-the-password';
    const result = await runEntry('main', [], {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATABASE_URL: url.toString(),
      REDIS_URL: '',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });
    expect(result.code).toBe(1);
    const lines = (result.stdout + result.stderr).split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: 60,
      msg: expect.stringMatching(
        new RegExp(`^Start-up failed: Cannot open the database at ${url.host}${url.pathname}: Access denied for user '${url.username}'@`),
      ),
    });
    expect(lines[0]).not.toContain('certainly-not-the-password');
  });
});
