import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { Principal } from './principal.js';

/** Injects the request's {@link Principal} (or `undefined` on a public route called anonymously). */
export const CurrentPrincipal = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal | undefined => context.switchToHttp().getRequest<FastifyRequest>().principal,
);
