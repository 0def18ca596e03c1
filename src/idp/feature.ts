/**
 * The identity provider's client.
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  // The features it may import.
  imports: [],
};
