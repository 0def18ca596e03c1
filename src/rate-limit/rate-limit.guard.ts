import { createHash } from 'node:crypto';

import { type ExecutionContext, Injectable } from '@nestjs/common';
import { ThrottlerGuard, type ThrottlerLimitDetail } from '@nestjs/throttler';
import type { FastifyRequest } from 'fastify';

import { parseBasicCredentials } from '../auth/basic-credentials.js';

/**
 * Rate limiting with `@nestjs/throttler`: `RATE_LIMIT_MAX` requests
 * per `RATE_LIMIT_WINDOW`, counted per client across all routes. A client is
 * its Basic credential (username and token together, so nobody can use up
 * another app's quota by sending its username with a wrong token) or, without
 * one, its IP address. Over the limit: 429 `{"detail": "..."}` with
 * `Retry-After` in seconds.
 */
@Injectable()
export class RateLimitGuard extends ThrottlerGuard {
  protected override async getTracker(request: Record<string, any>): Promise<string> {
    const header = (request as FastifyRequest).headers.authorization;
    const credentials = header === undefined ? undefined : parseBasicCredentials(header);
    if (credentials) {
      const digest = createHash('sha256').update(`${credentials.kind}:${credentials.id}:${credentials.token}`).digest('base64url');
      return `credential:${digest}`;
    }
    return `ip:${(request as FastifyRequest).ip}`;
  }

  /** One bucket per client for the whole API, not one per route. */
  protected override generateKey(_context: ExecutionContext, tracker: string, throttlerName: string): string {
    return `${throttlerName}:${tracker}`;
  }

  protected override async getErrorMessage(_context: ExecutionContext, detail: ThrottlerLimitDetail): Promise<string> {
    return `Too many requests: at most ${detail.limit} per ${detail.ttl / 1000} s. Retry after ${detail.timeToBlockExpire} s.`;
  }
}
