// `npm run fuzz -- --runs N --seed S`: the API fuzzer of test/api-fuzz.e2e-spec.ts, longer
// than `npm test` runs it (240 requests, a fixed seed). Uses TEST_DATABASE_URL (a MariaDB/MySQL database named ..._test,
// or a fresh SQLite file when unset). A failure prints its seed and the shrunk request.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5000' },
    seed: { type: 'string', default: String(Date.now() % 2 ** 31) },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`npm run fuzz -- [--runs N] [--seed S]
  --runs N  generated requests (default 5000); bodies include schema objects, odd JSON,
            thousands of keys and long strings
  --seed S  fast-check seed (default: from the clock); a failure prints it
Database: DATABASE_URL (mysql://... for MariaDB/MySQL; unset: the embedded SQLite file).`);
  process.exit(0);
}
delete values.help;
for (const [name, value] of Object.entries(values)) {
  if (!/^\d+$/.test(value)) {
    console.error(`--${name} must be a non-negative integer, not ${JSON.stringify(value)}`);
    process.exit(2);
  }
}
console.log(`fuzzing: ${values.runs} requests, seed ${values.seed}`);
const result = spawnSync('npx', ['vitest', 'run', 'test/api-fuzz.e2e-spec.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: values.runs, FUZZ_SEED: values.seed },
});
process.exit(result.status ?? 1);
