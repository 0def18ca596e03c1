import { Module } from '@nestjs/common';

import { EventsModule } from '../events/events.module.js';
import { SerializationModule } from '../serialization/serialization.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { AccountsController } from './accounts.controller.js';
import { AccountsService } from './accounts.service.js';

/** Accounts (interface §4.1). */
@Module({
  imports: [SerializationModule, EventsModule, TeamsModule],
  controllers: [AccountsController],
  providers: [AccountsService],
  exports: [AccountsService],
})
export class AccountsModule {}
