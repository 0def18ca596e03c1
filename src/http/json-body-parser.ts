import type { FastifyInstance } from 'fastify';
import { isInteger, parse } from 'lossless-json';

import { type JsonShapeViolation, REQUEST_BODY_SHAPE, jsonShapeViolation } from './json-nesting.js';

/**
 * Largest accepted request body: 128 KiB, twice the largest valid body (a
 * `PATCH /account/{id}` with every field at its bound and every character
 * written in its longest JSON form, about 65 KB; see docs/decisions.md), and
 * within the 1 MiB of docs/api.md#validation. Fastify answers 413 above, before reading it.
 */
export const BODY_LIMIT_BYTES = 128 * 1024;

/** The `detail` of the 413 for a body over {@link BODY_LIMIT_BYTES}. */
export const BODY_TOO_LARGE_DETAIL = `Request body too large: more than ${BODY_LIMIT_BYTES} bytes (128 KiB).`;

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

/** The 4xx of a body that breaks a bound of {@link REQUEST_BODY_SHAPE}. */
function shapeError(violation: JsonShapeViolation): Error & { statusCode: number } {
  switch (violation.kind) {
    case 'nesting':
      return bodyError(400, `Invalid JSON body: nested deeper than ${violation.limit} levels.`);
    case 'keys':
      return bodyError(413, `Request body too large: more than ${violation.limit} object keys.`);
    case 'string':
      return bodyError(413, `Request body too large: a string longer than ${violation.limit} characters.`);
  }
}

/**
 * Replaces Fastify's body parsers (docs/api.md#conventions):
 * - JSON (`application/json`, `+json` types) is parsed losslessly (docs/api.md#objects):
 *   `{"id": 18446744073709551615}` reaches the DTO as a `bigint`, not a rounded
 *   number. Unparseable JSON is a 400, nesting deeper than 32 levels
 *   a 400, more than 1000 keys or a string over 8192 characters a 413 (checked
 *   in one linear pass before parsing, see json-nesting.ts), and
 *   `__proto__`/`constructor`/`prototype` keys are dropped.
 * - An empty body is no body, whatever its content type (HTTP clients send
 *   `application/octet-stream` on body-less requests).
 * - Any other content type with a body is a 415.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser(JSON_MEDIA_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    const text = body as string;
    if (text.trim() === '') return done(null, undefined);
    const violation = jsonShapeViolation(text, REQUEST_BODY_SHAPE);
    if (violation) return done(shapeError(violation), undefined);
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
