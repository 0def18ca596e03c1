import { SetMetadata, applyDecorators } from '@nestjs/common';
import { ApiBasicAuth, ApiSecurity } from '@nestjs/swagger';

import { ApiErrors } from '../openapi/api-responses.decorator.js';
import { BASIC_SECURITY } from '../openapi/openapi.js';

/** Metadata key of {@link Authenticated} and {@link Public}. */
export const AUTH_REQUIREMENT = 'auth:requirement';

/**
 * What a route needs from its caller (docs/api.md#authentication, docs/api.md#permissions):
 * - `public`: nothing (credentials, if sent, must still be valid);
 * - `authenticated`: any valid credentials, of `principal` kind when given,
 *   holding every bit of `permission` when given.
 */
export type AuthRequirement =
  { readonly kind: 'public' } | { readonly kind: 'authenticated'; readonly permission?: number; readonly principal?: 'app' | 'user' };

/**
 * Marks a route that needs no authentication (docs/api.md#permissions lists them). Its
 * OpenAPI operation takes optional HTTP Basic credentials, which give a 401
 * when invalid.
 */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(AUTH_REQUIREMENT, { kind: 'public' } satisfies AuthRequirement),
    ApiSecurity({}),
    ApiBasicAuth(BASIC_SECURITY),
    ApiErrors([401], { 401: 'Credentials were sent but are malformed, unknown, wrong or expired.' }),
  );

/**
 * Marks a route that needs valid credentials, optionally an app token
 * (`principal: 'app'`) and permission bits (`permission`). Rules that depend on
 * the resource (self, team membership) are checked by the service's policies.
 * Its OpenAPI operation requires HTTP Basic and documents the 401 and 403.
 */
export const Authenticated = (options: { permission?: number; principal?: 'app' | 'user' } = {}): MethodDecorator & ClassDecorator =>
  applyDecorators(
    SetMetadata(AUTH_REQUIREMENT, { kind: 'authenticated', ...options } satisfies AuthRequirement),
    ApiBasicAuth(BASIC_SECURITY),
    ApiErrors([401, 403], {
      401: `Missing, malformed, unknown, wrong or expired credentials${options.principal ? ` or not ${options.principal === 'app' ? 'an app' : 'a user'} token` : ''} (\`WWW-Authenticate: Basic\`).`,
      403: 'Authenticated, but without the permission this needs.',
    }),
  );
