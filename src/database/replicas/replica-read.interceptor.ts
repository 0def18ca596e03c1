import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyRequest } from 'fastify';
import { from, lastValueFrom, type Observable } from 'rxjs';

import { REPLICA_READ } from './replica-read.decorator.js';
import { ReplicaRouting } from './replica-routing.js';
import { onReplica } from './replica-scope.js';

/**
 * Runs the routes marked {@link ReplicaRead}, when requested without
 * credentials, as {@link onReplica} work (docs/api.md#scaling). The credential
 * check (the guard) has run before, on the primary.
 */
@Injectable()
export class ReplicaReadInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly routing: ReplicaRouting,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (!this.routing.enabled || context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const anonymousRead = (request.method === 'GET' || request.method === 'HEAD') && request.headers.authorization === undefined;
    if (!anonymousRead || this.reflector.get<boolean>(REPLICA_READ, context.getHandler()) !== true) return next.handle();
    return from(onReplica(() => lastValueFrom(next.handle(), { defaultValue: undefined })));
  }
}
