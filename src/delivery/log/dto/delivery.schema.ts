import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type {
  DeliveryAttemptResource,
  DeliveryDetailsResource,
  DeliveryPage,
  DeliveryResource,
  RecoverResource,
} from '../delivery-log.resource.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../delivery-status.js';

/** OpenAPI schema of the Delivery object (docs/api.md#delivery-log). */
@ApiSchema({ name: 'Delivery' })
export class DeliverySchema implements DeliveryResource {
  @ApiProperty({ example: '1042', description: "The delivery's id." })
  id: string;

  @ApiProperty({ example: 'msg_5f0c6d3b9a2e4c1f8b7a6d5e4c3b2a19', description: 'The `webhook-id` header of every attempt.' })
  webhook_id: string;

  @ApiProperty({ enum: ['account_team_update', 'ping'], example: 'account_team_update' })
  event: string;

  @ApiProperty({ enum: DELIVERY_STATUSES, example: 'failed' })
  status: DeliveryStatus;

  @ApiProperty({ type: 'integer', example: 8, description: 'Attempts made so far, every round together.' })
  attempts: number;

  @ApiProperty({ type: 'number', example: 1795700000.125 })
  created_at: number;

  @ApiProperty({ type: 'number', nullable: true, example: 1795800800.5 })
  last_attempt_at: number | null;

  @ApiProperty({ type: 'number', nullable: true, example: null, description: 'Null unless pending.' })
  next_attempt_at: number | null;

  @ApiProperty({ type: 'integer', nullable: true, example: 503, description: 'Null when none yet, or a network error or timeout.' })
  last_response_status: number | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'HTTP 503' })
  last_error: string | null;

  @ApiProperty({ type: 'string', nullable: true, format: 'uri', example: 'https://app.example.com/hooks/accounts' })
  url: string | null;
}

/** OpenAPI schema of one attempt of the attempt log (docs/api.md#delivery-log). */
@ApiSchema({ name: 'DeliveryAttempt' })
export class DeliveryAttemptSchema implements DeliveryAttemptResource {
  @ApiProperty({ type: 'integer', example: 1, description: '1, 2, ... over every round of the delivery.' })
  attempt: number;

  @ApiProperty({ type: 'number', example: 1795700000.25 })
  at: number;

  @ApiProperty({ type: 'integer', example: 84 })
  duration_ms: number;

  @ApiProperty({ type: 'integer', nullable: true, example: 503 })
  response_status: number | null;

  @ApiProperty({ type: 'string', nullable: true, example: 'HTTP 503' })
  error: string | null;

  @ApiProperty({
    type: 'string',
    nullable: true,
    example: 'upstream unavailable',
    description: "The first 1,024 characters of the answer's body, as text.",
  })
  response_body: string | null;
}

/** OpenAPI schema of `GET /callback/{event}/deliveries/{id}`. */
@ApiSchema({ name: 'DeliveryDetails' })
export class DeliveryDetailsSchema extends DeliverySchema implements DeliveryDetailsResource {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The JSON body that is sent.',
    example: { account: { id: '80351110224678912', name: 'Nelly' }, team: null },
  })
  payload: unknown;

  @ApiProperty({ type: () => [DeliveryAttemptSchema], description: 'Oldest first.' })
  attempt_log: DeliveryAttemptResource[];
}

/** OpenAPI schema of a page of deliveries (docs/api.md#pagination, docs/api.md#delivery-log): a page, by number or by cursor. */
@ApiSchema({ name: 'DeliveryPage' })
export class DeliveryPageSchema implements DeliveryPage {
  @ApiProperty({
    type: 'integer',
    minimum: 0,
    nullable: true,
    description: 'Zero-based page number; null for a page asked for with `starting_after`.',
  })
  page: number | null;

  @ApiProperty({ type: 'integer', minimum: 1, maximum: 100 })
  per_page: number;

  @ApiProperty({ type: 'integer', description: 'ceil(results / per_page).' })
  pages: number;

  @ApiProperty({ type: 'integer', description: 'Total number of matches of the filter (whatever the page or cursor).' })
  results: number;

  @ApiProperty({
    type: 'boolean',
    description: 'Whether deliveries follow the last of `data`: ask for them with `starting_after` set to its `id`.',
  })
  has_more: boolean;

  @ApiProperty({ type: () => [DeliverySchema] })
  data: DeliveryResource[];
}

/** OpenAPI schema of `POST /callback/{event}/recover`'s answer. */
@ApiSchema({ name: 'RecoverResult' })
export class RecoverResultSchema implements RecoverResource {
  @ApiProperty({ type: 'integer', example: 12, description: 'Failed deliveries sent again (in the background).' })
  redelivered: number;
}
