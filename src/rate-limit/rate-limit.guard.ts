import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';

/**
 * Rate limiting with `@nestjs/throttler`: `RATE_LIMIT_MAX` requests
 * per `RATE_LIMIT_WINDOW`, counted per client across all routes. Runs after
 * the auth guard: an authenticated client is its principal (the app, or the
 * account whatever its session), so neither new sessions nor another address
 * give it a fresh bucket; a client without credentials is its address (as
 * `TRUST_PROXY` decides). Wrong credentials never get this far (see
 * `AuthFailureLimiter`). Over the limit: 429 `{"detail": "..."}` with
 * `Retry-After` in seconds.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(request: FastifyRequest): Promise<string> {
    const principal = request.principal;
    if (principal?.kind === 'app') return `app:${principal.appId}`;
    if (principal?.kind === 'user') return `account:${principal.accountId}`;
    return `ip:${request.ip}`;
  }

  /** One bucket per client for the whole API, not one per route. */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async getErrorMessage(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<string> {
    return `Too many requests: at most ${detail.limit} per ${detail.ttl / 1000} s. Retry after ${detail.timeToBlockExpire} s.`;
  }
}
