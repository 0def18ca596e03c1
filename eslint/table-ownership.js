import path from 'node:path';

import { entityClasses } from './entities.js';

/** What a computed part of a statement (`${...}`, a `+` operand that is no string) reads as. */
const COMPUTED = '\u0001';

/**
 * A table name, bare or quoted, after an optional schema (`md4_test.badges` names `badges`): the groups are the
 * schema, the table, and a computed name.
 */
const TARGET = '(?:[`"]?([a-z_][a-z0-9_]*|\\u0001)[`"]?\\.)?(?:[`"]?([a-z_][a-z0-9_]*)|(\\u0001))';

/**
 * A keyword followed by the table it names: `FROM`, `JOIN`, `INSERT [IGNORE | OR ...] INTO`, `REPLACE INTO`,
 * `UPDATE` (not after `ON DUPLICATE KEY`, `ON CONFLICT ... DO` or `FOR`), `TRUNCATE [TABLE]`, `TABLE [IF [NOT] EXISTS]`.
 * MySQL's `SELECT ... INTO variable` names no table.
 */
const KEYWORD =
  '\\b(FROM|JOIN|(?:INSERT|REPLACE)(?:\\s+IGNORE|\\s+OR\\s+[A-Z]+)?\\s+INTO|(?<!KEY\\s|DO\\s|FOR\\s)UPDATE|TRUNCATE(?:\\s+TABLE)?|TABLE(?:\\s+IF(?:\\s+NOT)?\\s+EXISTS)?)\\s+';

/** The next table of a comma join, after a table and its optional alias: `FROM awards a, badges b`. */
const NEXT_IN_LIST = '(?:\\s+(?:AS\\s+)?[`"]?[a-z_][a-z0-9_]*[`"]?)?\\s*,\\s*' + TARGET;

/**
 * A string that reads as a whole statement in any case (`select id from badges`); other text is searched for the
 * keywords in capitals only, as this code base writes SQL, so that prose ("could not update accounts from ...") is
 * no statement.
 */
