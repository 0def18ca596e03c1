import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestProcess } from './support/child-process.js';
import { useProcesses } from './support/delivery-processes.js';
import { FakeIdp } from './support/fake-idp.js';
import type { HttpClient } from './support/http-client.js';

describe('graceful shutdown of the built API on SIGTERM', () => {
  let idp: FakeIdp;
  let api: TestProcess;
  let http: HttpClient;

  beforeAll(async () => {
    idp = await FakeIdp.start();
  });
  afterAll(async () => {
    await idp.close();
  });
  const processes = useProcesses();
  beforeAll(async () => {
    ({ process: api, http } = await processes.api({ IDP_API_URL: idp.apiUrl, LOG_FORMAT: 'json' }));
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
