import { Injectable } from '@nestjs/common';

/**
 * Tells this process's outbox relay that a transaction which recorded events
 * has just committed, so it relays them now instead of at its next poll
 * (docs/api.md#events: events are delivered promptly; the poll stays as the safety
 * net for events committed by other processes).
 */
@Injectable()
export class OutboxSignal {
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` (synchronously, so keep it short) on every commit that recorded events. @returns an unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called once the transaction that recorded events committed. */
  committed(): void {
    for (const listener of this.listeners) listener();
  }
}
