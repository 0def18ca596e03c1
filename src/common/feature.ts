/**
 * Shared value types and route-access markers, on top of http/ and openapi/.
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'common',
};
