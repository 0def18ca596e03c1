import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { TestProcess } from './support/child-process.js';
import { DIST_DIR, freePort } from './support/delivery-processes.js';

/** `node dist/main.js` on a fresh SQLite file, on a terminal (util-linux `script` gives it one) or not. */
async function startApi(dir: string, options: { terminal: boolean; env?: Record<string, string> }): Promise<TestProcess> {
  const port = await freePort();
  const env = {
    DATABASE_URL: `sqlite:${join(dir, `${port}.sqlite`)}`,
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: '',
    LOG_LEVEL: 'info',
    LOG_FORMAT: '',
    ...options.env,
  };
  const main = resolve(DIST_DIR, 'main.js');
  return options.terminal
    ? TestProcess.start('api (terminal)', 'script', ['-qfec', `${process.execPath} ${main}`, '/dev/null'], { env, ready: '/docs)' })
    : TestProcess.start('api (pipe)', process.execPath, [main], { env, ready: '/docs)' });
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
    const api = await startApi(dir, { terminal: true });
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
    // Nest's own start-up lines (modules, routes) stay out of a person's way at info.
    expect(lines.filter((line) => /InstanceLoader|RouterExplorer|RoutesResolver/.test(line))).toEqual([]);
  });

  it('without a terminal, or with LOG_FORMAT=json: JSON lines', async () => {
    for (const api of [await startApi(dir, { terminal: false }), await startApi(dir, { terminal: true, env: { LOG_FORMAT: 'json' } })]) {
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
