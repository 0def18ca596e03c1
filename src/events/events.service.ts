import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import type { AccountResource } from '../read-model/resources.js';
import { AccountEventSequenceRepository } from './account-event-sequence.repository.js';
import { CallbackEpochRepository } from './callback-epoch.repository.js';
import { ACCOUNT_TEAM_UPDATE, AccountTeamUpdateEvent } from './dto/account-team-update.event.js';
import { occurredAt } from './occurred-at.js';
import { OutboxRepository } from './outbox.repository.js';

/**
 * Records events in the outbox inside the caller's transaction, so an event
 * exists exactly when its change committed (docs/api.md#events).
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly clock: Clock,
    private readonly epochs: CallbackEpochRepository,
    private readonly sequences: AccountEventSequenceRepository,
  ) {}

  /**
   * Records one `account_team_update` per account whose team changed; each body
   * is an {@link AccountTeamUpdateEvent} (docs/api.md#events). `accounts` are Account objects as they
   * are now, serialized by the caller inside the same transaction. Each
   * account's event sequence is raised first (its counter row then stays
   * locked until commit, so the next event of the account, in any process,
   * waits and is numbered after this one), then the time is read: the
   * `occurred_at` of every body and the events' `created_at`.
   */
  async accountTeamChanged(accounts: readonly AccountResource[]): Promise<void> {
    if (accounts.length === 0) return;
    const sequences = await this.sequences.raise(accounts.map((account) => account.id));
    const now = this.clock.nowSeconds();
    const at = occurredAt(now);
    await this.outbox.insert(
      accounts.map((account) => ({
        type: ACCOUNT_TEAM_UPDATE,
        payload: JSON.stringify(new AccountTeamUpdateEvent(account, at, sequences.get(account.id)!)),
      })),
      now,
    );
  }

  /**
   * Starts a callback epoch for a callback registered in the current
   * transaction: it receives the events committed after it, none from before
   * (docs/api.md#events). The epoch stays locked until that transaction ends.
   *
   * @returns the new epoch.
   */
  async startCallbackEpoch(): Promise<number> {
    return this.epochs.advance();
  }
}
