import { readFileSync } from 'node:fs';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, type OpenAPIObject, type OperationObject, SwaggerModule } from '@nestjs/swagger';

import { COMMIT_OUTCOME_UNKNOWN, ERROR_DESCRIPTIONS } from './api-responses.decorator.js';
import { asOpenApi31 } from './openapi-3-1.js';
import { ErrorSchema, ValidationErrorSchema } from './schemas/error.schema.js';
import { documentWebhooks, type WebhookDefinition } from './webhooks.js';

/** Where the UI is served; the document is at `/docs/json` (and `/docs/yaml`). */
export const DOCS_PATH = 'docs';

/** Name of the HTTP Basic security scheme every authenticated operation refers to. */
export const BASIC_SECURITY = 'basic';

/** Tag of the health and metrics routes, which are never rate limited. */
export const OPERATIONS_TAG = 'operations';

/** The first server of the document: where the quick start serves the API (README.md). */
export const QUICK_START_SERVER = 'http://127.0.0.1:3000';

/** The document's license: none is granted (the packages say `UNLICENSED`); an SPDX expression naming no known license. */
const LICENSE = { name: 'Proprietary (UNLICENSED): no license is granted', identifier: 'LicenseRef-Proprietary' };

/** Every tag the controllers use (`@ApiTags`), with what its operations are for; in the order of docs/api.md#routes. */
export const TAGS: Readonly<Record<string, string>> = {
  accounts: 'Accounts: identity-provider ids (unsigned 64-bit), names, teams, permissions and the awards they hold.',
  teams: 'Teams: named groups of accounts; a change of team sends an `account_team_update` event.',
  awards: 'Awards: given by a team to accounts; giving answers 201, or 208 when the account already held it.',
  callbacks: "The calling app's callbacks: the URL and secret each event type is delivered to, signed (Standard Webhooks).",
  deliveries: "The calling app's delivery log: each delivery's attempts and answers; redeliver, recover, ping.",
  auth: 'Sessions and tokens: sign in with an identity-provider token, open a session for an account, replace a token, who am I.',
  [OPERATIONS_TAG]: 'Health and metrics, for orchestrators and monitoring: public, never rate limited.',
};

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Schemas of the path parameters of docs/api.md#routes, by name (the pipes that parse them carry no OpenAPI metadata). */
const PATH_PARAMETERS: Record<string, { schema: Record<string, unknown>; description: string }> = {
  account: { schema: { type: 'string', pattern: '^[0-9]{1,20}$' }, description: 'Account id (unsigned 64-bit integer).' },
  team: { schema: { type: 'integer', minimum: 1 }, description: 'Team id.' },
  award: { schema: { type: 'integer', minimum: 1 }, description: 'Award id.' },
};

/**
 * Serves the OpenAPI 3.1 document of every route and of the `webhooks` the
 * service sends: the Swagger UI at `/docs`, the document at `/docs/json` and
 * `/docs/yaml`, with the HTTP Basic security scheme of docs/api.md#authentication.
 * The document is built on first request.
 */
export function setupOpenApi(app: NestFastifyApplication, webhooks: readonly WebhookDefinition[] = []): void {
  const version = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  const builder = new DocumentBuilder()
    .setTitle('Accounts service')
    .setDescription(
      'Accounts, teams, awards, sessions, app tokens and event callbacks. Errors are `{"detail": ...}`: ' +
        'a list of `{loc, msg, type}` for 422, a string otherwise. Timestamps are seconds since the UNIX epoch.',
    )
    .setVersion(version)
    .addServer(QUICK_START_SERVER, "The quick start's default: `npm start` on this machine (`PORT=4000 npm start` serves on port 4000).")
    .addServer('/', 'The server this document is served from (`/docs/json`).')
    .addBasicAuth(
      { type: 'http', scheme: 'basic', description: 'Username `A<app id>` with the app token, or `S<session id>` with the session token.' },
      BASIC_SECURITY,
    );
  for (const [name, description] of Object.entries(TAGS)) builder.addTag(name, description);
  const config = builder.build();
  config.info.license = LICENSE;
  const build = () => {
    const document = SwaggerModule.createDocument(app, config, {
      extraModels: [ErrorSchema, ValidationErrorSchema, ...webhooks.map((webhook) => webhook.payload)],
    });
    return asOpenApi31(documentWebhooks(completeOperations(document), webhooks));
  };
  SwaggerModule.setup(DOCS_PATH, app, build, {
    jsonDocumentUrl: `${DOCS_PATH}/json`,
    yamlDocumentUrl: `${DOCS_PATH}/yaml`,
    customSiteTitle: 'Accounts service API',
  });
}

/**
 * Whether the operation reads input its pipes validate, answering 422 when it is invalid: a request body, a
 * path or query parameter, or an `Idempotency-Key` header.
 */
function takesInput(operation: OperationObject): boolean {
  if (operation.requestBody) return true;
  return (operation.parameters ?? []).some(
    (parameter) =>
      'in' in parameter &&
      (parameter.in === 'path' || parameter.in === 'query' || (parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY)),
  );
}

/** Methods whose requests may carry a body, and so get the body answers (400, 413, 415) whether or not the route reads one. */
const BODY_METHODS: ReadonlySet<string> = new Set(['post', 'put', 'patch', 'delete']);

