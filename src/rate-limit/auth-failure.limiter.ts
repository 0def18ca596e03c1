import { Inject, Injectable } from '@nestjs/common';
import { ThrottlerStorage, ThrottlerStorageService } from '@nestjs/throttler';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { AppConfig } from '../config/app-config.js';
import { TooManyRequestsError } from '../errors/domain-errors.js';
import { type FailureBucket, failureBucket } from './client-network.js';

/** The bucket name of failed authentications (apart from the per-client request buckets). */
const FAILURES = 'auth-failures';

/**
 * Failed authentications counted per client address (`RATE_LIMIT_MAX` per
 * `RATE_LIMIT_WINDOW`, the address as `TRUST_PROXY` decides): a new wrong
 * token gets no fresh bucket. An IPv6 address counts with its whole
 * `/LOGIN_LIMIT_IPV6_PREFIX` network (see {@link failureBucket}), so picking
 * another address of one's /64 gives no fresh bucket either. Past the limit
 * the address (network) is blocked for a window: its requests with
 * credentials are answered 429, before any lookup.
 */
@Injectable()
export class AuthFailureLimiter {
  constructor(
    @Inject(ThrottlerStorage) private readonly storage: ThrottlerStorage,
    private readonly config: AppConfig,
  ) {}

  /** @throws HttpException (429, with `Retry-After`) while the request's address is blocked. */
  assertNotBlocked(request: FastifyRequest, reply: FastifyReply): void {
    if (!(this.storage instanceof ThrottlerStorageService)) return;
    const bucket = this.bucket(request);
    const record = this.storage.storage.get(`${FAILURES}:${bucket.key}`);
    const remainingMs = record?.isBlocked ? record.blockExpiresAt - Date.now() : 0;
    if (remainingMs > 0) this.refuse(reply, bucket, Math.ceil(remainingMs / 1000));
  }

  /** Counts one failed authentication. @throws HttpException (429) when it went over the limit. */
  async recordFailure(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const { max, windowMs } = this.config.rateLimit;
    const bucket = this.bucket(request);
    const record = await this.storage.increment(`${FAILURES}:${bucket.key}`, windowMs, max, windowMs, FAILURES);
    if (record.isBlocked) this.refuse(reply, bucket, record.timeToBlockExpire);
  }

  private bucket(request: FastifyRequest): FailureBucket {
    return failureBucket(request.ip, this.config.loginLimitIpv6Prefix);
  }

  private refuse(reply: FastifyReply, bucket: FailureBucket, retryAfterSeconds: number): never {
    reply.header('retry-after', String(retryAfterSeconds));
    const { max, windowMs } = this.config.rateLimit;
    throw new TooManyRequestsError(
      `Too many failed authentications from ${bucket.label}: at most ${max} per ${windowMs / 1000} s. Retry after ${retryAfterSeconds} s.`,
    );
  }
}
