import { Entity, PrimaryColumn } from 'typeorm';

import { ACCOUNT_ID_COLUMN } from '../common/account-id.js';

/** An account holding an award (one row per account and award). */
@Entity({ name: 'awardees' })
export class AwardeeEntity {
  @PrimaryColumn({ name: 'award_id', type: 'int' })
  awardId: number;

  @PrimaryColumn({ name: 'account_id', ...ACCOUNT_ID_COLUMN })
  accountId: string;
}
