import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { EventsModule } from '../events/events.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { TeamsController } from './teams.controller.js';
import { TeamsRepository } from './teams.repository.js';
import { TeamsService } from './teams.service.js';
import { TeamEntity } from './team.entity.js';
import { ClockModule } from '../clock/clock.module.js';

/** Teams (docs/api.md#routes-teams). */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([TeamEntity]), ReadModelModule, EventsModule],
  controllers: [TeamsController],
  providers: [TeamsService, TeamsRepository],
  exports: [TeamsService],
})
export class TeamsModule {}
