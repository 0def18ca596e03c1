// The manifests of src/ (docs/architecture.md#feature-manifests): every folder directly under src/ that holds code
// has a `feature.ts`, plain data saying its layer, the tables it owns, the tables its triggers keep and the
// features it may import. This file reads them for the tooling that cannot import TypeScript: ESLint's
// configuration (table ownership), .dependency-cruiser.cjs (the layer and import rules), scripts/check-modules.mjs
// (first in `npm run lint`), the tests' `truncateAll` and scripts/module-create.mjs. Nothing else lists them.
//
// A manifest is `export const feature = { ... };` and nothing more (comments aside): an object literal of
// strings, booleans, arrays and objects, read here without TypeScript (the lint tools load it synchronously,
// from CommonJS) and checked field by field; `npm run lint` names a manifest that is not.
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');

/** The layers, lowest last (docs/architecture.md#layers). */
const LAYERS = ['root', 'feature', 'read-model', 'common', 'infrastructure'];

/** The fields a manifest may have. */
const FIELDS = ['layer', 'tables', 'keptByTriggers', 'imports', 'everyTable', 'upkeep'];

/** The repository's root (the folder that holds src/). */
const ROOT = path.join(__dirname, '..');

/** `src/<folder>/feature.ts`'s text as a value, or a message why it is not plain data. */
function evaluate(text, file) {
  const body = text.replace(/^\s*export const feature\s*=/m, 'feature =');
  if (body === text) return { problem: `${file} must declare \`export const feature = { ... };\`.` };
  try {
    const sandbox = {};
    vm.runInNewContext(body, sandbox, { filename: file, timeout: 1000 });
    return { value: sandbox.feature };
  } catch (error) {
    return { problem: `${file} is not plain data (an object literal of strings, booleans, arrays, objects): ${error.message}` };
  }
}

const isStringArray = (value) => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The shape problems of one manifest's value (`file` for messages). */
function shapeProblems(value, file) {
  if (!isObject(value)) return [`${file}: \`feature\` must be an object.`];
  const problems = [];
  for (const key of Object.keys(value))
    if (!FIELDS.includes(key)) problems.push(`${file}: unknown field \`${key}\` (fields: ${FIELDS.join(', ')}).`);
  if (!LAYERS.includes(value.layer)) problems.push(`${file}: \`layer\` must be one of ${LAYERS.map((layer) => `'${layer}'`).join(', ')}.`);
  if (value.tables !== undefined && !(isObject(value.tables) && Object.values(value.tables).every((where) => typeof where === 'string')))
    problems.push(`${file}: \`tables\` maps each table to where it lives in the folder ('' for the whole folder, 'sub/' or 'file.ts').`);
  if (value.keptByTriggers !== undefined) {
    if (!isObject(value.keptByTriggers)) problems.push(`${file}: \`keptByTriggers\` maps each table to how the tests reset it.`);
    else
      for (const [table, reset] of Object.entries(value.keptByTriggers)) {
        const ok =
          isObject(reset) &&
          Object.keys(reset).every((key) => ['keep', 'zero', 'mysqlOnly'].includes(key)) &&
          (reset.keep === undefined || typeof reset.keep === 'string') &&
          (reset.zero === undefined || typeof reset.zero === 'string') &&
          (reset.mysqlOnly === undefined || typeof reset.mysqlOnly === 'boolean');
        if (!ok) problems.push(`${file}: \`keptByTriggers.${table}\` must be { keep?: string, zero?: string, mysqlOnly?: boolean }.`);
        if (!(table in (value.tables ?? {}))) problems.push(`${file}: \`keptByTriggers.${table}\` is not one of its \`tables\`.`);
      }
  }
  if (value.imports !== undefined && !isStringArray(value.imports))
    problems.push(`${file}: \`imports\` must be a list of feature folders.`);
  if (value.imports !== undefined && value.layer !== 'feature')
    problems.push(`${file}: only a feature lists \`imports\` (other layers import no feature).`);
  if (value.everyTable !== undefined && !['read', 'write'].includes(value.everyTable))
    problems.push(`${file}: \`everyTable\` must be 'read' or 'write'.`);
  if (value.upkeep !== undefined && (!isStringArray(value.upkeep) || value.everyTable !== 'read'))
    problems.push(`${file}: \`upkeep\` lists the tables a folder that reads every table (\`everyTable: 'read'\`) may write.`);
  return problems;
}

/**
 * Every folder's manifest under `root`/src, and what is wrong with them: a folder with code and no manifest, a
 * manifest that is not plain data or has a wrong field, a table owned twice, an `imports` entry that is no feature.
 * Folders without a `.ts` file (src/queries/) need none.
 *
 * @param {string} [root] the repository's root; this repository's by default.
 * @returns {{ manifests: Manifest[], problems: string[] }}
 */
