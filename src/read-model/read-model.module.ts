import { Module } from '@nestjs/common';

import { AccountSerializer } from './account.serializer.js';
import { AccountNameRanges } from './account-search/account-name-ranges.js';
import { AccountSearchReader } from './account-search/account-search.reader.js';
import { AwardSerializer } from './award.serializer.js';
import { AwardHoldingsReader } from './award-holdings.reader.js';
import { DeliveryAttemptReader } from './delivery-attempt.reader.js';
import { DeliveryLogReader } from './delivery-log.reader.js';
import { DueDeliveriesReader } from './due-deliveries.reader.js';
import { TeamSearchReader } from './team-search.reader.js';
import { NameGramKeys } from './account-search/name-gram-keys.js';
import { TeamSerializer } from './team.serializer.js';

/**
 * The read side: builds the objects of docs/api.md#objects from the tables of the
 * accounts, teams and awards modules in batched queries, and reads the
 * deliveries with their callbacks and events (an attempt's input, the apps'
 * delivery log, the deliveries due per callback). It never writes; writes go through each module's service.
 */
@Module({
  providers: [
    NameGramKeys,
    AccountNameRanges,
    AccountSerializer,
    TeamSerializer,
    AwardSerializer,
    AwardHoldingsReader,
    AccountSearchReader,
    TeamSearchReader,
    DeliveryAttemptReader,
    DeliveryLogReader,
    DueDeliveriesReader,
  ],
  exports: [
    AccountSerializer,
    TeamSerializer,
    AwardSerializer,
    AccountSearchReader,
    TeamSearchReader,
    DeliveryAttemptReader,
    DeliveryLogReader,
    DueDeliveriesReader,
  ],
})
export class ReadModelModule {}
