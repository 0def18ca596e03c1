import { Global, Module } from '@nestjs/common';

import { DeliveryMetrics } from './delivery-metrics.service.js';
import { HttpMetrics } from './http-metrics.service.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRegistry } from './metrics-registry.js';

/**
 * Prometheus metrics of the process: `GET /metrics`, the HTTP
 * request metrics and the {@link DeliveryMetrics} the delivery code records
 * into. Global, like configuration, so any module can record.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, HttpMetrics, DeliveryMetrics],
  exports: [MetricsRegistry, HttpMetrics, DeliveryMetrics],
})
export class MetricsModule {}
