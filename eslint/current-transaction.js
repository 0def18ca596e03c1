/** What runs statements or opens a transaction on a `DataSource`, bypassing the current transaction. */
const STATEMENT_MEMBERS = new Set(['manager', 'query', 'transaction', 'createQueryRunner', 'createQueryBuilder', 'getRepository']);

/** Decorators that inject a connection's manager or a TypeORM repository, each outside the current transaction. */
const INJECTIONS = new Set(['InjectEntityManager', 'InjectDataSource', 'InjectRepository']);

/** Whether `node` (an expression) names a data source: `dataSource`, `this.dataSource`, `app.dataSource`, `primaryDataSource`... */
function isDataSource(node) {
  const name = node.type === 'Identifier' ? node.name : node.type === 'MemberExpression' && !node.computed ? node.property.name : '';
  return /^dataSource$|DataSource$/.test(name);
}

/** Whether the type annotation `node` names `EntityManager` anywhere (`EntityManager`, `EntityManager | undefined`, `import('typeorm').EntityManager`). */
function mentionsEntityManager(node) {
  let found = false;
  const visit = (current) => {
    if (found || !current || typeof current.type !== 'string') return;
    if (current.type === 'Identifier' && current.name === 'EntityManager') found = true;
    for (const [key, value] of Object.entries(current)) {
      if (key === 'parent') continue;
      if (Array.isArray(value)) value.forEach(visit);
      else if (value && typeof value === 'object') visit(value);
    }
  };
  visit(node);
  return found;
}

/** The parameter a (possibly `readonly`/`private` or defaulted) parameter node declares. */
function declared(parameter) {
  if (parameter.type === 'TSParameterProperty') return declared(parameter.parameter);
  if (parameter.type === 'AssignmentPattern') return parameter.left;
  return parameter;
}

/**
 * ESLint rule `local/current-transaction` (docs/architecture.md#transactions):
 * code outside `src/database/` reaches the database only through
 * `Transactions.manager`, the current transaction's manager inside
 * `Transactions.run` and the pool's outside. So no function, method or
 * constructor there takes an `EntityManager` (a manager handed around can be
 * forgotten, and the statement silently runs outside the transaction), none
 * runs statements or opens a transaction on a `DataSource` itself
 * (`dataSource.manager`, `.query`, `.transaction`, `.createQueryRunner`,
 * `.createQueryBuilder`, `.getRepository`), and none has a manager, data
 * source or TypeORM repository injected with `@InjectEntityManager`,
 * `@InjectDataSource` or `@InjectRepository`.
 */
export const currentTransaction = {
  meta: {
    type: 'problem',
    docs: { description: 'Statements only through Transactions.manager, the current transaction (docs/architecture.md#transactions).' },
    schema: [],
    messages: {
      managerParameter:
        'No EntityManager parameter outside src/database/: read the current transaction with Transactions.manager (docs/architecture.md#transactions).',
      dataSourceStatement:
        '`{{member}}` on a DataSource runs outside the current transaction: use Transactions.manager / Transactions.run (docs/architecture.md#transactions).',
      injection:
        '@{{name}} bypasses the current transaction: inject Transactions and use Transactions.manager (docs/architecture.md#transactions).',
    },
  },
  create(context) {
    function checkParameters(node) {
      for (const parameter of node.params) {
        const annotation = declared(parameter).typeAnnotation;
        if (annotation && mentionsEntityManager(annotation)) context.report({ node: parameter, messageId: 'managerParameter' });
      }
    }
    return {
      FunctionDeclaration: checkParameters,
      FunctionExpression: checkParameters,
      ArrowFunctionExpression: checkParameters,
      TSDeclareFunction: checkParameters,
      TSEmptyBodyFunctionExpression: checkParameters,
      TSMethodSignature: checkParameters,
      TSFunctionType: checkParameters,
      MemberExpression(node) {
        const member = node.computed ? node.property.value : node.property.name;
        if (STATEMENT_MEMBERS.has(member) && isDataSource(node.object))
          context.report({ node, messageId: 'dataSourceStatement', data: { member } });
      },
      Decorator(node) {
        const callee = node.expression.type === 'CallExpression' ? node.expression.callee : node.expression;
        if (callee.type === 'Identifier' && INJECTIONS.has(callee.name))
          context.report({ node, messageId: 'injection', data: { name: callee.name } });
      },
    };
  },
};
