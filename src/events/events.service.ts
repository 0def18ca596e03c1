import { Injectable } from '@nestjs/common';

import { Clock } from '../clock/clock.js';
import type { AccountResource } from '../read-model/resources.js';
import { CallbackEpochRepository } from './callback-epoch.repository.js';
import { AccountTeamUpdateEvent } from './dto/account-team-update.event.js';
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
  ) {}

  /**
   * Records one `account_team_update` per account whose team changed; each body
   * is an {@link AccountTeamUpdateEvent} (docs/api.md#events). `accounts` are Account objects as they
   * are now, serialized by the caller inside the same transaction.
   */
  async accountTeamChanged(accounts: readonly AccountResource[]): Promise<void> {
    if (accounts.length === 0) return;
    await this.outbox.insert(
      accounts.map((account) => ({ type: 'account_team_update', payload: JSON.stringify(new AccountTeamUpdateEvent(account)) })),
      this.clock.nowSeconds(),
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
