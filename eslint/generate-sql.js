/**
 * ESLint rule `local/generate-sql`: every public method of a class in the
 * files it is applied to (repositories and readers, which hold the
 * statements) carries `@GenerateSql(...)`, so that `npm run sql:generate`
 * writes its statements to `src/queries/*.sql` and a change to them shows in
 * review (docs/architecture.md#sql-files). Constructors, getters, setters,
 * static, `private` and `protected` methods are left alone.
 */
export const generateSql = {
  meta: {
    type: 'problem',
    docs: { description: 'Every public method of a repository or reader is decorated with @GenerateSql (docs/architecture.md#sql-files).' },
    schema: [],
    messages: {
      missing:
        '{{name}} runs SQL: decorate it with @GenerateSql({ params: [...] }) (src/database/generate-sql.decorator.ts) and run `npm run sql:generate` (docs/architecture.md#sql-files).',
    },
  },
  create(context) {
    return {
      'ClassBody > MethodDefinition'(node) {
        if (node.kind !== 'method' || node.static || node.accessibility === 'private' || node.accessibility === 'protected') return;
        if (node.key.type === 'PrivateIdentifier') return;
        const decorated = (node.decorators ?? []).some(
          (decorator) =>
            decorator.expression.type === 'CallExpression' &&
            decorator.expression.callee.type === 'Identifier' &&
            decorator.expression.callee.name === 'GenerateSql',
        );
        if (!decorated) context.report({ node: node.key, messageId: 'missing', data: { name: context.sourceCode.getText(node.key) } });
      },
    };
  },
};
