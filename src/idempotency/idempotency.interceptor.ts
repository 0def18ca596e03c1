import { type CallHandler, ConflictException, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';

import { Clock } from '../clock/clock.js';
import type { Principal } from '../common/principal.js';
import { withTransactionParticipant } from '../database/request-transaction.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import type { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { IdempotencyKeyTakenError, IdempotencyKeysRepository } from './idempotency-keys.repository.js';
import { decide, IDEMPOTENCY_KEY_TTL_SECONDS, parseIdempotencyKey, requestFingerprint } from './idempotency-rules.js';
import { IDEMPOTENT_WRITE, type IdempotentAnswer, type IdempotentWriteOptions } from './idempotent-write.options.js';
import { InFlightKeys } from './in-flight-keys.js';
import { routeTarget } from './route-target.js';

/** Request header naming the key, and the header that marks a replayed answer. */
const KEY_HEADER = 'idempotency-key';
const REPLAYED_HEADER = 'Idempotent-Replayed';

const KEY_LOC = ['header', 'Idempotency-Key'];

/**
 * `Idempotency-Key` on the routes marked {@link IdempotentWrite} (which
 * applies this interceptor to them alone: no other route pays for it), for
 * requests with credentials (the key's scope); requests without the header,
 * or without credentials, run exactly as if it were not there.
 *
 * 1. A key that is not 1..255 printable ASCII characters: 422 at `["header", "Idempotency-Key"]`.
 * 2. A request with the same credential and key still being handled here: 409.
 * 3. A stored, unexpired answer: replayed (status and JSON body, `Idempotent-Replayed: true`)
 *    when method, route target ({@link routeTarget}: an alias is its route; only the query
 *    parameters the route reads, in name order) and canonical body match, else 422; nothing runs.
 * 4. Otherwise the route runs, and its answer is inserted in its write
 *    transaction, just before `COMMIT`: committed together or not at all. When
 *    another instance stored the key meanwhile, the write rolls back and that
 *    answer is replayed (or 422). Errors are not stored: they wrote nothing.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private found: { keys: IdempotencyKeysRepository; inFlight: InFlightKeys } | undefined;

  constructor(
    private readonly reflector: Reflector,
    private readonly clock: Clock,
    private readonly moduleRef: ModuleRef,
  ) {}

  /**
   * The stored keys and the keys in flight, of `IdempotencyModule` (one of
   * each per process), looked up at the first keyed request: the interceptor
   * is made in the module of each keyed route's controller, which need not
   * import `IdempotencyModule` (the CLI loads some of those modules and never
   * answers a request).
   */
  private get store(): { keys: IdempotencyKeysRepository; inFlight: InFlightKeys } {
    return (this.found ??= {
      keys: this.moduleRef.get(IdempotencyKeysRepository, { strict: false }),
      inFlight: this.moduleRef.get(InFlightKeys, { strict: false }),
    });
  }

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const options = this.reflector.get<IdempotentWriteOptions | undefined>(IDEMPOTENT_WRITE, context.getHandler());
    if (!options) return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers[KEY_HEADER];
    if (header === undefined || !request.principal) return next.handle();
    const key = parseIdempotencyKey(header);
    if (key === undefined) {
      throw UnprocessableEntityError.single(KEY_LOC, 'must be 1 to 255 printable ASCII characters', 'value_error.idempotency_key');
    }
    const reply = context.switchToHttp().getResponse<FastifyReply>();
    const target = routeTarget(context, (request.params ?? {}) as Record<string, string>, request.query);
    return from(this.handle(request, reply, next, options, scopeOf(request.principal), key, target));
  }

  private async handle(
    request: FastifyRequest,
    reply: FastifyReply,
    next: CallHandler,
    options: IdempotentWriteOptions,
    scope: string,
    key: string,
    target: string,
  ): Promise<unknown> {
    const { keys, inFlight } = this.store;
    const inFlightKey = `${scope} ${key}`;
    if (!inFlight.acquire(inFlightKey)) {
      throw new ConflictException('A request with this Idempotency-Key is still being answered; retry once it has been.');
    }
    try {
      const fingerprint = requestFingerprint(request.method, target, request.body);
      const now = this.clock.nowSeconds();
      const decision = decide(await keys.find(scope, key), fingerprint, now);
      if (decision.action === 'replay') return replay(reply, decision.stored);
      if (decision.action === 'mismatch') throw mismatch();
      const participant = {
        beforeCommit: async (result: unknown) => {
          const answer: IdempotentAnswer = options.answer ? options.answer(result as never) : { status: reply.statusCode, body: result };
          await keys.insert(
            {
              scope,
              key,
              fingerprint,
              status: answer.status,
              body: answer.body === undefined ? null : JSON.stringify(answer.body),
              createdAt: now,
              expiresAt: now + IDEMPOTENCY_KEY_TTL_SECONDS,
            },
            decision.expired,
          );
        },
      };
      try {
        return await withTransactionParticipant(participant, () => lastValueFrom(next.handle(), { defaultValue: undefined }));
      } catch (error) {
        if (!(error instanceof IdempotencyKeyTakenError)) throw error;
        const taken = decide(await keys.find(scope, key), fingerprint, this.clock.nowSeconds());
        if (taken.action === 'replay') return replay(reply, taken.stored);
        throw mismatch();
      }
    } finally {
      inFlight.release(inFlightKey);
    }
  }
}

/** The scope of a credential's keys: `A<app id>` or `S<session id>`. */
function scopeOf(principal: Principal): string {
  return principal.kind === 'app' ? `A${principal.appId}` : `S${principal.sessionId}`;
}

/** Sends `stored` again: its status, `Idempotent-Replayed: true`, and its JSON body as stored. */
function replay(reply: FastifyReply, stored: IdempotencyKeyEntity): string | undefined {
  void reply.status(stored.status).header(REPLAYED_HEADER, 'true');
  if (stored.body === null) return undefined;
  void reply.header('content-type', 'application/json; charset=utf-8');
  return stored.body;
}

function mismatch(): UnprocessableEntityError {
  return UnprocessableEntityError.single(
    KEY_LOC,
    'this key was used for another request (method, path or body) in the last 24 hours; use a new key for a new request',
    'value_error.idempotency_key.reused',
  );
}
