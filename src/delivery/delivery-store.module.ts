import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';

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
 * import it.
 */
@Module({
  imports: [TypeOrmModule.forFeature([DeliveryEntity, DeliveryAttemptEntity, DeliveryRecoveryEntity])],
  providers: [DeliveriesRepository, DeliveryRecoveriesRepository],
  exports: [DeliveriesRepository, DeliveryRecoveriesRepository],
})
export class DeliveryStoreModule {}
