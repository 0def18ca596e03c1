import { BullModule } from '@nestjs/bullmq';
import { type DynamicModule, Module, type Provider } from '@nestjs/common';

import { CallbacksStoreModule } from '../callbacks/callbacks-store.module.js';
import type { AppConfig } from '../config/app-config.js';
import { EventsModule } from '../events/events.module.js';
import { ReadModelModule } from '../read-model/read-model.module.js';
import { AppSlots } from './scheduling/app-slots.js';
import { RedisClients } from '../redis/redis-clients.js';
import { RedisModule } from '../redis/redis.module.js';
import { DeliveryRetentionPruner } from './admin/delivery-retention.pruner.js';
import { QueueConnectionLog } from './scheduling/redis-error-log.js';
import { CallbackRateLimiter, MemoryRateLimiter, RedisRateLimiter, SLOT_LEASE_MARGIN_MS } from './sending/callback-rate-limiter.js';
import { DeliveryStoreModule } from './delivery-store.module.js';
import { DeliveryPump } from './scheduling/delivery.pump.js';
import { configuredDeliveryProcessor } from './scheduling/delivery.processor.js';
import { DELIVERY_QUEUE } from './scheduling/delivery-queue.js';
import { DeliveryExecutor } from './sending/delivery-executor.js';
import { DeliveryRecoveryRunner } from './scheduling/delivery-recovery.runner.js';
import { DeliveryScheduler } from './scheduling/delivery-scheduler.js';
import { DeliveryTransport } from './scheduling/delivery-transport.js';
import { InProcessTransport } from './scheduling/in-process.transport.js';
import { OutboxRelay } from './relay/outbox.relay.js';
import { QueueTransport } from './scheduling/queue.transport.js';
import { WebhookSender } from './sending/webhook-sender.js';
import { ClockModule } from '../clock/clock.module.js';

/**
 * Reliable delivery of events to callbacks (docs/api.md#events, docs/api.md#operating,
 * docs/api.md#isolation-between-apps). Every process relays the outbox, carries out
 * recoveries and runs the one {@link DeliveryScheduler}; what differs is its
 * transport. With Redis (`REDIS_URL`, Sentinel or Cluster, docs/api.md#scaling;
 * clients from {@link RedisClients}) admitted deliveries become BullMQ jobs
 * that the worker process (`worker: true`) attempts, and rate limits are
 * counted in Redis; without it the API attempts them itself (embedded mode)
 * with the same code.
 */
@Module({})
export class DeliveryModule {
  /**
   * @param config the configuration the process runs with (decides the mode).
   * @throws Error when `worker` is asked for without `REDIS_URL`.
   */
  static forRoot(config: AppConfig, options: { worker: boolean }): DynamicModule {
    const common: Provider[] = [
      AppSlots,
      OutboxRelay,
      DeliveryExecutor,
      WebhookSender,
      DeliveryPump,
      DeliveryScheduler,
      DeliveryRecoveryRunner,
      DeliveryRetentionPruner,
    ];
    if (config.redisUrl === undefined) {
      if (options.worker) throw new Error('The delivery worker needs REDIS_URL; without it the API delivers callbacks itself.');
      return {
        module: DeliveryModule,
        imports: [ClockModule, DeliveryStoreModule, CallbacksStoreModule, EventsModule, ReadModelModule],
        providers: [
          ...common,
          InProcessTransport,
          { provide: DeliveryTransport, useExisting: InProcessTransport },
          { provide: CallbackRateLimiter, useValue: new MemoryRateLimiter(config.callbackTimeoutMs + SLOT_LEASE_MARGIN_MS) },
        ],
      };
    }
    return {
      module: DeliveryModule,
      imports: [
        ClockModule,
        DeliveryStoreModule,
        CallbacksStoreModule,
        EventsModule,
        ReadModelModule,
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
        QueueTransport,
        QueueConnectionLog,
        { provide: DeliveryTransport, useExisting: QueueTransport },
        {
          provide: CallbackRateLimiter,
          inject: [RedisClients],
          useFactory: (redis: RedisClients) => {
            const client = redis.client('queue');
            // Connection errors surface where the limiter is used (the attempt is tried again later); the queue logs Redis's state.
            client.on('error', () => undefined);
            return new RedisRateLimiter(client, redis.bullPrefix(), config.callbackTimeoutMs + SLOT_LEASE_MARGIN_MS);
          },
        },
        ...(options.worker ? [configuredDeliveryProcessor(config)] : []),
      ],
    };
  }
}
