import tseslint from 'typescript-eslint';

/** A string or template that starts like an SQL statement, in capitals as this code base writes SQL (docs/architecture.md). */
const SQL = '/^\\s*(SELECT\\s|INSERT\\s+INTO\\s|UPDATE\\s+\\S+\\s+SET\\s|DELETE\\s+FROM\\s|REPLACE\\s+INTO\\s|WITH\\s)/';
const SQL_MESSAGE = 'SQL belongs in a repository (<feature>/*.repository.ts), the read model (src/read-model/) or src/database/.';

export default tseslint.config(
  { ignores: ['dist/', 'clients/typescript/dist/', 'node_modules/', 'data/', 'coverage/', 'bench/results/', '.build-*/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through AppConfig (src/config).' },
      ],
    },
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
    files: [
      'src/config/**',
      'src/main.ts',
      'src/worker.ts',
      'src/cli.ts',
      'test/**',
      'bench/**',
      'clients/typescript/examples/**',
      'ormconfig.ts',
      'vitest.config.ts',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);
