/**
 * Accounts (docs/api.md#routes-accounts).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { accounts: '' },
  // The features it may import.
  imports: ['events', 'idp', 'permissions', 'teams'],
};
