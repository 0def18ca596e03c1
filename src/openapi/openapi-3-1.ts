import type { OpenAPIObject } from '@nestjs/swagger';

/** The OpenAPI version of the served document: 3.1 writes null as JSON Schema does, and has `webhooks`. */
export const OPENAPI_VERSION = '3.1.0';

type Schema = Record<string, unknown>;

/**
 * Rewrites the OpenAPI 3.0 document @nestjs/swagger builds as OpenAPI 3.1: the
 * version, and every `nullable: true` schema as JSON Schema says null, so that
 * strict validators accept every answer the service gives. A `nullable` type
 * becomes a list of types with `"null"` (and null joins an `enum`); a
 * `nullable` reference (`allOf: [{$ref}]`, which 3.0 validators read as "must
 * be that object") becomes `anyOf: [{$ref}, {"type": "null"}]`. Changes the
 * document in place.
 */
export function asOpenApi31(document: OpenAPIObject): OpenAPIObject {
  document.openapi = OPENAPI_VERSION;
  rewriteNullable(document);
  return document;
}

function rewriteNullable(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) rewriteNullable(item);
    return;
  }
  if (typeof node !== 'object' || node === null) return;
  const schema = node as Schema;
  for (const value of Object.values(schema)) rewriteNullable(value);
  if (!('nullable' in schema)) return;
  const nullable = schema.nullable === true;
  delete schema.nullable;
  if (!nullable) return;
  const references = Array.isArray(schema.allOf)
    ? (schema.allOf as Schema[])
    : typeof schema.$ref === 'string'
      ? [{ $ref: schema.$ref }]
      : [];
  if (references.length > 0) {
    delete schema.allOf;
    delete schema.$ref;
    delete schema.type;
    schema.anyOf = [references.length === 1 ? references[0] : { allOf: references }, { type: 'null' }];
    return;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? (schema.type as string[]) : [schema.type as string];
    schema.type = types.includes('null') ? types : [...types, 'null'];
  }
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...(schema.enum as unknown[]), null];
}
