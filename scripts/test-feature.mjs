#!/usr/bin/env node
// One feature's tests, in seconds: `npm run test:feature -- <feature> [<feature>...] [vitest options]`, e.g.
// `npm run test:feature -- teams` or `npm run test:feature -- delivery --reporter=verbose`.
//
// A feature is a folder of src/ (src/teams). Its tests: every src/<feature>/**/*.spec.ts, and the e2e files of
// test/ whose name starts with the feature's name, in the singular or the plural, followed by "-" or "." (teams:
// teams.e2e-spec.ts, team-name-grams.mysql.e2e-spec.ts; delivery: delivery-*.e2e-spec.ts, deliveries-*.e2e-spec.ts).
// Suites needing MariaDB or Redis run only with TEST_DATABASE_URL / TEST_REDIS_URL, as with `npm test`.
//
// No build first (`npm test` builds): the e2e files that start the built service (the CLI, workers) use dist/, which
// is built here only when missing; when src/ has changed since, a line says so.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const args = process.argv.slice(2);
const features = args.filter((arg) => !arg.startsWith('-'));
const options = args.filter((arg) => arg.startsWith('-'));
const known = readdirSync('src', { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

if (features.length === 0 || features.some((feature) => !known.includes(feature))) {
  const unknown = features.filter((feature) => !known.includes(feature));
  if (unknown.length > 0) console.error(`Not a feature (a folder of src/): ${unknown.join(', ')}`);
  console.error(`Usage: npm run test:feature -- <feature> [<feature>...] [vitest options]\nFeatures: ${known.join(', ')}`);
  process.exit(2);
}

/** The spellings of a feature's name that start its e2e files: as written, singular and plural. */
function spellings(feature) {
  const singular = feature.endsWith('ies') ? `${feature.slice(0, -3)}y` : feature.endsWith('s') ? feature.slice(0, -1) : feature;
  const plural = singular.endsWith('y') ? `${singular.slice(0, -1)}ies` : `${singular}s`;
  return [...new Set([feature, singular, plural])];
}

/** Every file under `dir` whose name ends in `suffix`. */
function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

const files = features.flatMap((feature) => {
  const names = spellings(feature);
  const e2e = readdirSync('test')
    .filter(
      (name) =>
        name.endsWith('.e2e-spec.ts') && names.some((spelling) => name.startsWith(`${spelling}-`) || name.startsWith(`${spelling}.`)),
    )
    .map((name) => join('test', name));
  return [...filesUnder(join('src', feature), '.spec.ts'), ...e2e];
});
if (files.length === 0) {
  console.error(`No tests for ${features.join(', ')}`);
  process.exit(1);
}

const run = (command, commandArgs) => spawnSync(command, commandArgs, { stdio: 'inherit' }).status ?? 1;
if (!existsSync('dist/main.js')) {
  console.log('dist/ is missing: npm run build');
  const status = run('npm', ['run', 'build']);
  if (status !== 0) process.exit(status);
} else {
  const built = statSync('dist/main.js').mtimeMs;
  const changed = filesUnder('src', '.ts').some((file) => statSync(file).mtimeMs > built);
  if (changed) console.log('Note: src/ changed since dist/ was built; the tests that start the built service use dist/ (npm run build).');
}
console.log(`${files.length} files: ${files.join(' ')}`);
process.exit(run(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', ...files, ...options]));
