import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { EventsModule } from '../events/events.module.js';
import { SerializationModule } from '../serialization/serialization.module.js';
import { TeamsController } from './teams.controller.js';
import { TeamsService } from './teams.service.js';
import { TeamEntity } from './team.entity.js';

/** Teams (interface §4.2). */
@Module({
  imports: [TypeOrmModule.forFeature([TeamEntity]), SerializationModule, EventsModule],
  controllers: [TeamsController],
  providers: [TeamsService],
  exports: [TeamsService],
})
export class TeamsModule {}
