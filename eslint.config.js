import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'bench/results/', '.build-*/'] },
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
    files: ['src/config/**', 'src/main.ts', 'src/worker.ts', 'src/cli.ts', 'test/**', 'bench/**', 'ormconfig.ts', 'vitest.config.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
