/** Token of the {@link ReadinessOptions} of the process's readiness check. */
export const READINESS_OPTIONS = Symbol('READINESS_OPTIONS');

/**
 * What readiness requires besides the database: `redis: 'required'` (the
 * worker, which cannot deliver without it) or `'reported'` (the API, which
 * still takes writes without it: Redis's state shows in the body only).
 */
export interface ReadinessOptions {
  readonly redis: 'required' | 'reported';
}
