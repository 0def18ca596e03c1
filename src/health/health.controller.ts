import { Controller, Get, HttpException, HttpStatus } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, type HealthCheckResult, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';

import { Public } from '../common/authenticated.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { ReplicaSet } from '../database/replicas/replica-set.js';
import { OPERATIONS_TAG } from '../openapi/openapi.js';
import { RedisHealthIndicator } from './redis.health.js';

/** How long one dependency may take to answer a readiness check. */
const CHECK_TIMEOUT_MS = 2000;

/** OpenAPI schema of a terminus result: `{status, info, error, details}`, each check keyed by name. */
const CHECKS = {
  type: 'object',
  additionalProperties: { type: 'object', properties: { status: { type: 'string', enum: ['up', 'down'] } } },
};
const HEALTH_RESULT = {
  type: 'object',
  properties: { status: { type: 'string', enum: ['ok', 'error'] }, info: CHECKS, error: CHECKS, details: CHECKS },
};

/**
 * Liveness and readiness probes, answered by the API and the worker.
 * Readiness checks the database and, when `REDIS_URL` is set, Redis; it
 * answers 503 `{"detail": <terminus result>}` when one is down (the error
 * body shape of docs/api.md#conventions). With read replicas it lists them under
 * `replicas` (each `{replica, available, lag_seconds, reason?}`): a lagging or
 * lost replica is reported there, never as unready (docs/api.md#scaling).
 */
@Controller('health')
@ApiTags(OPERATIONS_TAG)
@SkipThrottle()
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly config: AppConfig,
    private readonly indicator: HealthIndicatorService,
    private readonly replicas: ReplicaSet,
  ) {}

  @Get('live')
  @Public()
  @ApiOperation({
    summary: 'Liveness: the process is up and serving',
    description: 'Public, for orchestrators: 200 while the process runs.',
  })
  @ApiOkResponse({
    description: 'Always `{"status": "ok"}` while the process runs.',
    schema: { type: 'object', properties: { status: { type: 'string', enum: ['ok'] } } },
  })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @HealthCheck({ swaggerDocumentation: false })
  @ApiOperation({
    summary: 'Readiness: the database and, when configured, Redis answer',
    description:
      'Public, for load balancers and orchestrators: 200 while the database and, when configured, a Redis master answer; 503 otherwise. Lagging or lost read replicas are reported in the body, not as unready.',
  })
  @ApiOkResponse({ description: 'Every dependency answers: the terminus result.', schema: HEALTH_RESULT })
  @ApiServiceUnavailableResponse({
    description: 'A dependency is down: the terminus result in `detail`.',
    schema: { type: 'object', properties: { detail: HEALTH_RESULT } },
  })
  async ready(): Promise<HealthCheckResult> {
    try {
      return await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        ...(this.config.redisUrl ? [() => this.redis.pingCheck('redis', CHECK_TIMEOUT_MS)] : []),
        ...(this.replicas.size > 0 ? [() => this.replicaReport()] : []),
      ]);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.SERVICE_UNAVAILABLE) {
        throw new HttpException({ detail: error.getResponse() }, HttpStatus.SERVICE_UNAVAILABLE);
      }
      throw error;
    }
  }

  /** Always up: which replicas serve reads, and `reads_from` `replicas` or `primary` (none available). */
  private replicaReport() {
    const replicas = this.replicas.statuses();
    const readsFrom = replicas.some((replica) => replica.available) ? 'replicas' : 'primary';
    return this.indicator.check('replicas').up({ reads_from: readsFrom, replicas });
  }
}
