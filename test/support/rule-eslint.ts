import { ESLint } from 'eslint';

/** The configuration's rules that read types (`TYPE_AWARE_RULES` of eslint.config.js, a JavaScript module). */
const { TYPE_AWARE_RULES } = (await import('../../eslint.config.js' as string)) as { TYPE_AWARE_RULES: string[] };

/**
 * The project's ESLint configuration without type information, for tests that lint many snippets with a
 * rule that reads syntax only: typing each snippet would cost seconds (docs/architecture.md#lint-rules).
 */
export function syntaxOnlyEslint(): ESLint {
  return new ESLint({
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: Object.fromEntries(TYPE_AWARE_RULES.map((rule) => [rule, 'off'])),
    },
  });
}
