import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { runProcess, TestProcess } from './support/child-process.js';
import { type ApiProcess, freePort, startApi } from './support/delivery-processes.js';

const ACCOUNT = '80351110224678912';

/** The text of the section under `heading` (up to the next `## `) in README.md or, if it moved, in docs/. */
async function section(heading: string): Promise<string> {
  const files = ['README.md', ...(await readdir('docs')).filter((file) => file.endsWith('.md')).map((file) => join('docs', file))];
  for (const file of files) {
    const text = await readFile(file, 'utf8');
    const start = text.indexOf(`\n${heading}\n`);
    if (start < 0) continue;
    const end = text.indexOf('\n## ', start + heading.length + 2);
    return text.slice(start, end < 0 ? undefined : end);
  }
  throw new Error(`no section "${heading}" in README.md or docs/`);
}

/** The ```sh blocks of a section, in order. */
function shellBlocks(text: string): string[] {
  return [...text.matchAll(/```sh\n([\s\S]*?)```/g)].map((match) => match[1]);
}

/** Replaces every `from` in `text` (there must be one at least): the only changes made to the README's lines. */
function substitute(text: string, from: string, to: string): string {
  expect(text, `the walk-through no longer says ${from}`).toContain(from);
  return text.replaceAll(from, to);
}

/**
 * The README's walk-through as a reader pastes it, line by line: the receiver one-liner, then every command of the
 * walk-through and of "Debugging your webhooks" in one bash, against the built API on a fresh SQLite file. The only
 * changes: the API's and the receiver's ports (3000 and 3999 may be taken on this machine). curl is wrapped to
 * report each answer's status on standard error.
 */
describe('README walk-through', () => {
  let dir: string;
  let api: ApiProcess;
  let receiver: TestProcess;
  let receiverPort: number;
  let env: Record<string, string>;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'walkthrough-'));
    const walkthrough = await section('## Walk-through');
    expect(walkthrough).toContain('`CALLBACK_ALLOW_PRIVATE_NETWORKS=true npm start`');
    env = { DATABASE_URL: `sqlite:${join(dir, `${randomBytes(4).toString('hex')}.sqlite`)}`, LOG_FORMAT: 'json' };
    // `npm start` builds, then runs node dist/main.js; the suite has built already.
    api = await startApi({ ...env, CALLBACK_ALLOW_PRIVATE_NETWORKS: 'true' });
    receiverPort = await freePort();
    const [receiverLine] = shellBlocks(walkthrough);
    receiver = await TestProcess.start('walk-through receiver', 'bash', ['-c', substitute(receiverLine, '3999', String(receiverPort))], {
      ready: /^/,
    });
    await vi.waitFor(
      () =>
        new Promise<void>((resolve, reject) => {
          const socket = connect(receiverPort, '127.0.0.1', () => socket.end(resolve)).on('error', reject);
        }),
      { timeout: 10_000, interval: 100 },
    );
  });

  afterAll(async () => {
    await receiver?.stop();
    await api?.process.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('runs as written: every answer as it says, the receiver gets the team change, the delivery log shows it', async () => {
    const [, commands] = shellBlocks(await section('## Walk-through'));
    const [debugging] = shellBlocks(await section('## Debugging your webhooks'));
    // The spelling the README teaches; the one-c alias is only mentioned.
    expect(commands).toContain('-X POST $BASE/accounts/new');
    expect(commands).not.toContain('-X POST $BASE/acounts/new');
    const base = api.http.baseUrl;
    const script = `${substitute(substitute(commands, 'http://localhost:3000', base), '3999', String(receiverPort))}\n${debugging}`;
    const wrapped = `set -eu\ncurl() { command curl --write-out '\\n%{stderr}HTTP %{http_code}\\n' "$@"; }\n${script}`;
    const { code, stdout, stderr } = await runProcess('bash', ['-c', wrapped], { ...env, APP_USER: undefined, APP_PASS: undefined });
    expect({ code, stderr: stderr.split('\n').filter((line) => !/^HTTP \d{3}$/.test(line) && line !== '') }).toEqual({
      code: 0,
      stderr: [],
    });
    expect(stderr.match(/^HTTP \d{3}$/gm)).toEqual([
      'HTTP 201', // teams/new
      'HTTP 201', // accounts/new
      'HTTP 200', // search
      'HTTP 200', // patch
      'HTTP 201', // create_session
      'HTTP 200', // auth/me
      'HTTP 200', // leave the team
      'HTTP 200', // put callback
      'HTTP 200', // callbacks
      'HTTP 200', // join the team
      'HTTP 204', // delete callback
      'HTTP 200', // deliveries?status=failed
      'HTTP 200', // deliveries/1
    ]);
    const lines = stdout.split('\n').filter((line) => line !== '');
    const json = lines.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, any>);
    expect(json[0]).toMatchObject({ id: 1, name: 'Red', member_count: 0 });
    expect(json[1]).toMatchObject({ id: ACCOUNT, name: 'Ann', team: { id: 1, name: 'Red' } });
    expect(json[2]).toMatchObject({ page: 0, per_page: 5, pages: 1, results: 1, data: [{ id: ACCOUNT }] });
    expect(json[3]).toMatchObject({ id: ACCOUNT, name: 'Annie', permissions: 32 });
    expect(json[4]).toMatchObject({ id: ACCOUNT, name: 'Annie' });
    expect(json[5]).toMatchObject({ id: ACCOUNT, team: null });
    expect(json[6]).toMatchObject({ event: 'account_team_update', url: `http://127.0.0.1:${receiverPort}/hook`, disabled: false });
    expect(json[7]).toEqual({ callbacks: { account_team_update: `http://127.0.0.1:${receiverPort}/hook` } });
    expect(json[8]).toMatchObject({ id: ACCOUNT, team: { id: 1 } });
    expect(lines.filter((line) => line.startsWith('#'))).toEqual([
      expect.stringMatching(/^#1\tsucceeded\tevent=account_team_update\tapp=A1\tattempts=1\tlast_status=204\t/),
    ]);
    expect(json[9]).toEqual({ page: 0, per_page: 20, pages: 0, results: 0, has_more: false, data: [] });
    expect(json[10]).toMatchObject({
      id: '1',
      status: 'succeeded',
      payload: { account: { id: ACCOUNT, name: 'Annie' }, team: { id: 1, name: 'Red' } },
      attempt_log: [{ attempt: 1, response_status: 204 }],
    });
    expect(json).toHaveLength(11);
    const received = receiver.output.split('\n').filter((line) => line !== '');
    expect(received).toEqual([expect.stringMatching(new RegExp(`^msg_[0-9a-f]{32} \\{"account":\\{"id":"${ACCOUNT}"`))]);
  }, 120_000);

  it('a password left empty (a variable unset in this terminal) is a 401 that says the password is missing', async () => {
    const { stdout } = await runProcess('bash', ['-c', `curl -s -u "A1:$APP_PASS" ${api.http.baseUrl}/callbacks`], { APP_PASS: '' });
    expect(JSON.parse(stdout)).toEqual({
      detail: 'Malformed credentials: the password (token) is missing; use HTTP Basic with A<app id> or S<session id> and its token.',
    });
  });
});
