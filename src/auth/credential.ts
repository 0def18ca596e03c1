import { type ExecutionContext, createParamDecorator } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { AccountEntity } from '../accounts/account.entity.js';
import type { AppEntity } from './apps/app.entity.js';
import type { SessionEntity } from './sessions/session.entity.js';

/**
 * The rows behind a request's principal, as the auth guard loaded them: the
 * app, or the session and its account. Only the auth feature reads them
 * (`/auth/me`, `/auth/reset-token`); everything else sees the plain `Principal`.
 */
export type Credential =
  | { readonly kind: 'app'; readonly app: AppEntity }
  | { readonly kind: 'user'; readonly session: SessionEntity; readonly account: AccountEntity };

/** Where the auth guard keeps the {@link Credential} on the request. */
const CREDENTIAL = Symbol('credential');

type RequestWithCredential = FastifyRequest & { [CREDENTIAL]?: Credential };

/** Stores the credential the auth guard authenticated on `request`. */
export function setCredential(request: FastifyRequest, credential: Credential): void {
  (request as RequestWithCredential)[CREDENTIAL] = credential;
}

/** Injects the request's {@link Credential}; only on routes that require authentication. */
export const CurrentCredential = createParamDecorator((_data: unknown, context: ExecutionContext): Credential => {
  const credential = (context.switchToHttp().getRequest<FastifyRequest>() as RequestWithCredential)[CREDENTIAL];
  if (!credential) throw new Error('CurrentCredential used on a route without authentication');
  return credential;
});
