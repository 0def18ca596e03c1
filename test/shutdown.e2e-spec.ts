import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestProcess } from './support/child-process.js';
import { DIST_DIR, freePort } from './support/delivery-processes.js';
import { FakeIdp } from './support/fake-idp.js';
import { HttpClient } from './support/http-client.js';
import { testDatabaseUrl } from './support/test-database.js';

describe('graceful shutdown of the built API on SIGTERM', () => {
  let idp: FakeIdp;
  let api: TestProcess;
  let http: HttpClient;

  beforeAll(async () => {
    idp = await FakeIdp.start();
    const port = await freePort();
    api = await TestProcess.start('api', process.execPath, [join(DIST_DIR, 'main.js')], {
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: testDatabaseUrl(),
        REDIS_URL: '',
        IDP_API_URL: idp.apiUrl,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
      },
      ready: 'Accounts service on',
    });
    http = new HttpClient(`http://127.0.0.1:${port}`);
  });
  afterAll(async () => {
    await api.stop('SIGKILL');
    await idp.close();
  });

  it('finishes the request in flight, then stops', async () => {
    const token = idp.token({ ...FakeIdp.userAnswer({ id: '777', username: 'late', discriminator: '0003', avatar: null }), delayMs: 800 });
    const inFlight = http.post('/auth/idp', { body: { token } });
    while (idp.requestsWith(token).length === 0) await new Promise((done) => setTimeout(done, 10));

    const exited = api.stop('SIGTERM');
    const response = await inFlight;
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      username: expect.stringMatching(/^S\d+$/),
      password: expect.any(String),
      expires_at: expect.any(Number),
    });

    // Nest re-raises the signal once its shutdown hooks have run.
    expect(await exited).toBeNull();
    expect(api.child.signalCode).toBe('SIGTERM');
    expect(
      await http.get('/health/live').then(
        () => 'answered',
        () => 'refused',
      ),
    ).toBe('refused');
    // Every log line is JSON, and the shutdown left no error behind.
    const lines = api.output.split('\n').filter((line) => line !== '');
    expect(lines.filter((line) => !line.startsWith('{'))).toEqual([]);
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.filter((entry) => entry.level >= 50)).toEqual([]);
    // It says when it starts shutting down and when it stopped, with what it waited for.
    const shutdown = entries.filter((entry) => entry.context === 'Shutdown');
    expect(shutdown).toEqual([
      expect.objectContaining({
        level: 30,
        signal: 'SIGTERM',
        inFlight: { requests: 1, deliveries: 0 },
        msg: 'Shutting down (SIGTERM): finishing 1 request in flight',
      }),
      expect.objectContaining({
        level: 30,
        signal: 'SIGTERM',
        inFlight: { requests: 1, deliveries: 0 },
        msg: expect.stringMatching(/^Stopped after \d+ ms: finished 1 request$/),
      }),
    ]);
    expect(entries.indexOf(shutdown[0])).toBeLessThan(
      entries.findIndex((entry) => entry.reqId !== undefined && entry.req?.url === '/auth/idp'),
    );
  });
});
