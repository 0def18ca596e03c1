import type { Type } from '@nestjs/common';
import { getSchemaPath, type OpenAPIObject } from '@nestjs/swagger';

/** One event type apps receive, as the OpenAPI document's `webhooks` shows it. */
export interface WebhookDefinition {
  /** The event type: the webhook's name and its `X-Callback-Event` header. */
  readonly event: string;
  /** The class whose instances are the delivered body (an `@ApiSchema` class). */
  readonly payload: Type<unknown>;
  readonly summary: string;
  readonly description: string;
}

type Operation = NonNullable<OpenAPIObject['paths'][string]['post']>;
type ParameterObject = Exclude<NonNullable<Operation['parameters']>[number], { $ref: string }>;
type SchemaObject = NonNullable<ParameterObject['schema']>;

/** Name of the security scheme of deliveries to a plain secret: `Authorization: Bearer <the callback's secret>`. */
export const CALLBACK_SECRET_SECURITY = 'callbackSecret';

/**
 * The request headers of every delivery (docs/api.md#events): the Standard
 * Webhooks headers and `X-Callback-Event`. `Authorization` is the
 * {@link CALLBACK_SECRET_SECURITY} scheme, optional (OpenAPI ignores a header parameter of that name).
 */
function deliveryHeaders(event: string): ParameterObject[] {
  const header = (name: string, description: string, schema: SchemaObject): ParameterObject => ({
    in: 'header',
    name,
    required: true,
    description,
    schema,
  });
  return [
    header('webhook-id', 'The delivery id: the same on every attempt and redelivery of one delivery, so receivers drop duplicates by it.', {
      type: 'string',
      pattern: '^msg_[0-9a-f]{32}$',
      example: 'msg_5f0c8e1d2b3a49e6a7c1d0f2e3b4a596',
    }),
    header('webhook-timestamp', 'When this attempt was sent: UNIX seconds. Receivers refuse one too far from their clock (5 minutes).', {
      type: 'string',
      pattern: '^[0-9]+$',
      example: '1795700000',
    }),
    header(
      'webhook-signature',
      '`v1,` + base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}`, keyed by the callback secret (the base64-decoded part ' +
        'after `whsec_` for a `whsec_` secret, else its UTF-8 bytes). During a secret rotation, one signature per secret, newest first, ' +
        'space-separated: any of them verifies the message.',
      {
        type: 'string',
        pattern: '^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})*$',
        example: 'v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
      },
    ),
    header('X-Callback-Event', 'The event type.', { type: 'string', enum: [event] }),
  ];
}

/**
 * Adds `webhooks` (OpenAPI 3.1) to `document`: for each definition, the `POST`
 * the service sends to the callback registered for the event (docs/api.md#events),
 * with its headers, the bearer secret (sent only for a plain secret, never for
 * a `whsec_` one: an optional requirement) and the body's schema (a reference to
 * the payload class's schema, which must be among the document's models), and
 * what the service does with each answer. Changes the document in place.
 */
export function documentWebhooks(document: OpenAPIObject, webhooks: readonly WebhookDefinition[]): OpenAPIObject {
  document.components ??= {};
  document.components.securitySchemes ??= {};
  document.components.securitySchemes[CALLBACK_SECRET_SECURITY] = {
    type: 'http',
    scheme: 'bearer',
    description:
      'Deliveries to a callback whose secret is a plain string carry `Authorization: Bearer <secret>` (the newest secret during a rotation). ' +
      'A `whsec_` secret is never sent: verify `webhook-signature` instead.',
  };
  document.webhooks = Object.fromEntries(
    webhooks.map((webhook) => [
      webhook.event,
      {
        post: {
          operationId: `webhook_${webhook.event}`,
          summary: webhook.summary,
          description: webhook.description,
          tags: ['webhooks'],
          // Either the bearer secret (a plain secret) or none (a `whsec_` secret).
          security: [{ [CALLBACK_SECRET_SECURITY]: [] }, {}] as Record<string, string[]>[],
          parameters: deliveryHeaders(webhook.event),
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: getSchemaPath(webhook.payload) } } } },
          responses: {
            '2XX': {
              description: 'Received: any 2xx answer ends the delivery; its body is ignored (its first 1,024 characters are logged).',
            },
            default: {
              description:
                'A network error, a timeout, 408, 429 or 5xx is retried along CALLBACK_RETRY_DELAYS (or after a longer `Retry-After`); ' +
                'any other status fails the delivery at once. Redirects are not followed.',
            },
          },
        },
      },
    ]),
  );
  return document;
}
