/**
 * Idempotency keys (infrastructure): the stored answers of keyed writes.
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'infrastructure',
  tables: { idempotency_keys: '' },
};
