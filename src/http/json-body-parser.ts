import type { FastifyInstance } from 'fastify';
import { isInteger, parse } from 'lossless-json';

import { MAX_JSON_NESTING, nestsDeeperThan } from './json-nesting.js';

/** Largest accepted request body: 1 MiB (docs/api.md#validation); Fastify answers 413 above. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Numbers as plain JS numbers, except integers beyond 2^53 which become
 * `bigint` so identity-provider ids survive exactly (docs/api.md#objects).
 */
function parseNumber(text: string): number | bigint {
  if (isInteger(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  return Number(text);
}

/** `application/json` and structured `+json` types (RFC 6839), with or without parameters. */
const JSON_MEDIA_TYPE = /^application\/(?:[\w.!#$&^-]+\+)?json\s*(?:;|$)/i;

/** Keys dropped from every object: unknown fields are ignored (docs/api.md#conventions), and these reach prototypes. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A body error Fastify answers with `statusCode` and the `{"detail"}` of docs/api.md#conventions. */
function bodyError(statusCode: number, message: string): Error & { statusCode: number } {
  return Object.assign(new Error(message), { statusCode });
}

/**
 * Replaces Fastify's body parsers (docs/api.md#conventions):
 * - JSON (`application/json`, `+json` types) is parsed losslessly (docs/api.md#objects):
 *   `{"id": 18446744073709551615}` reaches the DTO as a `bigint`, not a rounded
 *   number. Unparseable JSON is a 400, nesting deeper than {@link MAX_JSON_NESTING}
 *   a 400, and `__proto__`/`constructor`/`prototype` keys are dropped.
 * - An empty body is no body, whatever its content type (HTTP clients send
 *   `application/octet-stream` on body-less requests).
 * - Any other content type with a body is a 415.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    if (nestsDeeperThan(text, MAX_JSON_NESTING))
      return done(bodyError(400, `Invalid JSON body: nested deeper than ${MAX_JSON_NESTING} levels.`), undefined);
    try {
      done(
        null,
        parse(text, (key, value) => (PROTOTYPE_KEYS.has(key) ? undefined : value), parseNumber),
      );
    } catch (error) {
      done(bodyError(400, `Invalid JSON body: ${(error as Error).message}`), undefined);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (request, body, done) => {
    if ((body as Buffer).length === 0) return done(null, undefined);
    done(
      bodyError(415, `Unsupported content type ${JSON.stringify(request.headers['content-type'] ?? '')}: send application/json.`),
      undefined,
    );
  });
}
