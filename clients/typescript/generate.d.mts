/** The TypeScript text of the types of an OpenAPI document, as `generate.mjs` writes them to `src/schema.d.ts`. */
export function schemaTypes(document: unknown): Promise<string>;
