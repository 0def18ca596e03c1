import type { HttpException } from '@nestjs/common';
import { expect } from 'vitest';

import type { FieldProblem } from '../../src/errors/domain-errors.js';

/**
 * The error `promise` rejects with, for asserting on it (an `HttpException` unless `E` says otherwise:
 * `error.getStatus()`, `error.getResponse()`); fails the test when it resolves.
 */
export async function rejection<E = HttpException>(promise: Promise<unknown>): Promise<E> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: E) => error,
  );
}

/**
 * The domain error (src/errors/domain-errors.ts) `promise` rejects with: its
 * `message`, and for invalid input its `problems`; fails the test when it resolves.
 */
export function domainRejection(promise: Promise<unknown>): Promise<Error & { problems?: readonly FieldProblem[] }> {
  return rejection(promise);
}
