import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { useTestApp } from './support/use-test-app.js';

/** The committed OpenAPI document (for clients and the SDK) is the one the code serves. */
describe('openapi.json', () => {
  const { t } = useTestApp();

  it('equals the document the API serves at /docs/json (else run: npm run openapi)', async () => {
    const served = (await t.http.get('/docs/json')).body;
    const committed = JSON.parse(readFileSync('openapi.json', 'utf8'));
    expect(committed, 'openapi.json differs from the code: run npm run openapi and commit the file').toEqual(served);
  });
});
