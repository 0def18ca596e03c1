import type { AccountEntity } from '../accounts/account.entity.js';
import type { Caller } from '../permissions/caller.js';
import type { AppEntity } from './apps/app.entity.js';
import type { SessionEntity } from './sessions/session.entity.js';

/** An app authenticated with its token. */
export interface AppPrincipal {
  readonly kind: 'app';
  readonly permissions: number;
  readonly app: AppEntity;
}

/** A user authenticated with a session token; `permissions` are the account's. */
export interface UserPrincipal {
  readonly kind: 'user';
  readonly permissions: number;
  readonly accountId: string;
  readonly teamId: number | null;
  readonly session: SessionEntity;
  readonly account: AccountEntity;
}

/** Whoever a request authenticated as; usable wherever a permission {@link Caller} is. */
export type Principal = AppPrincipal | UserPrincipal;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth guard when the request carried valid credentials. */
    principal?: Principal;
  }
}

/** Narrows a principal for the permission policies. */
export function asCaller(principal: Principal | undefined): Caller | undefined {
  return principal;
}
