import { SetMetadata, UseInterceptors, applyDecorators } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';

import { IDEMPOTENCY_KEY_TTL_SECONDS, MAX_IDEMPOTENCY_KEY_LENGTH } from './idempotency-rules.js';
import { IdempotencyInterceptor } from './idempotency.interceptor.js';
import { IDEMPOTENT_WRITE, type IdempotentWriteOptions } from './idempotent-write.options.js';

/**
 * Marks a write route that takes the `Idempotency-Key` header (IETF httpapi
 * draft "The Idempotency-Key HTTP Header Field"; Stripe's semantics): applies
 * {@link IdempotencyInterceptor} to this route alone, and documents the
 * header. The route's one write transaction (`Transactions`) returns what its
 * answer is built from; see `IdempotencyInterceptor`.
 */
export const IdempotentWrite = (options: IdempotentWriteOptions = {}): MethodDecorator =>
  applyDecorators(
    SetMetadata(IDEMPOTENT_WRITE, options),
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: 'Idempotency-Key',
      required: false,
      description:
        `Makes a retry safe: the first answer to this key (per credential, for ${IDEMPOTENCY_KEY_TTL_SECONDS / 3600} h) is stored with the write, and a retry ` +
        'with the same key, method, path and body gets it again with `Idempotent-Replayed: true`, without writing again. ' +
        'The same key with another request is a 422; while the first is still being answered, a 409. ' +
        `1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} printable ASCII characters (a random UUID, say), optionally as a quoted string. ` +
        'Ignored without credentials.',
      schema: { type: 'string', minLength: 1, maxLength: MAX_IDEMPOTENCY_KEY_LENGTH, pattern: '^[\\x20-\\x7e]+$' },
    }),
  );
