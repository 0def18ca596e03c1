/**
 * Awards (docs/api.md#routes-awards).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { awards: '', awardees: '' },
  // The features it may import.
  imports: ['accounts', 'permissions', 'teams'],
};
