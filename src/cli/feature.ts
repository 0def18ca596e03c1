/**
 * The commands of the CLI (a composition root, like the modules at src/*.ts).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'root',
};
