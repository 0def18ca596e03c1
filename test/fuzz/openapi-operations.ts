/** One operation of the OpenAPI document, as the fuzzer drives it. */
export interface FuzzOperation {
  method: string;
  /** The path template, e.g. `/account/{account}/award/{award}`. */
  path: string;
  pathParameters: { name: string; schema: Schema }[];
  queryParameters: { name: string; schema: Schema }[];
  /** The JSON body's schema (references resolved), when the operation takes one. */
  body?: Schema;
  /** Every status the document says the operation may answer. */
  statuses: ReadonlySet<number>;
}

/** A JSON Schema object of the document (the OpenAPI 3.1 subset the service uses). */
export type Schema = Record<string, any>;

type OpenApiDocument = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

/** The operations of `document`, `$ref`s resolved (to a bounded depth). */
export function operationsOf(document: OpenApiDocument): FuzzOperation[] {
  const resolve = (schema: Schema, depth = 0): Schema => {
    if (depth > 8 || typeof schema !== 'object' || schema === null) return schema;
    if (typeof schema.$ref === 'string') return resolve(document.components.schemas[schema.$ref.split('/').pop()!], depth + 1);
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [
        key,
        Array.isArray(value)
          ? value.map((item) => resolve(item, depth + 1))
          : typeof value === 'object' && value !== null
            ? resolve(value, depth + 1)
            : value,
      ]),
    );
  };
  const operations: FuzzOperation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const parameters: { in: string; name: string; schema?: Schema }[] = operation.parameters ?? [];
      const parametersIn = (where: string) =>
        parameters
          .filter((parameter) => parameter.in === where)
          .map((parameter) => ({ name: parameter.name, schema: resolve(parameter.schema ?? {}) }));
      const body = operation.requestBody?.content?.['application/json']?.schema;
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParameters: parametersIn('path'),
        queryParameters: parametersIn('query'),
        ...(body ? { body: resolve(body) } : {}),
        statuses: new Set(Object.keys(operation.responses).map(Number)),
      });
    }
  }
  return operations;
}
