import { Controller, Get, Header } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { SkipThrottle } from '@nestjs/throttler';
import { Registry } from 'prom-client';

import { Public } from '../common/authenticated.decorator.js';
import { OPERATIONS_TAG } from '../openapi/openapi.js';
import { MetricsRegistry } from './metrics-registry.js';

/** `GET /metrics`: the process's metrics in the Prometheus text format. */
@Controller('metrics')
@ApiTags(OPERATIONS_TAG)
@SkipThrottle()
export class MetricsController {
  constructor(private readonly registry: MetricsRegistry) {}

  @Get()
  @Public()
  @Header('Content-Type', Registry.PROMETHEUS_CONTENT_TYPE)
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Prometheus metrics of this process',
    description:
      "The process's metrics in the Prometheus text format, for your monitoring to scrape. Public and never rate limited: keep it internal at the reverse proxy.",
  })
  @ApiOkResponse({ description: 'Prometheus text exposition format 0.0.4.', content: { 'text/plain': { schema: { type: 'string' } } } })
  async metrics(): Promise<string> {
    return this.registry.metrics();
  }
}
