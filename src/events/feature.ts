/**
 * Events and the outbox they are delivered from (docs/api.md#events).
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'feature',
  tables: { outbox_events: '', callback_epoch: '', account_event_sequences: '' },
  // The features it may import.
  imports: [],
};
