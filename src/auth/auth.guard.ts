import { type CanActivate, type ExecutionContext, ForbiddenException, Injectable, Optional } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { ACCOUNT_PERMISSIONS, hasPermissions, permissionNames } from '../permissions/permission.js';
import { AuthFailureLimiter } from '../rate-limit/auth-failure.limiter.js';
import { AppsService } from './apps/apps.service.js';
import { AUTH_REQUIREMENT, type AuthRequirement } from '../common/authenticated.decorator.js';
import { malformedCredentialsDetail, parseBasicCredentials } from './basic-credentials.js';
import { type Credential, setCredential } from './credential.js';
import type { Principal } from '../common/principal.js';
import { SessionsService } from './sessions/sessions.service.js';
import { BasicUnauthorizedException } from '../http/unauthorized.exception.js';

/** A route that declares nothing needs credentials: the guard fails closed. */
const DEFAULT_REQUIREMENT: AuthRequirement = { kind: 'authenticated' };

/**
 * The one global guard (docs/api.md#authentication): authenticates any `Authorization`
 * header (invalid credentials are a 401 even on public routes), then enforces
 * the route's {@link AuthRequirement}: 401 without credentials or with the
 * wrong kind of token, 403 without the required permission bits. With a
 * rate limit configured, failed authentications count per client address
 * and an address past the limit gets 429 before its credentials are looked up.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly apps: AppsService,
    private readonly sessions: SessionsService,
    @Optional() private readonly failures?: AuthFailureLimiter,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const requirement =
      this.reflector.getAllAndOverride<AuthRequirement | undefined>(AUTH_REQUIREMENT, [context.getHandler(), context.getClass()]) ??
      DEFAULT_REQUIREMENT;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    const header = request.headers.authorization;
    if (header !== undefined) {
      const credential = await this.authenticateCounted(header, request, context.switchToHttp().getResponse<FastifyReply>());
      setCredential(request, credential);
      request.principal = toPrincipal(credential);
    }
    if (requirement.kind === 'public') return true;

    const principal = request.principal;
    if (!principal) throw new BasicUnauthorizedException('Authentication required.');
    if (requirement.principal && principal.kind !== requirement.principal) {
      throw new BasicUnauthorizedException(
        requirement.principal === 'app' ? 'This endpoint needs an app token.' : 'This endpoint needs a user token.',
      );
    }
    if (requirement.permission && !hasPermissions(principal.permissions, requirement.permission)) {
      throw new ForbiddenException(`Missing permission: ${permissionNames(requirement.permission & ~principal.permissions).join(', ')}.`);
    }
    return true;
  }

  /** {@link authenticate}, with failures counted per address when a rate limit is configured. */
  private async authenticateCounted(header: string, request: FastifyRequest, reply: FastifyReply): Promise<Credential> {
    if (!this.failures) return this.authenticate(header);
    this.failures.assertNotBlocked(request, reply);
    try {
      return await this.authenticate(header);
    } catch (error) {
      if (error instanceof BasicUnauthorizedException) await this.failures.recordFailure(request, reply);
      throw error;
    }
  }

  /** @throws BasicUnauthorizedException (401) for malformed, unknown, wrong or expired credentials. */
  private async authenticate(header: string): Promise<Credential> {
    const credentials = parseBasicCredentials(header);
    if (!credentials) throw new BasicUnauthorizedException(malformedCredentialsDetail(header));
    if (credentials.kind === 'app') {
      const app = await this.apps.authenticate(credentials.id, credentials.token);
      if (!app) throw new BasicUnauthorizedException('Invalid credentials.');
      return { kind: 'app', app };
    }
    const found = await this.sessions.authenticate(credentials.id, credentials.token);
    if (!found) throw new BasicUnauthorizedException('Invalid or expired credentials.');
    return { kind: 'user', session: found.session, account: found.account };
  }
}

/** The plain principal of a credential: ids and permission bits (a user holds only account permissions, docs/api.md#permissions). */
function toPrincipal(credential: Credential): Principal {
  if (credential.kind === 'app') return { kind: 'app', permissions: credential.app.permissions, appId: credential.app.id };
  const { account, session } = credential;
  return {
    kind: 'user',
    permissions: account.permissions & ACCOUNT_PERMISSIONS,
    accountId: account.id,
    teamId: account.teamId,
    sessionId: session.id,
  };
}
