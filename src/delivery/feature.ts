/**
 * The delivery of events to callbacks (docs/api.md#events).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { deliveries: '', delivery_attempts: '', delivery_counts: '', delivery_recoveries: '' },
  // Triggers on `deliveries` keep it (counts per callback and state).
  keptByTriggers: { delivery_counts: {} },
  // The features it may import.
  imports: ['callbacks', 'events'],
};
