import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbacksController } from './callbacks.controller.js';
import { CallbacksRepository } from './callbacks.repository.js';
import { CallbacksService } from './callbacks.service.js';
import { CallbackEntity } from './callback.entity.js';

/** Apps' callback registrations (docs/api.md#routes-callbacks). */
@Module({
  imports: [TypeOrmModule.forFeature([CallbackEntity])],
  controllers: [CallbacksController],
  providers: [CallbacksService, CallbacksRepository],
})
export class CallbacksModule {}
