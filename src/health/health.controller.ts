import { Controller, Get, HttpException, HttpStatus, Inject, Logger } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import {
  HealthCheck,
  type HealthCheckResult,
  HealthCheckService,
  HealthIndicatorService,
  type HealthIndicatorResult,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import { SkipThrottle } from '@nestjs/throttler';

import { Public } from '../common/authenticated.decorator.js';
import { AppConfig } from '../config/app-config.js';
import { ReplicaSet } from '../database/replicas/replica-set.js';
import { OPERATIONS_TAG } from '../openapi/openapi.js';
import { NotReadyException } from './not-ready.exception.js';
import { READINESS_OPTIONS, type ReadinessOptions } from './readiness-options.js';
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
  properties: { status: { type: 'string', enum: ['ok', 'degraded', 'error'] }, info: CHECKS, error: CHECKS, details: CHECKS },
};

/**
 * Liveness and readiness probes, answered by the API and the worker.
 * Readiness checks what the process needs to do its work: the database
 * (both) and, in the worker, Redis. It answers 503 `{"detail": <terminus
 * result>}` when one is down (the error body shape of docs/api.md#conventions).
 * The API reports Redis without depending on it (docs/api.md#operating): with
 * Redis down it still takes writes, whose events wait in the database, so it
 * stays ready; its body then says `status: "degraded"` with `redis` down
 * under `error`. With read replicas it lists them under `replicas` (each
 * `{replica, available, lag_seconds, reason?}`): a lagging or lost replica is
 * reported there, never as unready (docs/api.md#scaling). Each change of
 * readiness is logged once, naming the dependency and why.
 */
@Controller('health')
@ApiTags(OPERATIONS_TAG)
@SkipThrottle()
export class HealthController {
  private readonly logger = new Logger('Health');
  /** The names of the dependencies down at the last check (to log changes only). */
  private lastDown = '';

  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly redis: RedisHealthIndicator,
    private readonly config: AppConfig,
    private readonly indicator: HealthIndicatorService,
    private readonly replicas: ReplicaSet,
    @Inject(READINESS_OPTIONS) private readonly options: ReadinessOptions,
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
    summary: 'Readiness: the database (and, for the worker, Redis) answers; the API reports Redis without needing it',
    description:
      'Public, for load balancers and orchestrators: 200 while the database answers (with Redis down the API still takes writes, and their events wait in the database: `degraded`, Redis under `error`); 503 otherwise. Lagging or lost read replicas are reported in the body, not as unready.',
  })
  @ApiOkResponse({
    description:
      'Every needed dependency answers: the terminus result (`degraded`, with `redis` under `error`, while the API runs without Redis).',
    schema: HEALTH_RESULT,
  })
  @ApiServiceUnavailableResponse({
    description: 'A needed dependency is down: the terminus result in `detail`.',
    schema: { type: 'object', properties: { detail: HEALTH_RESULT } },
  })
  async ready(): Promise<HealthCheckResult> {
    const redisNeeded = this.options.redis === 'required';
    const reported = this.config.redisUrl && !redisNeeded ? Promise.resolve(this.redis.pingCheck('redis', CHECK_TIMEOUT_MS)) : undefined;
    let result: HealthCheckResult;
    try {
      result = await this.health.check([
        () => this.database.pingCheck('database').withTimeout(CHECK_TIMEOUT_MS),
        ...(this.config.redisUrl && redisNeeded ? [() => this.redis.pingCheck('redis', CHECK_TIMEOUT_MS)] : []),
        ...(this.replicas.size > 0 ? [() => this.replicaReport()] : []),
      ]);
    } catch (error) {
      if (error instanceof HttpException && error.getStatus() === HttpStatus.SERVICE_UNAVAILABLE) {
        const failed = withReported(error.getResponse() as HealthCheckResult, reported && (await reported));
        this.logChange(failed);
        throw new NotReadyException(failed);
      }
      throw error;
    }
    const served = withReported(result, reported && (await reported));
    this.logChange(served);
    return served;
  }

  /** Always up: which replicas serve reads, and `reads_from` `replicas` or `primary` (none available). */
  private replicaReport() {
    const replicas = this.replicas.statuses();
    const readsFrom = replicas.some((replica) => replica.available) ? 'replicas' : 'primary';
    return this.indicator.check('replicas').up({ reads_from: readsFrom, replicas });
  }

  /** Logs a change of the set of dependencies down: which, and why (the checks' messages). */
  private logChange(result: HealthCheckResult): void {
    const down = Object.keys(result.error ?? {}).sort();
    const key = down.join(',');
    if (key === this.lastDown) return;
    this.lastDown = key;
    if (down.length === 0) {
      this.logger.log('Ready: every dependency answers again');
      return;
    }
    const reasons = down.map((name) => `${name} down (${String(result.error?.[name]?.message ?? 'no answer')})`).join(', ');
    if (result.status === 'degraded') this.logger.warn(`Ready without ${down.join(', ')}: ${reasons}; events wait in the database`);
    else this.logger.warn(`Not ready: ${reasons}`);
  }
}

/**
 * `result` with the Redis check the API reports but does not need: up, it joins `info`; down, it joins `error` and
 * an `ok` status becomes `degraded` (the HTTP status stays what the needed checks made it).
 */
function withReported(result: HealthCheckResult, reported: HealthIndicatorResult | undefined): HealthCheckResult {
  if (!reported) return result;
  const down = Object.values(reported).some((check) => check.status === 'down');
  return {
    status: down && result.status === 'ok' ? 'degraded' : result.status,
    info: down ? result.info : { ...result.info, ...reported },
    error: down ? { ...result.error, ...reported } : result.error,
    details: { ...result.details, ...reported },
  };
}
