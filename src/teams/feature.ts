/**
 * Teams (docs/api.md#routes-teams).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { teams: '' },
  // The features it may import.
  imports: ['events', 'permissions'],
};
