import type { OutboxRepository } from './outbox.repository.js';

export type { EventReferences } from './outbox.repository.js';

/**
 * What delivery/ does with the `outbox_events` table (docs/architecture.md#tables):
 * the relay's claim and backlog, a ping's event and
 * the prune of relayed events no delivery refers to. `EventsModule` provides it
 * under {@link DELIVERY_OUTBOX}: delivery/ injects
 * `@Inject(DELIVERY_OUTBOX) outbox: DeliveryOutbox`.
 */
export type DeliveryOutbox = Pick<OutboxRepository, 'claimBatch' | 'countPending' | 'insertRelayed' | 'deleteRelayedUnreferenced'>;

/** The injection token of {@link DeliveryOutbox}. */
export const DELIVERY_OUTBOX = Symbol('DeliveryOutbox');
