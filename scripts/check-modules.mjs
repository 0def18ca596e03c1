#!/usr/bin/env node
// Lint step (first in `npm run lint`): fails with one message per problem when a folder directly under src/
// is in no layer of scripts/layers.cjs (a new feature missing from FEATURES), or when the architecture's table
// list (docs/architecture.md#tables) disagrees with TABLE_OWNERS (eslint.config.js). The rest of a table's
// ownership (an owner for every table an entity or a migration creates, SQL and entities only in the owner) is
// the ESLint rule `local/table-ownership`.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

import { TABLE_OWNERS } from '../eslint.config.js';
import { layerProblems, tableListProblems } from './module-checks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const { ROOTS, INFRASTRUCTURE, FEATURES, READ_MODEL, COMMON, NO_CODE } = createRequire(import.meta.url)('./layers.cjs');

const folders = readdirSync(`${ROOT}src`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const problems = [
  ...layerProblems(folders, { ROOTS, INFRASTRUCTURE, FEATURES, READ_MODEL, COMMON, NO_CODE }),
  ...tableListProblems(readFileSync(`${ROOT}docs/architecture.md`, 'utf8'), TABLE_OWNERS),
];
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
