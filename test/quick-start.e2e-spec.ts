import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { TestProcess } from './support/child-process.js';
import { startApi } from './support/delivery-processes.js';

/** `node dist/main.js` on a fresh SQLite file in `dir`, on a terminal or not, with its default log format. */
async function startOnFreshDatabase(dir: string, options: { terminal: boolean; env?: Record<string, string> }): Promise<TestProcess> {
  const env = { DATABASE_URL: `sqlite:${join(dir, `${randomBytes(4).toString('hex')}.sqlite`)}`, LOG_FORMAT: '', ...options.env };
  return (await startApi(env, { name: options.terminal ? 'api (terminal)' : 'api (pipe)', terminal: options.terminal })).process;
}

/** The quick start as a person sees it (README): readable lines on a terminal, JSON lines otherwise. */
describe('the quick start', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quick-start-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('on a terminal: one readable line per entry, and a start line with the URL, /docs and the first step', async () => {
    const api = await startOnFreshDatabase(dir, { terminal: true });
    await api.stop();
    const lines = api.output
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '');
    expect(lines.filter((line) => line.trim().startsWith('{'))).toEqual([]);
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: \[Main\] Accounts service on http:\/\/127\.0\.0\.1:\d+ \(API document: http:\/\/127\.0\.0\.1:\d+\/docs\); no app yet, create one with: npm run cli -- apps create admin --all-permissions$/,
      ),
    );
    // Then what the process uses: its role, the database, no Redis, no tracing.
    expect(lines).toContainEqual(
      expect.stringMatching(
        /^\[[\d:.]+\] INFO: \[Main\] Role api: database SQLite \S+, no Redis \(deliveries in this process\); tracing off$/,
      ),
    );
    // Nest's own start-up lines (modules, routes) stay out of a person's way at info.
    expect(lines.filter((line) => /InstanceLoader|RouterExplorer|RoutesResolver/.test(line))).toEqual([]);
  });

  it('without a terminal, or with LOG_FORMAT=json: JSON lines', async () => {
    for (const api of [
      await startOnFreshDatabase(dir, { terminal: false }),
      await startOnFreshDatabase(dir, { terminal: true, env: { LOG_FORMAT: 'json' } }),
    ]) {
      await api.stop();
      // `script` adds its own words when it is stopped.
      const lines = api.output.split(/\r?\n/).filter((line) => line.trim() !== '' && !/^Session terminated|killed\.?$/.test(line.trim()));
      const entries = lines.map((line) => JSON.parse(line) as { context?: string; msg: string });
      expect(entries.find((entry) => entry.context === 'Main')?.msg).toMatch(
        /^Accounts service on http:\/\/127\.0\.0\.1:\d+ \(API document: http:\/\/127\.0\.0\.1:\d+\/docs\); no app yet/,
      );
    }
  });
});
