/**
 * Authentication: apps, sessions, the identity provider's login (docs/api.md#authentication).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { apps: 'apps/', sessions: 'sessions/' },
  // The features it may import.
  imports: ['accounts', 'idp', 'permissions'],
};
