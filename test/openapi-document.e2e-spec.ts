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

  it('is OpenAPI 3.1: null written as JSON Schema writes it (no `nullable`), a nullable object as anyOf with null', async () => {
    const document = (await t.http.get('/docs/json')).body as { openapi: string; components: { schemas: Record<string, any> } };
    expect(document.openapi).toBe('3.1.0');
    expect(JSON.stringify(document)).not.toContain('"nullable"');
    const { Account, AwardDetails, Callback } = document.components.schemas;
    expect(Account.properties.team).toEqual({ anyOf: [{ $ref: '#/components/schemas/Team' }, { type: 'null' }] });
    expect(Account.properties.avatar_url).toEqual({ type: ['string', 'null'], format: 'uri' });
    expect(AwardDetails.properties.team).toEqual({ anyOf: [{ $ref: '#/components/schemas/Team' }, { type: 'null' }] });
    expect(Callback.properties.disabled_at).toMatchObject({ type: ['number', 'null'] });
  });

  it('documents the deliveries as webhooks: account_team_update and ping, their bodies from the payload classes, their headers', async () => {
    const document = (await t.http.get('/docs/json')).body as { webhooks: Record<string, any>; components: Record<string, any> };
    expect(Object.keys(document.webhooks)).toEqual(['account_team_update', 'ping']);
    for (const [event, schema] of [
      ['account_team_update', 'AccountTeamUpdateEvent'],
      ['ping', 'PingEvent'],
    ]) {
      const { post } = document.webhooks[event];
      expect(post.requestBody).toEqual({
        required: true,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
      });
      expect(
        post.parameters.map((parameter: { in: string; name: string; required: boolean }) => [
          parameter.in,
          parameter.name,
          parameter.required,
        ]),
      ).toEqual([
        ['header', 'webhook-id', true],
        ['header', 'webhook-timestamp', true],
        ['header', 'webhook-signature', true],
        ['header', 'X-Callback-Event', true],
      ]);
      expect(post.parameters[3].schema).toEqual({ type: 'string', enum: [event] });
      // The bearer secret is sent for a plain secret only, never for a whsec_ one: optional.
      expect(post.security).toEqual([{ callbackSecret: [] }, {}]);
      expect(Object.keys(post.responses)).toEqual(['2XX', 'default']);
    }
    expect(document.components.securitySchemes.callbackSecret).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.AccountTeamUpdateEvent).toEqual({
      type: 'object',
      properties: {
        account: { description: 'The Account after the change.', allOf: [{ $ref: '#/components/schemas/Account' }] },
        team: {
          description: 'The new Team of the account, or null when it has none.',
          anyOf: [{ $ref: '#/components/schemas/Team' }, { type: 'null' }],
        },
        type: expect.objectContaining({ type: 'string', enum: ['account_team_update'] }),
        occurred_at: expect.objectContaining({
          type: 'string',
          format: 'date-time',
          pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
        }),
        sequence: expect.objectContaining({ type: 'integer', minimum: 1 }),
      },
      required: ['account', 'team', 'type', 'occurred_at', 'sequence'],
    });
    expect(document.components.schemas.PingEvent).toEqual({
      type: 'object',
      properties: {
        event: { type: 'string', enum: ['ping'], example: 'ping' },
        callback: { description: 'The callback the test delivery is sent to.', allOf: [{ $ref: '#/components/schemas/Callback' }] },
        type: expect.objectContaining({ type: 'string', enum: ['ping'] }),
        occurred_at: expect.objectContaining({ type: 'string', format: 'date-time' }),
      },
      required: ['event', 'callback', 'type', 'occurred_at'],
    });
  });
});