const STATEMENT =
  /^\s*\(?\s*(?:select\s[\s\S]*\sfrom\s|insert\s+(?:ignore\s+|or\s+[a-z]+\s+)?into\s|update\s+\S+\s+set\s|delete\s+(?:\S+\s+)?from\s|replace\s+into\s|truncate\s|with\s+(?:recursive\s+)?[a-z_][a-z0-9_]*\s*(?:\([^)]*\)\s*)?as\s*\()/i;

/** The text before a `FROM` that makes it the table a `DELETE` writes: `DELETE FROM t`, `DELETE a FROM t a`. */
const DELETE_BEFORE = /\bDELETE(?:\s+[\w`".]+(?:\s*,\s*[\w`".]+)*)?\s*$/i;

/** The names a statement's common table expressions define (`WITH name AS (`, `, name AS (`): no table of the schema. */
const COMMON_TABLE = /(?:\bWITH(?:\s+RECURSIVE)?|,)\s+[`"]?([a-z_][a-z0-9_]*)[`"]?(?:\s*\([^)]*\))?\s+AS\s*\(/gi;

/** The comment that names the tables of a computed name: `// table-ownership: name_gram_counts, team_name_gram_counts`. */
const ALLOW_COMMENT = /^\s*table-ownership:\s*([a-z_][a-z0-9_]*(?:\s*,\s*[a-z_][a-z0-9_]*)*)\s*$/;

/**
 * Every table `text` names: `{ schema, table, write }`, `table` undefined where the name is computed. A write is the table
 * of `INSERT`, `REPLACE`, `UPDATE`, `DELETE`, `TRUNCATE` or DDL (`TABLE`).
 */
export function tableReferences(text) {
  const flags = STATEMENT.test(text) ? 'i' : '';
  const reference = new RegExp(KEYWORD + TARGET, 'g' + flags);
  const next = new RegExp(NEXT_IN_LIST, 'y' + flags);
  const references = [];
  for (const match of text.matchAll(reference)) {
    const keyword = match[1].toUpperCase();
    const write = keyword === 'FROM' ? DELETE_BEFORE.test(text.slice(0, match.index)) : keyword !== 'JOIN';
    references.push({ schema: match[2]?.toLowerCase(), table: match[3]?.toLowerCase(), write });
    if (keyword !== 'FROM') continue;
    next.lastIndex = match.index + match[0].length;
    for (let more = next.exec(text); more; more = next.exec(text))
      references.push({ schema: more[1]?.toLowerCase(), table: more[2]?.toLowerCase(), write });
  }
  return references;
}

/** TypeORM methods that run statements on, or hand out a repository of, the entity (class or name) given as an argument. */
const TYPEORM_METHODS = new Set([
  'average',
  'clear',
  'count',
  'countBy',
  'create',
  'createQueryBuilder',
  'decrement',
  'delete',
  'exists',
  'existsBy',
  'find',
  'findAndCount',
  'findAndCountBy',
  'findBy',
  'findOne',
  'findOneBy',
  'findOneByOrFail',
  'findOneOrFail',
  'from',
  'getRepository',
  'getTreeRepository',
  'increment',
  'innerJoin',
  'innerJoinAndSelect',
  'insert',
  'into',
  'leftJoin',
  'leftJoinAndSelect',
  'maximum',
  'merge',
  'minimum',
  'preload',
  'remove',
  'restore',
  'save',
  'softDelete',
  'softRemove',
  'sum',
  'update',
  'upsert',
]);

/** Where the guide says how to give a table its owner. */
const OWNERS_DOC = 'docs/architecture.md#tables';

/**
 * ESLint rule `local/table-ownership` (docs/architecture.md#tables). Every
 * table has one owning folder (`tables` of the folders' manifests, src/<folder>/feature.ts), and the
 * rule fails closed:
 *
 * - an SQL string that names a table (after `FROM`, `JOIN`, `INSERT INTO`,
 *   `UPDATE` or `TABLE`) appears only in the folder that owns it, or in a folder every
 *   table is open to (the read model, database/); a table with no owner is
 *   refused everywhere. Strings joined with `+` and templates are read as one
 *   statement; interpolations are skipped;
 * - every table an entity (`@Entity('name')`) or a migration
 *   (`new Table({ name })`, `CREATE TABLE`) creates has an owner, and an
 *   entity lives in its table's owning folder;
 * - another feature's entity class is not used outside its owner: not through
 *   TypeORM (`manager.find(Entity)`, `getRepository(Entity)`,
 *   `createQueryBuilder(Entity, 'e')`, `@InjectRepository(Entity)`, an alias
 *   of the class, its name as a string...), nor as any other value. Types
 *   (`import type`, annotations) are free, and so is registering its metadata
 *   with `TypeOrmModule.forFeature([...])`, which runs no statement.
 *
 * No file is excepted: another module reaches a table through the owner's
 * exported service or port.
 *
 * Options: `{ owners: { [table]: folder }, shared: folder[], notTables: name[] }`, folders
 * relative to the project root; `notTables` are names SQL reads that are no
 * table of the schema (`dual`, `information_schema`...).
 */
export const tableOwnership = {
  meta: {
    type: 'problem',
    docs: {
      description: "SQL and entities of a table only in the table's owning module, every table owned (docs/architecture.md#tables).",
    },
    schema: [
      {
        type: 'object',
        properties: {
          owners: { type: 'object', additionalProperties: { type: 'string' } },
          shared: { type: 'array', items: { type: 'string' } },
          notTables: { type: 'array', items: { type: 'string' } },
          upkeep: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
        },
        required: ['owners'],
        additionalProperties: false,
      },
    ],
    messages: {
      computedTable:
        'A computed table name (`${...}`) cannot be checked: name its tables in a comment just before the statement, `// table-ownership: table_a, table_b` (docs/architecture.md#tables).',
      readModelWrite:
        '{{folder}} only reads: it may not write `{{table}}` (owned by {{owner}}). The tables it keeps up to date are listed in `upkeep` of its manifest, src/<folder>/feature.ts (docs/architecture.md#feature-manifests).',
      foreignTable:
        "SQL on `{{table}}` belongs to its owner, {{owner}} (docs/architecture.md#tables): call the owner's exported service or port, or read across tables in the read model.",
      unownedTable: `Table \`{{table}}\` has no owner: add it to \`tables\` in the manifest of the folder that owns it (src/<folder>/feature.ts), and to the table list of ${OWNERS_DOC}.`,
      unnamedEntity: `Name the entity's table (\`@Entity('name')\`) so that its owner can be checked (${OWNERS_DOC}).`,
      entityOutsideOwner:
        'The entity of `{{table}}` belongs in its owning folder, {{owner}} (`tables` of its manifest, src/<folder>/feature.ts; docs/architecture.md#tables).',
      foreignEntity:
        "`{{name}}` is the entity of `{{table}}`, owned by {{owner}} (docs/architecture.md#tables): call the owner's exported service or port instead of using its entity.",
    },
  },
  create(context) {
    const { owners, shared = [], notTables = [], upkeep = {} } = context.options[0];
    const file = path.relative(context.cwd, context.filename).split(path.sep).join('/');
    const isShared = shared.some((folder) => file.startsWith(folder));
    const ignored = new Set(notTables);
    const entities = entityClasses(context.cwd);
    const readOnly = Object.entries(upkeep).find(([folder]) => file.startsWith(folder));
    const allowComments = context.sourceCode
      .getAllComments()
      .map((comment) => ({ line: comment.loc.end.line, tables: ALLOW_COMMENT.exec(comment.value)?.[1].split(/\s*,\s*/) }))
      .filter((comment) => comment.tables !== undefined);

    /** The tables an allow-comment names for the statement around `node` (on its lines or the line before it). */
    function namedTables(node) {
      let statement = node;
      while (statement.parent && !['Program', 'BlockStatement', 'ClassBody', 'StaticBlock', 'SwitchCase'].includes(statement.parent.type))
        statement = statement.parent;
      const first = statement.loc.start.line - 1;
      const comment = allowComments.find(({ line }) => line >= first && line <= node.loc.end.line);
      return comment?.tables;
    }

    /** Whether this file may touch `table` (owned by `owner`). */
    const mayTouch = (owner) => isShared || file.startsWith(owner);

    /** Reports every table `text` names that has no owner, that this file may not touch, or that it may only read. */
    function checkSql(node, text) {
      const defined = new Set([...text.matchAll(COMMON_TABLE)].map(([, name]) => name.toLowerCase()));
      const reported = new Set();
      for (const { schema, table: named, write } of tableReferences(text)) {
        if (ignored.has(schema)) continue;
        const tables = named === undefined ? namedTables(node) : [named];
        if (tables === undefined) {
          if (!reported.has(COMPUTED)) context.report({ node, messageId: 'computedTable' });
          reported.add(COMPUTED);
          continue;
        }
        for (const table of tables) {
          if (ignored.has(table) || defined.has(table) || reported.has(table)) continue;
          const owner = owners[table];
          if (owner === undefined) {
            reported.add(table);
            context.report({ node, messageId: 'unownedTable', data: { table } });
          } else if (!mayTouch(owner)) {
            reported.add(table);
            context.report({ node, messageId: 'foreignTable', data: { table, owner } });
          } else if (write && readOnly && !readOnly[1].includes(table)) {
            reported.add(table);
            context.report({ node, messageId: 'readModelWrite', data: { table, owner, folder: readOnly[0] } });
          }
        }
      }
    }

    /** Reports a table an entity or a migration creates that has no owner. */
    function checkCreated(node, table) {
      if (owners[table] === undefined) context.report({ node, messageId: 'unownedTable', data: { table } });
    }

    /** Reports `node`, a use of the entity class `name`, when its table belongs to another folder. */
    function checkEntityUse(node, name) {
      const entity = entities.get(name);
      const owner = entity?.table === undefined ? undefined : owners[entity.table];
      if (owner === undefined || mayTouch(owner)) return;
      if (isInForFeature(node)) return;
      context.report({ node, messageId: 'foreignEntity', data: { name, table: entity.table, owner } });
    }

    return {
      Literal(node) {
        if (typeof node.value === 'string' && !isConcatenated(node)) checkSql(node, node.value);
      },
      TemplateLiteral(node) {
        if (!isConcatenated(node)) checkSql(node, staticText(node));
      },
      BinaryExpression(node) {
        if (node.operator === '+' && !isConcatenated(node)) checkSql(node, staticText(node));
      },
      Decorator(node) {
        const call = node.expression;
        if (call.type !== 'CallExpression' || call.callee.type !== 'Identifier' || call.callee.name !== 'Entity') return;
        const table = entityTableName(call.arguments[0]);
        if (table === undefined) {
          context.report({ node, messageId: 'unnamedEntity' });
          return;
        }
        const owner = owners[table];
        if (owner === undefined) checkCreated(node, table);
        else if (!file.startsWith(owner)) context.report({ node, messageId: 'entityOutsideOwner', data: { table, owner } });
      },
      NewExpression(node) {
        if (node.callee.type !== 'Identifier' || node.callee.name !== 'Table') return;
        const table = propertyString(node.arguments[0], 'name');
        if (table !== undefined) checkCreated(node, table);
      },
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        for (const specifier of node.specifiers) {
          if (specifier.type !== 'ImportSpecifier' || specifier.importKind === 'type') continue;
          const name = specifier.imported.type === 'Identifier' ? specifier.imported.name : specifier.imported.value;
          if (!entities.has(name)) continue;
          for (const variable of context.sourceCode.getDeclaredVariables(specifier)) {
            for (const reference of variable.references) {
              if (reference.isValueReference !== false) checkEntityUse(reference.identifier, name);
            }
          }
        }
      },
      MemberExpression(node) {
        // `entities.CallbackEntity` of `import * as entities from ...`.
        if (!node.computed && node.property.type === 'Identifier' && entities.has(node.property.name) && node.object.type === 'Identifier')
          checkEntityUse(node, node.property.name);
      },
      CallExpression(node) {
        // An entity named by a string: `manager.getRepository('CallbackEntity')`, `.from('callbacks', 'c')`.
        const callee = node.callee;
        const method =
          callee.type === 'MemberExpression'
            ? callee.computed
              ? callee.property.type === 'Literal' && callee.property.value
              : callee.property.name
            : callee.type === 'Identifier' && callee.name;
        if (!TYPEORM_METHODS.has(method)) return;
        for (const argument of node.arguments) {
          if (argument.type !== 'Literal' || typeof argument.value !== 'string') continue;
          const byClass = entities.get(argument.value);
          const table = byClass ? byClass.table : argument.value;
          const owner = owners[table];
          if (owner !== undefined && !mayTouch(owner))
            context.report({ node: argument, messageId: 'foreignEntity', data: { name: argument.value, table, owner } });
        }
      },
    };
  },
};

/** The table named by `@Entity`'s argument: `'name'` or `{ name: 'name' }`; undefined when none is given. */
function entityTableName(argument) {
  if (!argument) return undefined;
  if (argument.type === 'Literal' && typeof argument.value === 'string') return argument.value;
  return propertyString(argument, 'name');
}

/** The string value of property `key` of an object literal, if it is a string literal. */
function propertyString(node, key) {
  if (node?.type !== 'ObjectExpression') return undefined;
  for (const property of node.properties) {
    if (property.type !== 'Property' || property.computed) continue;
    const name = property.key.type === 'Identifier' ? property.key.name : property.key.value;
    if (name === key && property.value.type === 'Literal' && typeof property.value.value === 'string') return property.value.value;
  }
  return undefined;
}

/** Whether `node` is inside the arguments of `TypeOrmModule.forFeature(...)`, which registers an entity's metadata only. */
function isInForFeature(node) {
  for (let current = node.parent; current; current = current.parent) {
    if (
      current.type === 'CallExpression' &&
      current.callee.type === 'MemberExpression' &&
      !current.callee.computed &&
      current.callee.property.name === 'forFeature'
    )
      return true;
  }
  return false;
}

/** Whether `node` is an operand of a `+` whose whole is checked instead. */
function isConcatenated(node) {
  return node.parent?.type === 'BinaryExpression' && node.parent.operator === '+';
}

/** The literal text of a string, template or `+` chain; whatever is computed reads as {@link COMPUTED}. */
function staticText(node) {
  if (node.type === 'Literal') return typeof node.value === 'string' ? node.value : COMPUTED;
  if (node.type === 'TemplateLiteral') return node.quasis.map((quasi) => quasi.value.cooked ?? quasi.value.raw).join(COMPUTED);
  if (node.type === 'BinaryExpression' && node.operator === '+') return staticText(node.left) + staticText(node.right);
  return COMPUTED;
}
