// The checks of scripts/check-modules.mjs, as functions of what they read (test/module-checks.e2e-spec.ts runs
// them on bad samples).

/** Where the guide tells a module developer what to add. */
const GUIDE = 'docs/adding-a-module.md#1-entity';

/**
 * One message per folder directly under src/ that no layer of scripts/layers.cjs lists (a new feature folder
 * missing from FEATURES), and per listed folder that does not exist.
 *
 * @param {string[]} folders the names of the folders directly under src/.
 * @param {Record<string, string[]>} layers each layer's folder names (ROOTS, INFRASTRUCTURE, FEATURES, ...).
 * @returns {string[]} the messages, empty when every folder is in exactly one layer.
 */
export function layerProblems(folders, layers) {
  const problems = [];
  const layerOf = new Map();
  for (const [layer, listed] of Object.entries(layers)) {
    for (const folder of listed) {
      if (layerOf.has(folder)) problems.push(`src/${folder}/ is in two layers of scripts/layers.cjs: ${layerOf.get(folder)} and ${layer}.`);
      layerOf.set(folder, layer);
      if (!folders.includes(folder))
        problems.push(`src/${folder}/ is listed in ${layer} of scripts/layers.cjs but does not exist: remove it.`);
    }
  }
  for (const folder of folders) {
    if (!layerOf.has(folder))
      problems.push(
        `src/${folder}/ is in no layer: add '${folder}' to FEATURES in scripts/layers.cjs (a feature module; see ${GUIDE}), ` +
          'or to the layer it belongs to, so that the layer rules cover it.',
      );
  }
  return problems;
}

/**
 * The rows of the table list under `## Tables` in docs/architecture.md: each row's tables (the backticked
 * names of its first cell) and owning folder (the first backticked name of its second cell, under src/).
 *
 * @returns {{ tables: string[], folder: string | undefined }[]}
 */
export function documentedOwners(markdown) {
  const start = markdown.indexOf('\n## Tables\n');
  if (start < 0) return [];
  const end = markdown.indexOf('\n## ', start + 1);
  const section = markdown.slice(start, end < 0 ? undefined : end);
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [tables, owner] = line.split(' | ');
      const folder = /`([^`]+)`/.exec(owner ?? '')?.[1];
      return { tables: [...tables.matchAll(/`([a-z_][a-z0-9_]*)`/g)].map((match) => match[1]), folder: folder && `src/${folder}` };
    });
}

/**
 * Where the architecture's table list (docs/architecture.md#tables) and TABLE_OWNERS (eslint.config.js)
 * disagree: a table in one and not the other, or a different owning folder.
 *
 * @param {string} markdown the text of docs/architecture.md.
 * @param {Record<string, string>} owners TABLE_OWNERS: each table's owning folder (`src/.../`).
 * @returns {string[]} the messages, empty when they agree.
 */
export function tableListProblems(markdown, owners) {
  const problems = [];
  const documented = new Map();
  for (const { tables, folder } of documentedOwners(markdown)) for (const table of tables) documented.set(table, folder);
  for (const [table, owner] of Object.entries(owners)) {
    if (!documented.has(table))
      problems.push(`Table \`${table}\` (TABLE_OWNERS in eslint.config.js) is missing from the table list of docs/architecture.md#tables.`);
    else if (documented.get(table) !== owner)
      problems.push(
        `Table \`${table}\`: docs/architecture.md#tables names its owner ${documented.get(table)}, TABLE_OWNERS in eslint.config.js ${owner}.`,
      );
  }
  for (const table of documented.keys()) {
    if (!(table in owners))
      problems.push(`Table \`${table}\` of docs/architecture.md#tables has no owner in TABLE_OWNERS (eslint.config.js): add it there.`);
  }
  return problems;
}
