import { type DynamicModule, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { ThrottlerModule } from '@nestjs/throttler';

import type { AppConfig } from '../config/app-config.js';
import { AuthFailureLimiter } from './auth-failure.limiter.js';
import { RateLimitGuard } from './rate-limit.guard.js';

/**
 * The API's rate limit, from `RATE_LIMIT_MAX` and `RATE_LIMIT_WINDOW`:
 * requests per principal (or, without credentials, per client address), and
 * failed authentications per client address ({@link AuthFailureLimiter}, which
 * the auth guard uses when this module provides it). Counters live in the
 * process: each API instance limits on its own. Health and metrics are never
 * limited.
 */
@Module({})
export class RateLimitModule {
  /** @param limit `max` requests per `windowMs` per client; `max` 0 (the default) registers nothing at all. */
  static forRoot(limit: AppConfig['rateLimit']): DynamicModule {
    if (limit.max === 0) return { module: RateLimitModule };
    return {
      module: RateLimitModule,
      imports: [ThrottlerModule.forRoot({ throttlers: [{ name: 'default', limit: limit.max, ttl: limit.windowMs }] })],
      providers: [{ provide: APP_GUARD, useClass: RateLimitGuard }, AuthFailureLimiter],
      exports: [AuthFailureLimiter],
      // Global: the auth guard (auth/) counts failed authentications in this module's limiter when the root
      // configured one (`@Optional()`), without auth/ importing a module that only the root can configure.
      global: true,
    };
  }
}
