import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { EventsModule } from '../events/events.module.js';
import { IdpModule } from '../idp/idp.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsStoreModule } from './accounts-store.module.js';
import { AccountsService } from './accounts.service.js';
import { AccountEntity } from './account.entity.js';
import { ClockModule } from '../clock/clock.module.js';

/** Accounts (docs/api.md#routes-accounts). */
@Module({
  imports: [
    ClockModule,
    TypeOrmModule.forFeature([AccountEntity]),
    AccountsStoreModule,
    ReadModelModule,
    EventsModule,
    TeamsModule,
    IdpModule,
  ],
  controllers: [AccountsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
