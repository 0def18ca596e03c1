import { HttpModule } from '@nestjs/axios';
import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { CallbackEntity } from '../callbacks/callback.entity.js';
import { CallbacksStoreModule } from '../callbacks/callbacks-store.module.js';
import type { AppConfig } from '../config/app-config.js';
import { EventsModule } from '../events/events.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { AppSlots } from './app-slots.js';
import { RedisClients } from '../redis/redis-clients.js';
import { RedisModule } from '../redis/redis.module.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';
import { DeliveryRetentionPruner } from './delivery-retention.pruner.js';
import { QueueConnectionLog } from './redis-error-log.js';
import { DeliveryDispatcher } from './delivery.dispatcher.js';
import { DeliveryEntity } from './delivery.entity.js';
import { DeliveryPump } from './delivery.pump.js';
import { configuredDeliveryProcessor } from './delivery.processor.js';
import { DELIVERY_QUEUE } from './delivery-queue.js';
import { DeliveryExecutor } from './delivery-executor.js';
import { EmbeddedDispatcher } from './embedded.dispatcher.js';
import { OutboxRelay } from './outbox.relay.js';
import { QueueDispatcher } from './queue.dispatcher.js';
import { WebhookSender } from './webhook-sender.js';

/**
 * Reliable delivery of events to callbacks (docs/api.md#events, docs/api.md#operating). Every process
 * relays the outbox. With Redis (`REDIS_URL`, Sentinel or Cluster, docs/api.md#scaling;
 * clients from {@link RedisClients}) the API and the workers put deliveries on
 * the BullMQ queue and the worker process (`worker: true`) sends them; without
 * it the API sends them itself (embedded mode) with the same code.
 */
@Module({})
export class DeliveryModule {
  /**
   * @param config the configuration the process runs with (decides the mode).
   * @throws Error when `worker` is asked for without `REDIS_URL`.
   */
  static forRoot(config: AppConfig, options: { worker: boolean }): DynamicModule {
    const entities = TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, CallbackEntity]);
    const common: Provider[] = [
      AppSlots,
      OutboxRelay,
      DeliveryExecutor,
      WebhookSender,
      DeliveryPump,
      DeliveryRetentionPruner,
      DeliveriesRepository,
    ];
    if (config.redisUrl === undefined) {
      if (options.worker) throw new Error('The delivery worker needs REDIS_URL; without it the API delivers callbacks itself.');
      return {
        module: DeliveryModule,
        imports: [entities, CallbacksStoreModule, EventsModule, ReadModelModule, HttpModule],
        providers: [...common, EmbeddedDispatcher, { provide: DeliveryDispatcher, useExisting: EmbeddedDispatcher }],
      };
    }
    return {
      module: DeliveryModule,
      imports: [
        entities,
        CallbacksStoreModule,
        EventsModule,
        ReadModelModule,
        HttpModule,
        RedisModule,
        BullModule.forRootAsync({
          imports: [RedisModule],
          inject: [RedisClients],
          useFactory: (redis: RedisClients) => ({ connection: redis.bullConnection('worker'), prefix: redis.bullPrefix() }),
        }),
        // The producer fails fast while Redis is down: deliveries then wait in the database.
        BullModule.registerQueueAsync({
          name: DELIVERY_QUEUE,
          imports: [RedisModule],
          inject: [RedisClients],
          useFactory: (redis: RedisClients) => ({ connection: redis.bullConnection('queue'), prefix: redis.bullPrefix() }),
        }),
      ],
      providers: [
        ...common,
        QueueDispatcher,
        QueueConnectionLog,
        { provide: DeliveryDispatcher, useExisting: QueueDispatcher },
        ...(options.worker ? [configuredDeliveryProcessor(config)] : []),
      ],
    };
  }
}
