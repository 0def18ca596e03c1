import path from 'node:path';

/** An SQL keyword in capitals (as this code base writes SQL) followed by the table it names. */
const TABLE_REFERENCE = /\b(?:FROM|JOIN|INTO|UPDATE|TABLE)\s+[`"]?([a-z_][a-z0-9_]*)/g;

/**
 * ESLint rule `local/table-ownership`: an SQL string that names a table
 * (after `FROM`, `JOIN`, `INTO`, `UPDATE` or `TABLE`) appears only in the
 * folder that owns the table (docs/architecture.md#tables), in a folder every
 * table is open to (the read model, database/). No file is excepted: another
 * module reaches a table through the owner's exported service or port.
 * Strings joined with `+` and templates are read as one statement;
 * interpolations are skipped.
 *
 * Options: `{ owners: { [table]: folder }, shared: folder[] }`, folders relative
 * to the project root.
 */
export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: { description: "SQL naming a table only in the table's owning module (docs/architecture.md#tables)." },
    schema: [
      {
        type: 'object',
        properties: {
          owners: { type: 'object', additionalProperties: { type: 'string' } },
          shared: { type: 'array', items: { type: 'string' } },
        },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      foreignTable:
        "SQL on `{{table}}` belongs to its owner, {{owner}} (docs/architecture.md#tables): call the owner's exported service or port, or read across tables in the read model.",
    },
  },
  create(context) {
    const { owners, shared = [] } = context.options[0];
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    if (shared.some((folder) => file.startsWith(folder))) return {};

    /** Reports every table `text` names that this file may not touch. */
    function check(node, text) {
      for (const [, table] of text.matchAll(TABLE_REFERENCE)) {
        const owner = owners[table];
        if (owner === undefined || file.startsWith(owner)) continue;
        context.report({ node, messageId: 'foreignTable', data: { table, owner } });
      }
    }

    return {
      Literal(node) {
        if (typeof node.value === 'string' && !isConcatenated(node)) check(node, node.value);
      },
      TemplateLiteral(node) {
        if (!isConcatenated(node)) check(node, staticText(node));
      },
      BinaryExpression(node) {
        if (node.operator === '+' && !isConcatenated(node)) check(node, staticText(node));
      },
    };
  },
};

/** Whether `node` is an operand of a `+` whose whole is checked instead. */
function isConcatenated(node) {
  return node.parent?.type === 'BinaryExpression' && node.parent.operator === '+';
}

/** The literal text of a string, template or `+` chain; whatever is computed reads as a space. */
function staticText(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : ' ';
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(' ');
  if (node.type === 'BinaryExpression' && node.operator === '+') return staticText(node.left) + staticText(node.right);
  return ' ';
}
