// Reads vitest's JSON results and prints "N passed, N failed"; exits non-zero
// when the file cannot be read, when a test failed or was skipped, or when a
// suite on disk (src/**/*.spec.ts, test/**/*.e2e-spec.ts) did not run at all,
// so that a suite left out (say, for a missing TEST_DATABASE_URL) cannot pass as green.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const [resultsFile] = process.argv.slice(2);
let results;
try {
  results = JSON.parse(readFileSync(resultsFile, 'utf8'));
} catch (error) {
  console.log(`0 passed, 1 failed (test results unreadable: ${error.message})`);
  process.exit(1);
}

function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => relative('.', join(entry.parentPath ?? entry.path, entry.name)));
}

const expected = [...filesUnder('src', '.spec.ts'), ...filesUnder('test', '.e2e-spec.ts')].sort();
const ran = new Set(results.testResults.map((suite) => relative('.', suite.name)));
const missing = expected.filter((file) => !ran.has(file));
const skipped = results.numPendingTests + results.numTodoTests;
console.log(`${results.numPassedTests} passed, ${results.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ''));
if (missing.length > 0) console.log(`suites that did not run (${missing.length}): ${missing.join(', ')}`);
process.exit(results.numFailedTests > 0 || skipped > 0 || missing.length > 0 || !results.success ? 1 : 0);
