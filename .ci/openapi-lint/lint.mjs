// The committed openapi.json under two OpenAPI linters, each of which must report no error and no warning:
// Redocly's `recommended` ruleset and Spectral's `spectral:oas` (spectral.yaml beside this file). Run from
// .ci/run after `npm ci` here; with the Node that runs this script (.ci/run passes Node 24's):
//   node .ci/openapi-lint/lint.mjs [document]     (default: openapi.json at the top of the repository)
// Neither linter needs the network: Redocly's telemetry and update check are turned off, and the rulesets
// are the packages' own.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const document = resolve(process.argv[2] ?? join(here, '../../openapi.json'));
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };

const linters = [
  {
    name: "Redocly's recommended ruleset",
    args: [join(here, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', '--extends=recommended', '--max-problems=200', document],
    // Redocly's exit status counts errors only: a warning fails this check too.
    clean: (output) => /Your API description is valid/.test(output) && !/You have \d+ warning/.test(output),
  },
  {
    name: "Spectral's spectral:oas",
    args: [
      join(here, 'node_modules/@stoplight/spectral-cli/dist/index.js'),
      'lint',
      '--ruleset',
      join(here, 'spectral.yaml'),
      '--fail-severity=warn',
      document,
    ],
    clean: (output) => /No results with a severity of 'warn' or higher found/.test(output),
  },
];

let failed = false;
for (const linter of linters) {
  const run = spawnSync(process.execPath, linter.args, { env, encoding: 'utf8', cwd: here });
  const output = `${run.stdout}${run.stderr}`;
  const clean = run.status === 0 && linter.clean(output);
  console.log(`${linter.name}: ${clean ? 'no errors, no warnings' : 'FAILED'}`);
  if (!clean) {
    console.log(output);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