/**
 * Adds what the decorators cannot say: the answers any route may give whatever
 * its handler does (400 for a URL that cannot be read; 400, 413 and 415 for a
 * body that cannot be read: unparseable JSON, over 128 KiB or the key and
 * string bounds (docs/decisions.md), not JSON; 422 for a route that takes a
 * body, path or query parameters or an `Idempotency-Key`, which the pipes
 * validate (docs/api.md#conventions); 429 for every rate-limited route; 503 while the database cannot be
 * reached; 504 on a write whose commit was interrupted), and the schemas of
 * the id path parameters. A route documents its own 422 with `ApiErrors`
 * only to describe it better.
 */
function completeOperations(document: OpenAPIObject): OpenAPIObject {
  const error = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
  const validationError = { content: { 'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } } } };
  for (const [template, path] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      const operation = path[method];
      if (!operation) continue;
      const statuses = [
        400,
        ...(BODY_METHODS.has(method) ? [413, 415] : []),
        ...(operation.tags?.includes(OPERATIONS_TAG) ? [] : [429, 503]),
      ];
      for (const status of statuses) operation.responses[status] ??= { ...error, description: ERROR_DESCRIPTIONS[status] };
      if (takesInput(operation)) operation.responses[422] ??= { ...validationError, description: ERROR_DESCRIPTIONS[422] };
      if (BODY_METHODS.has(method) && !operation.tags?.includes(OPERATIONS_TAG)) documentCommitOutcomeUnknown(operation.responses, error);
      if (operation.parameters?.some((parameter) => 'in' in parameter && parameter.in === 'header' && parameter.name === IDEMPOTENCY_KEY))
        documentIdempotencyKey(operation.responses, error);
      // Path parameters first (in the order of the path), then query, then headers, whatever the order the decorators were applied in.
      operation.parameters?.sort(
        (a, b) =>
          PARAMETER_ORDER.indexOf(locationOf(a)) - PARAMETER_ORDER.indexOf(locationOf(b)) ||
          template.indexOf(`{${nameOf(a)}}`) - template.indexOf(`{${nameOf(b)}}`),
      );
      for (const parameter of operation.parameters ?? []) {
        if ('in' in parameter && parameter.in === 'path' && PATH_PARAMETERS[parameter.name])
          Object.assign(parameter, PATH_PARAMETERS[parameter.name]);
      }
    }
  }
  markAliases(document);
  return document;
}

/**
 * The alias spellings of docs/api.md#conventions: `/accounts/new` for
 * `/acounts/new`, and `/callbacks/{event}...` for every `/callback/{event}...`
 * route. @returns the path an alias stands for, or undefined for a canonical path.
 */
function canonicalOf(path: string): string | undefined {
  if (path === '/accounts/new') return '/acounts/new';
  if (path.startsWith('/callbacks/{event}')) return `/callback/{event}${path.slice('/callbacks/{event}'.length)}`;
  return undefined;
}

/**
 * One documented operation per route: each alias's operations are marked
 * deprecated, say which operation they stand for, and get the operation id of
 * that one with `Alias` appended (Nest numbers the ids of a handler with
 * several paths: `..._create[0]`, `..._create[1]`).
 */
function markAliases(document: OpenAPIObject): void {
  for (const alias of Object.keys(document.paths)) {
    const canonical = canonicalOf(alias);
    if (canonical === undefined) continue;
    for (const method of METHODS) {
      const operation = document.paths[alias]?.[method];
      const original = document.paths[canonical]?.[method];
      if (!operation || !original) continue;
      const id = (original.operationId ?? '').replace(/\[\d+\]$/, '');
      original.operationId = id;
      operation.operationId = `${id}Alias`;
      operation.deprecated = true;
      operation.summary = `Alias of ${method.toUpperCase()} ${canonical}`;
      operation.description = `The same operation as \`${method.toUpperCase()} ${canonical}\`, for clients that use this spelling; use that one.`;
    }
  }
}

/** Where each kind of parameter goes in an operation's list. */
const PARAMETER_ORDER = ['path', 'query', 'header', 'cookie'];

function nameOf(parameter: object): string {
  return 'name' in parameter ? String(parameter.name) : '';
}

function locationOf(parameter: object): string {
  return 'in' in parameter ? String(parameter.in) : 'path';
}

/** The request header of retry-safe writes (`idempotency/`). */
const IDEMPOTENCY_KEY = 'Idempotency-Key';

/** Adds the answers of an `Idempotency-Key`: 409 while its first request is in flight, 422 when it was used for another request. */
function documentIdempotencyKey(responses: Record<string, unknown>, error: object): void {
  const inFlight = 'A request with the same `Idempotency-Key` is still being answered.';
  const conflict = responses[409] as { description?: string } | undefined;
  if (!conflict) responses[409] = { ...error, description: inFlight };
  else conflict.description = `${conflict.description} Or: ${inFlight}`;
  const invalid = responses[422] as { description?: string } | undefined;
  if (invalid) invalid.description = `${invalid.description} Or: an \`Idempotency-Key\` that is malformed or was used for another request.`;
}

/** Adds the 504 of a write whose commit was interrupted, next to a 504 the route already gives (the identity provider's). */
function documentCommitOutcomeUnknown(responses: Record<string, unknown>, error: object): void {
  const existing = responses[504] as { description?: string } | undefined;
  if (!existing) responses[504] = { ...error, description: COMMIT_OUTCOME_UNKNOWN };
  else existing.description = `${existing.description} Or: ${COMMIT_OUTCOME_UNKNOWN}`;
}
