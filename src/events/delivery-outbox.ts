import type { NewOutboxEvent, OutboxEventEntity } from './outbox-event.entity.js';

/**
 * The references to events from another module's table, as an SQL subquery
 * its owner writes: it selects a row while something refers to the event
 * `outbox_events.id` (delivery/'s is `EVENT_REFERENCES` in
 * `deliveries.repository.ts`). The prune keeps those events.
 */
export interface EventReferences {
  readonly subquery: string;
}

/**
 * What delivery/ does with the `outbox_events` table (docs/architecture.md#tables):
 * the relay's claim and backlog, a ping's event and the prune of relayed
 * events no delivery refers to. `EventsModule` provides it (the
 * {@link OutboxRepository} instance) under {@link DELIVERY_OUTBOX}: delivery/
 * injects `@Inject(DELIVERY_OUTBOX) outbox: DeliveryOutbox`. Times are Unix
 * seconds.
 */
export interface DeliveryOutbox {
  /**
   * Claims up to `limit` events not yet relayed, marking them relayed at `now`.
   * @returns the events, or `null` when another process claimed them first (try again).
   */
  claimBatch(limit: number, now: number): Promise<OutboxEventEntity[] | null>;
  /** @returns how many events wait for the relay. */
  countPending(): Promise<number>;
  /** Records `event` already relayed (a ping's). @returns its id. */
  insertRelayed(event: NewOutboxEvent, now: number): Promise<number>;
  /** Deletes events relayed before `cutoff` that no row of `references` points to. @returns how many. */
  deleteRelayedUnreferenced(cutoff: number, references: EventReferences): Promise<number>;
}

/** The injection token of {@link DeliveryOutbox}. */
export const DELIVERY_OUTBOX = Symbol('DeliveryOutbox');