function readManifests(root = ROOT) {
  const src = path.join(root, 'src');
  const manifests = [];
  const problems = [];
  const folders = readdirSync(src, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  for (const folder of folders) {
    const file = `src/${folder}/feature.ts`;
    if (!existsSync(path.join(src, folder, 'feature.ts'))) {
      if (hasCode(path.join(src, folder)))
        problems.push(`src/${folder}/ has no manifest: add ${file} (its layer, its tables; see docs/architecture.md#feature-manifests).`);
      continue;
    }
    const { value, problem } = evaluate(readFileSync(path.join(src, folder, 'feature.ts'), 'utf8'), file);
    if (problem) {
      problems.push(problem);
      continue;
    }
    const wrong = shapeProblems(value, file);
    problems.push(...wrong);
    if (wrong.length === 0)
      manifests.push({
        folder,
        layer: value.layer,
        tables: value.tables ?? {},
        keptByTriggers: value.keptByTriggers ?? {},
        imports: value.imports ?? [],
        everyTable: value.everyTable,
        upkeep: value.upkeep ?? [],
      });
  }
  const features = manifests.filter((manifest) => manifest.layer === 'feature').map((manifest) => manifest.folder);
  const ownerOf = new Map();
  for (const manifest of manifests) {
    for (const imported of manifest.imports)
      if (imported === manifest.folder || !features.includes(imported))
        problems.push(`src/${manifest.folder}/feature.ts: \`imports\` names '${imported}', which is no other feature.`);
    for (const table of Object.keys(manifest.tables)) {
      if (ownerOf.has(table))
        problems.push(
          `Table \`${table}\` is in the \`tables\` of both src/${ownerOf.get(table)}/feature.ts and src/${manifest.folder}/feature.ts.`,
        );
      ownerOf.set(table, manifest.folder);
    }
  }
  return { manifests, problems };
}

/** Whether `dir` holds a `.ts` file, at any depth. */
function hasCode(dir) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) =>
    entry.isDirectory() ? hasCode(path.join(dir, entry.name)) : entry.name.endsWith('.ts'),
  );
}

const cache = new Map();

/**
 * The manifests of `root` (this repository by default), read once.
 *
 * @throws Error naming every problem of {@link readManifests} (`npm run lint` prints them one a line first).
 */
function manifests(root = ROOT) {
  if (!cache.has(root)) {
    const read = readManifests(root);
    if (read.problems.length) throw new Error(`The manifests of src/ are wrong:\n${read.problems.join('\n')}`);
    cache.set(root, read.manifests);
  }
  return cache.get(root);
}

/** The folders of `layer` ('root', 'feature', ...), sorted. */
function foldersOf(layer, root = ROOT) {
  return manifests(root)
    .filter((manifest) => manifest.layer === layer)
    .map((manifest) => manifest.folder);
}

/** Each table's owner, as `src/<folder>/` or a path under it (`src/read-model/team-search.reader.ts`). */
function tableOwners(root = ROOT) {
  return Object.fromEntries(
    manifests(root).flatMap((manifest) =>
      Object.entries(manifest.tables).map(([table, where]) => [table, `src/${manifest.folder}/${where}`]),
    ),
  );
}

/**
 * The tables triggers keep (no entity: `truncateAll` resets them between tests), with how: rows matching `keep`
 * stay (with `zero` set to 0), the others go; `mysqlOnly` when SQLite has no such table.
 *
 * @returns {{ table: string, keep?: string, zero?: string, mysqlOnly: boolean }[]}
 */
function triggerKeptTables(root = ROOT) {
  return manifests(root).flatMap((manifest) =>
    Object.entries(manifest.keptByTriggers).map(([table, reset]) => ({ table, ...reset, mysqlOnly: reset.mysqlOnly === true })),
  );
}

/** The folders whose SQL may name every table (`src/<folder>/`), for `local/table-ownership`'s `shared`. */
function sharedFolders(root = ROOT) {
  return manifests(root)
    .filter((manifest) => manifest.everyTable !== undefined)
    .map((manifest) => `src/${manifest.folder}/`);
}

/** For each folder that reads every table but writes only some, those tables: `local/table-ownership`'s `upkeep`. */
function upkeep(root = ROOT) {
  return Object.fromEntries(
    manifests(root)
      .filter((manifest) => manifest.everyTable === 'read')
      .map((manifest) => [`src/${manifest.folder}/`, manifest.upkeep]),
  );
}

/** `^src/(a|b)/`: a path in one of `folders`. */
function under(folders) {
  return `^src/(${folders.join('|')})/`;
}

module.exports = { LAYERS, readManifests, manifests, foldersOf, tableOwners, triggerKeptTables, sharedFolders, upkeep, under };
