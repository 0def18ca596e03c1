import type { FastifyInstance } from 'fastify';
import { isInteger, parse } from 'lossless-json';

/** Largest accepted request body: 1 MiB (contract §6); Fastify answers 413 above. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Numbers as plain JS numbers, except integers beyond 2^53 which become
 * `bigint` so identity-provider ids survive exactly (contract §2).
 */
function parseNumber(text: string): number | bigint {
  if (isInteger(text)) {
    const value = Number(text);
    return Number.isSafeInteger(value) ? value : BigInt(text);
  }
  return Number(text);
}

/**
 * Replaces Fastify's JSON body parser with a lossless one (contract §2):
 * `{"id": 18446744073709551615}` reaches the DTO as a `bigint`, not a rounded number.
 * Unparseable JSON is a 400 with a `detail` string.
 */
export function registerJsonBodyParser(fastify: FastifyInstance): void {
  fastify.removeContentTypeParser('application/json');
  fastify.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, done) => {
    try {
      const text = body as string;
      done(null, text.trim() === '' ? undefined : parse(text, undefined, parseNumber));
    } catch (error) {
      const failure = new Error(`Invalid JSON body: ${(error as Error).message}`) as Error & { statusCode: number };
      failure.statusCode = 400;
      done(failure, undefined);
    }
  });
}
