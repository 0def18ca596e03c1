import { CoreSchema1763800000000 } from './1763800000000-core-schema.js';
import { AwardsSchema1763800001000 } from './1763800001000-awards-schema.js';
import { OutboxSchema1763800002000 } from './1763800002000-outbox-schema.js';
import { AccountCounts1763800006000 } from './1763800006000-account-counts.js';
import { AccountNameGrams1763800007000 } from './1763800007000-account-name-grams.js';
import { OutboxPayloadLongtext1763800008000 } from './1763800008000-outbox-payload-longtext.js';
import { IdempotencyKeys1795602307444 } from './1795602307444-idempotency-keys.js';
import { ReplicationHeartbeat1795651843731 } from './1795651843731-replication-heartbeat.js';
import { CallbackEpoch1795700000000 } from './1795700000000-callback-epoch.js';
import { DeliveryLog1795700000001 } from './1795700000001-delivery-log.js';
import { DeliveryCounts1795700000002 } from './1795700000002-delivery-counts.js';
import { AttemptLogTrigger1795700000003 } from './1795700000003-attempt-log-trigger.js';
import { OutboxTraceContext1795700000010 } from './1795700000010-outbox-trace-context.js';
import { CallbackPreviousSecrets1795700001000 } from './1795700001000-callback-previous-secrets.js';
import { FairScheduling1795800000000 } from './1795800000000-fair-scheduling.js';
import { TableTotals1795900000000 } from './1795900000000-table-totals.js';
import { AccountNameRanges1795900000001 } from './1795900000001-account-name-ranges.js';
import { OrderedGramCounts1795900000002 } from './1795900000002-ordered-gram-counts.js';
import { ShardedNameRangeCounts1795900000003 } from './1795900000003-sharded-name-range-counts.js';
import { TeamNameGrams1795900000004 } from './1795900000004-team-name-grams.js';
import { AccountEventSequences1795900000005 } from './1795900000005-account-event-sequences.js';
import { DeliveriesByCreated1795950796218 } from './1795950796218-deliveries-by-created.js';
import { DeliveryAccounts1795952685759 } from './1795952685759-delivery-accounts.js';
import { DeliveriesByStatus1795960000000 } from './1795960000000-deliveries-by-status.js';
import { DeliveriesByAccount1795970000000 } from './1795970000000-deliveries-by-account.js';

/** Every migration, oldest first. Add new ones at the end. */
export const MIGRATIONS = [
  CoreSchema1763800000000,
  AwardsSchema1763800001000,
  OutboxSchema1763800002000,
  AccountCounts1763800006000,
  AccountNameGrams1763800007000,
  OutboxPayloadLongtext1763800008000,
  IdempotencyKeys1795602307444,
  ReplicationHeartbeat1795651843731,
  CallbackEpoch1795700000000,
  DeliveryLog1795700000001,
  DeliveryCounts1795700000002,
  AttemptLogTrigger1795700000003,
  OutboxTraceContext1795700000010,
  CallbackPreviousSecrets1795700001000,
  FairScheduling1795800000000,
  TableTotals1795900000000,
  AccountNameRanges1795900000001,
  OrderedGramCounts1795900000002,
  ShardedNameRangeCounts1795900000003,
  TeamNameGrams1795900000004,
  AccountEventSequences1795900000005,
  DeliveriesByCreated1795950796218,
  DeliveryAccounts1795952685759,
  DeliveriesByStatus1795960000000,
  DeliveriesByAccount1795970000000,
];
