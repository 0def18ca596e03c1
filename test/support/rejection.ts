import type { HttpException } from '@nestjs/common';
import { expect } from 'vitest';

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
