// The table-list check of scripts/check-modules.mjs, as functions of what they read (test/module-checks.e2e-spec.ts
// runs them on bad samples).

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

/** The manifest that owns a table whose owner is `owner` (`src/read-model/account-search/` → `src/read-model/feature.ts`). */
function manifestOf(owner) {
  return `${owner.split('/').slice(0, 2).join('/')}/feature.ts`;
}

/**
 * Where the architecture's table list (docs/architecture.md#tables) and the manifests' tables
 * (src/<folder>/feature.ts) disagree: a table in one and not the other, or a different owner.
 *
 * @param {string} markdown the text of docs/architecture.md.
 * @param {Record<string, string>} owners each table's owner (`src/.../`), from the manifests (scripts/features.cjs).
 * @returns {string[]} the messages, empty when they agree.
 */
export function tableListProblems(markdown, owners) {
  const problems = [];
  const documented = new Map();
  for (const { tables, folder } of documentedOwners(markdown)) for (const table of tables) documented.set(table, folder);
  for (const [table, owner] of Object.entries(owners)) {
    if (!documented.has(table))
      problems.push(
        `Table \`${table}\` (${manifestOf(owner)}) is missing from the table list of docs/architecture.md#tables: add its row.`,
      );
    else if (documented.get(table) !== owner)
      problems.push(
        `Table \`${table}\`: docs/architecture.md#tables names its owner ${documented.get(table)}, ${manifestOf(owner)} ${owner}.`,
      );
  }
  for (const table of documented.keys()) {
    if (!(table in owners))
      problems.push(
        `Table \`${table}\` of docs/architecture.md#tables is in no manifest: add it to \`tables\` of its owner's src/<folder>/feature.ts.`,
      );
  }
  return problems;
}
