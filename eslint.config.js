import tseslint from 'typescript-eslint';

import features from './scripts/features.cjs';

import { currentTransaction } from './eslint/current-transaction.js';
import { generateSql } from './eslint/generate-sql.js';
import { httpExceptions } from './eslint/http-exceptions.js';
import { tableOwnership } from './eslint/table-ownership.js';

/** A string or template that starts like an SQL statement, in capitals as this code base writes SQL (docs/architecture.md). */
const SQL = '/^\\s*(SELECT\\s|INSERT\\s+INTO\\s|UPDATE\\s+\\S+\\s+SET\\s|DELETE\\s+FROM\\s|REPLACE\\s+INTO\\s|WITH\\s)/';
const SQL_MESSAGE = 'SQL belongs in a repository (<feature>/*.repository.ts), the read model (src/read-model/) or src/database/.';

/** Names SQL reads that are no table of the schema: MySQL's dummy table and catalogue, SQLite's. */
const NOT_TABLES = ['dual', 'information_schema', 'sqlite_master', 'sqlite_schema'];

/** This code base's own rules (eslint/). */
const local = {
  rules: {
    'table-ownership': tableOwnership,
    'current-transaction': currentTransaction,
    'generate-sql': generateSql,
    'http-exceptions': httpExceptions,
  },
};

/** The rules that read TypeScript's types (slower: the project service types every file). */
export const TYPE_AWARE_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  'local/http-exceptions',
];

/** Where the answer is HTTP, so HTTP exceptions may be created (`local/http-exceptions`). */
const HTTP_LAYER = [
  'src/**/*.controller.ts',
  'src/**/*.filter.ts',
  'src/**/*.guard.ts',
  'src/**/*.interceptor.ts',
  'src/**/*.pipe.ts',
  'src/http/**',
];

export default tseslint.config(
  { ignores: ['dist/', 'clients/typescript/dist/', 'node_modules/', 'data/', 'coverage/', 'bench/results/', '.build-*/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through AppConfig (src/config).' },
      ],
    },
  },
  {
    // Rules that need the types (docs/architecture.md#lint-rules): TypeScript's project service types each file.
    files: ['**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: [...HTTP_LAYER, 'src/**/*.spec.ts'],
    plugins: { local },
    rules: { 'local/http-exceptions': 'error' },
  },
  {
    // The tests build loose JSON bodies and read answers of any shape: \`any\` is allowed there, not in src/.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.repository.ts', 'src/read-model/**', 'src/database/**', 'src/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: `Literal[value=${SQL}]`, message: SQL_MESSAGE },
        { selector: `TemplateLiteral > TemplateElement:first-child[value.raw=${SQL}]`, message: SQL_MESSAGE },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.spec.ts'],
    plugins: { local },
    rules: {
      'local/table-ownership': [
        'error',
        {
          // Each table's owner, from the manifests (`tables` of src/<folder>/feature.ts, docs/architecture.md#tables):
          // only there does SQL name the table or code use its entity. A table with no owner fails lint where SQL
          // names it, at its entity and at the migration that creates it. The folders whose manifest says
          // `everyTable` may name every table; the read model writes only its `upkeep`.
          owners: features.tableOwners(),
          shared: features.sharedFolders(),
          notTables: NOT_TABLES,
          upkeep: features.upkeep(),
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts'],
    ignores: ['src/database/**'],
    plugins: { local },
    rules: { 'local/current-transaction': 'error' },
  },
  {
    // Their statements are written to src/queries/*.sql (docs/architecture.md#sql-files).
    files: ['src/**/*.repository.ts', 'src/read-model/**/*.reader.ts'],
    plugins: { local },
    rules: { 'local/generate-sql': 'error' },
  },
  {
    // CommonJS files (.dependency-cruiser.cjs, scripts/features.cjs) load each other with require().
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: [
      'src/config/**',
      'src/write-sql.ts',
      'src/write-collation-table.ts',
      'src/main.ts',
      'src/worker.ts',
      'src/cli.ts',
      'test/**',
      'bench/**',
      'clients/typescript/examples/**',
      '.ci/**',
      'scripts/previous-release-check.mjs',
      'scripts/module-create.mjs',
      'ormconfig.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
