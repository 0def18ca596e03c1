import { HttpException, HttpStatus } from '@nestjs/common';
import type { HealthCheckResult } from '@nestjs/terminus';

/**
 * 503 `{"detail": <terminus result>}` of `GET /health/ready` when a needed
 * dependency is down; its message names the dependencies down (what the
 * error filter logs), e.g. `Not ready: database down`.
 */
export class NotReadyException extends HttpException {
  constructor(result: HealthCheckResult) {
    super({ detail: result }, HttpStatus.SERVICE_UNAVAILABLE);
    const down = Object.keys(result.error ?? {});
    this.message = down.length > 0 ? `Not ready: ${down.map((name) => `${name} down`).join(', ')}` : `Not ready: ${result.status}`;
  }
}
