import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import type { AccountEntity } from '../accounts/account.entity.js';
import { Clock } from '../clock/clock.js';
import { AccountSerializer } from '../serialization/account.serializer.js';
import { OutboxEventEntity } from './outbox-event.entity.js';

/**
 * Records events in the outbox inside the caller's transaction, so an event
 * exists exactly when its change committed (contract §8).
 */
@Injectable()
export class EventsService {
  constructor(
    private readonly accountSerializer: AccountSerializer,
    private readonly clock: Clock,
  ) {}

  /**
   * Records one `account_team_update` per account whose team changed; each body
   * is `{account, team}` with the account as it is now (contract §8).
   */
  async accountTeamChanged(manager: EntityManager, accounts: AccountEntity[]): Promise<void> {
    if (accounts.length === 0) return;
    const resources = await this.accountSerializer.serialize(accounts, manager);
    const now = this.clock.nowSeconds();
    await manager.insert(
      OutboxEventEntity,
      resources.map((account) => ({
        type: 'account_team_update',
        payload: JSON.stringify({ account, team: account.team }),
        createdAt: now,
      })),
    );
  }
}
