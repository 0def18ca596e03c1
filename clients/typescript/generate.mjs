// Writes clients/typescript/src/schema.d.ts from openapi.json with openapi-typescript.
// Account ids (a string of digits or a JSON integer in the document) are `string` in
// the SDK's types, so that 64-bit ids stay exact (docs/api.md#objects).
// Usage: node clients/typescript/generate.mjs [--check]   (--check: fail if the file is stale)
import { readFileSync, writeFileSync } from 'node:fs';

import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const TARGET = new URL('./src/schema.d.ts', import.meta.url);

/** @returns the TypeScript text of the types of `document`. */
export async function schemaTypes(document) {
  const ast = await openapiTS(document, {
    transform(schema) {
      const options = schema.oneOf ?? [];
      const isAccountId = options.some((option) => option.type === 'string' && option.pattern === '^[0-9]{1,20}$');
      if (isAccountId) return ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword);
      if (schema.type === 'array' && (schema.items?.oneOf ?? []).some((option) => option.pattern === '^[0-9]{1,20}$')) {
        return ts.factory.createArrayTypeNode(ts.factory.createKeywordTypeNode(ts.SyntaxKind.StringKeyword));
      }
      return undefined;
    },
  });
  return `/**\n * Generated from openapi.json by clients/typescript/generate.mjs (openapi-typescript). Do not edit.\n */\n\n${astToString(ast)}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const text = await schemaTypes(JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8')));
  if (process.argv.includes('--check')) {
    if (readFileSync(TARGET, 'utf8') !== text) {
      console.error('clients/typescript/src/schema.d.ts is stale: run npm run openapi');
      process.exit(1);
    }
  } else {
    writeFileSync(TARGET, text);
  }
}
