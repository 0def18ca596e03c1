import { Module } from '@nestjs/common';

import { CallbacksController } from './callbacks.controller.js';
import { CallbacksService } from './callbacks.service.js';

/** Apps' callback registrations (interface §4.4). */
@Module({
  controllers: [CallbacksController],
  providers: [CallbacksService],
})
export class CallbacksModule {}
