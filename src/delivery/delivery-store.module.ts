import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

import { PendingDeliveries } from '../callbacks/pending-deliveries.js';
import { CallbackPendingDeliveries } from './callback-pending-deliveries.js';
import { DeliveriesRepository } from './deliveries.repository.js';
import { DeliveryAttemptEntity } from './delivery-attempt.entity.js';
import { DeliveryRecoveriesRepository } from './delivery-recoveries.repository.js';
import { DeliveryRecoveryEntity } from './delivery-recovery.entity.js';
import { DeliveryEntity } from './delivery.entity.js';

/**
 * The delivery tables' one provider (docs/architecture.md#tables): `deliveries`,
 * `delivery_attempts` and `delivery_counts` through {@link DeliveriesRepository},
 * `delivery_recoveries` through {@link DeliveryRecoveriesRepository}. The
 * engine ({@link DeliveryModule}), the apps' log and the operators' admin
 * import it. It also provides the {@link PendingDeliveries} port callbacks/
 * declares for deleting a callback; global, because callbacks/ may not import
 * delivery/ (delivery/ imports callbacks/): CallbacksService finds the port
 * here without an import back.
 */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, DeliveryRecoveryEntity])],
  providers: [DeliveriesRepository, DeliveryRecoveriesRepository, { provide: PendingDeliveries, useClass: CallbackPendingDeliveries }],
  exports: [DeliveriesRepository, DeliveryRecoveriesRepository, PendingDeliveries],
})
export class DeliveryStoreModule {}
