import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { AccountsModule } from '../accounts/accounts.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { TeamsModule } from '../teams/teams.module.js';
import { AwardsController } from './awards.controller.js';
import { AwardsRepository } from './awards.repository.js';
import { AwardsService } from './awards.service.js';
import { AwardEntity } from './award.entity.js';
import { AwardeeEntity } from './awardee.entity.js';
import { ClockModule } from '../clock/clock.module.js';

/** Awards (docs/api.md#routes-awards). Account and Team objects carry awards through the serialization module. */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([AwardEntity, AwardeeEntity]), ReadModelModule, AccountsModule, TeamsModule],
  controllers: [AwardsController],
  providers: [AwardsService, AwardsRepository],
  exports: [AwardsService],
})
export class AwardsModule {}
