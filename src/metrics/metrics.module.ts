import { Global, Module } from '@nestjs/common';

import { BuildInfoMetric } from './build-info.metric.js';
import { DeliveryMetrics } from './delivery-metrics.service.js';
import { DependencyMetrics } from './dependency-metrics.service.js';
import { HttpMetrics } from './http-metrics.service.js';
import { MetricsController } from './metrics.controller.js';
import { MetricsRegistry } from './metrics-registry.js';

/**
 * Prometheus metrics of the process: `GET /metrics`, the HTTP
 * request metrics, the {@link DeliveryMetrics} the delivery code records
 * into, the dependencies' state ({@link DependencyMetrics}, whose probes the
 * database module and the readiness check register) and the build info. Global: the replica lag monitor of `DatabaseModule` records into it
 * where the process has it (API, worker) and not in the CLI, which has no
 * metrics (an optional dependency an import could not express).
 */
@Global()
@Module({
  controllers: [MetricsController],
  providers: [MetricsRegistry, HttpMetrics, DeliveryMetrics, DependencyMetrics, BuildInfoMetric],
  exports: [MetricsRegistry, HttpMetrics, DeliveryMetrics, DependencyMetrics],
})
export class MetricsModule {}
