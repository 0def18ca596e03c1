/**
 * Callbacks (docs/api.md#routes-callbacks).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { callbacks: '' },
  // The features it may import.
  imports: ['events'],
};
