#!/usr/bin/env node
// Lint step (first in `npm run lint`): fails with one message per problem when a folder directly under src/
// has code but no manifest (src/<folder>/feature.ts), when a manifest is wrong (scripts/features.cjs), or when
// the architecture's table list (docs/architecture.md#tables) disagrees with the manifests' tables. The rest of a
// table's ownership (an owner for every table an entity or a migration creates, SQL and entities only in the
// owner) is the ESLint rule `local/table-ownership`; the layers and imports are .dependency-cruiser.cjs's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import features from './features.cjs';
import { tableListProblems } from './module-checks.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const { problems } = features.readManifests(ROOT);
if (problems.length === 0)
  problems.push(...tableListProblems(readFileSync(`${ROOT}docs/architecture.md`, 'utf8'), features.tableOwners(ROOT)));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
}
