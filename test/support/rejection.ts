import type { HttpException } from '@nestjs/common';
import { expect } from 'vitest';

/**
 * The error `promise` rejects with, for asserting its status and body
 * (`error.getStatus()`, `error.getResponse()`); fails the test when it resolves.
 */
export async function rejection(promise: Promise<unknown>): Promise<HttpException> {
  return promise.then(
    () => expect.fail('expected a rejection'),
    (error: HttpException) => error,
  );
}
