import { Global, Module } from '@nestjs/common';

import { DeliveryMetrics } from './delivery-metrics.service.js';
import { HttpMetrics } from './http-metrics.service.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRegistry } from './metrics-registry.js';

/**
 * Prometheus metrics of the process: `GET /metrics`, the HTTP
 * request metrics and the {@link DeliveryMetrics} the delivery code records
 * into. Global: a process has one registry, and the infrastructure
 * (replica lag, HTTP) and the delivery modules record into it; a second
 * instance imported by a module would register the metrics twice.
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, HttpMetrics, DeliveryMetrics],
  exports: [MetricsRegistry, HttpMetrics, DeliveryMetrics],
})
export class MetricsModule {}
