#!/usr/bin/env node
// Lint step: fails when code, tests or documents cite a document outside the repository
// ("contract §8", "interface §4.4", a `shared/spec/...` path, a bare "§8" in README.md or
// docs/). Cite docs/api.md#<anchor> instead; `node scripts/cite-docs.mjs` rewrites them.
import { fileURLToPath } from 'node:url';
import { citationsIn, read, scannedFiles } from './citations.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const found = [];
for (const file of scannedFiles(ROOT)) {
  for (const [line, text] of citationsIn(file, read(ROOT, file))) found.push(`${file}:${line}: ${text}`);
}
if (found.length) {
  console.error(`Citations of documents outside the repository (run: node scripts/cite-docs.mjs):\n${found.join('\n')}`);
  process.exitCode = 1;
}
