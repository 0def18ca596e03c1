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

  it('documents one operation per route: aliases are deprecated and name the operation they stand for; summaries are plain text', async () => {
    const document = (await t.http.get('/docs/json')).body as {
      paths: Record<string, Record<string, { operationId: string; summary: string; deprecated?: boolean }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    expect(
      operations.filter((operation) => operation.deprecated).map(({ route, operationId, summary }) => ({ route, operationId, summary })),
    ).toEqual([
      { route: 'POST /accounts/new', operationId: 'AccountsController_createAlias', summary: 'Alias of POST /acounts/new' },
      { route: 'PUT /callbacks/{event}', operationId: 'CallbacksController_putAlias', summary: 'Alias of PUT /callback/{event}' },
      { route: 'GET /callbacks/{event}', operationId: 'CallbacksController_getAlias', summary: 'Alias of GET /callback/{event}' },
      { route: 'DELETE /callbacks/{event}', operationId: 'CallbacksController_deleteAlias', summary: 'Alias of DELETE /callback/{event}' },
      ...[
        ['POST', '/enable', 'CallbacksController_enable'],
        ['GET', '/deliveries', 'DeliveryLogController_list'],
        ['GET', '/deliveries/{id}', 'DeliveryLogController_get'],
        ['POST', '/deliveries/{id}/redeliver', 'DeliveryLogController_redeliver'],
        ['POST', '/recover', 'DeliveryLogController_recover'],
        ['POST', '/ping', 'DeliveryLogController_ping'],
      ].map(([method, rest, id]) => ({
        route: `${method} /callbacks/{event}${rest}`,
        operationId: `${id}Alias`,
        summary: `Alias of ${method} /callback/{event}${rest}`,
      })),
    ]);
    expect(
      operations.filter((operation) => /[`[\]]/.test(operation.summary + operation.operationId)).map((operation) => operation.route),
    ).toEqual([]);
    expect(new Set(operations.map((operation) => operation.operationId)).size).toBe(operations.length);
  });
});
