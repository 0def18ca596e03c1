import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbacksController } from './callbacks.controller.js';
import { CallbacksService } from './callbacks.service.js';
import { CallbackEntity } from './callback.entity.js';
import { CallbackUrlCheck } from './callback-url.check.js';
import { CallbacksStoreModule } from './callbacks-store.module.js';
import { EventsModule } from '../events/events.module.js';
import { ClockModule } from '../clock/clock.module.js';

/** Apps' callback registrations (docs/api.md#routes-callbacks); the CLI uses its service too. */
@Module({
  imports: [ClockModule, TypeOrmModule.forFeature([CallbackEntity]), CallbacksStoreModule, EventsModule],
  controllers: [CallbacksController],
  providers: [CallbacksService, CallbackUrlCheck],
  exports: [CallbacksService],
})
export class CallbacksModule {}
