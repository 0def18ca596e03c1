import { Column, Entity, PrimaryColumn } from 'typeorm';

import { ACCOUNT_ID_COLUMN } from '../common/account-id.js';

/**
 * The `sequence` of an account's last `account_team_update` event
 * (docs/api.md#events); no row until its first event. Raised by
 * `account-event-sequence.repository.ts` only.
 */
@Entity({ name: 'account_event_sequences' })
export class AccountEventSequenceEntity {
  @PrimaryColumn({ ...ACCOUNT_ID_COLUMN, name: 'account_id' })
  accountId: string;

  @Column({ name: 'last_sequence', type: 'int', default: 0 })
  lastSequence: number;
}
