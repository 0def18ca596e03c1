/**
 * ESLint rule `local/http-exceptions` (docs/architecture.md#lint-rules): an HTTP exception (`HttpException` of
 * `@nestjs/common` or any subclass: `NotFoundException`, `ConflictException`, the service's own...) is created
 * only where the answer is HTTP: controllers, filters, guards, interceptors, pipes and `src/http/` (the
 * configuration says which files). Elsewhere a service throws a domain error (`src/errors/domain-errors.ts`),
 * which the HTTP layer answers with its status and the CLI prints. Reads the types: a subclass is known by its
 * base classes, whatever it is named.
 */
export const httpExceptions = {
  meta: {
    type: 'problem',
    docs: { description: 'HTTP exceptions only in the HTTP layer; services throw domain errors (docs/architecture.md#lint-rules).' },
    schema: [],
    messages: {
      httpException:
        '`{{name}}` is an HTTP exception: outside controllers, filters, guards, interceptors and pipes, throw a domain error of src/errors/domain-errors.ts (docs/architecture.md#lint-rules).',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    if (!services?.program) throw new Error('local/http-exceptions reads the types: lint with parserOptions.projectService.');
    const checker = services.program.getTypeChecker();

    /** Whether `type` is `HttpException` of `@nestjs/common` or inherits from it. */
    function isHttpException(type, seen = new Set()) {
      if (!type || seen.has(type)) return false;
      seen.add(type);
      const symbol = type.getSymbol();
      if (
        symbol?.getName() === 'HttpException' &&
        symbol.getDeclarations()?.some((d) => d.getSourceFile().fileName.includes('@nestjs/common'))
      )
        return true;
      return (type.isClassOrInterface() ? checker.getBaseTypes(type) : []).some((base) => isHttpException(base, seen));
    }

    return {
      NewExpression(node) {
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node));
        const target = type.isClassOrInterface() ? type : checker.getApparentType(type);
        if (isHttpException(target.target ?? target)) {
          const name = node.callee.type === 'Identifier' ? node.callee.name : context.sourceCode.getText(node.callee);
          context.report({ node, messageId: 'httpException', data: { name } });
        }
      },
    };
  },
};
