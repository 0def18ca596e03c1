/**
 * Permissions and the policies that check them (docs/api.md#permissions).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  // The features it may import.
  imports: [],
};
