/**
 * The metrics (infrastructure).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'infrastructure',
};
