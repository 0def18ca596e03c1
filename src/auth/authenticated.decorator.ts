import { SetMetadata, applyDecorators } from '@nestjs/common';

/** Metadata key of {@link Authenticated} and {@link Public}. */
export const AUTH_REQUIREMENT = 'auth:requirement';

/**
 * What a route needs from its caller (contract §4, §5):
 * - `public`: nothing (credentials, if sent, must still be valid);
 * - `authenticated`: any valid credentials, of `principal` kind when given,
 *   holding every bit of `permission` when given.
 */
export type AuthRequirement =
  | { readonly kind: 'public' }
  | { readonly kind: 'authenticated'; readonly permission?: number; readonly principal?: 'app' | 'user' };

/** Marks a route that needs no authentication (contract §5 lists them). */
export const Public = (): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(AUTH_REQUIREMENT, { kind: 'public' } satisfies AuthRequirement));

/**
 * Marks a route that needs valid credentials, optionally an app token
 * (`principal: 'app'`) and permission bits (`permission`). Rules that depend on
 * the resource (self, team membership) are checked by the service's policies.
 */
export const Authenticated = (options: { permission?: number; principal?: 'app' | 'user' } = {}): MethodDecorator & ClassDecorator =>
  applyDecorators(SetMetadata(AUTH_REQUIREMENT, { kind: 'authenticated', ...options } satisfies AuthRequirement));
