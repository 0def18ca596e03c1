import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { CallbackListResource, CallbackResource } from '../callback.resource.js';
import { EVENT_TYPES } from '../../events/event-type.js';

/** OpenAPI schema of the Callback object (docs/api.md#objects): never the secret. */
@ApiSchema({ name: 'Callback' })
export class CallbackSchema implements CallbackResource {
  @ApiProperty({ type: 'integer', example: 1 })
  id: number;

  @ApiProperty({ enum: EVENT_TYPES, example: 'account_team_update' })
  event: string;

  @ApiProperty({ format: 'uri', example: 'https://app.example.com/hooks/accounts' })
  url: string;

  @ApiProperty({ description: 'True while deliveries are held: the callback failed for good for CALLBACK_DISABLE_AFTER.', example: false })
  disabled: boolean;

  @ApiProperty({ type: 'number', nullable: true, description: 'When it was disabled (seconds), or null.', example: null })
  disabled_at: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'Start of the current unbroken run of deliveries that failed for good (seconds); null after a success.',
    example: null,
  })
  failing_since: number | null;

  @ApiProperty({
    type: 'number',
    nullable: true,
    description: 'When a delivery last succeeded (seconds), or null.',
    example: 1795700000.25,
  })
  last_success_at: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    minimum: 1,
    maximum: 10000,
    description: 'At most this many delivery attempts start in any one second; null for no limit.',
    example: null,
  })
  rate_limit: number | null;
}

/** OpenAPI schema of `GET /callbacks` (docs/api.md#objects). */
@ApiSchema({ name: 'CallbackList' })
export class CallbackListSchema implements CallbackListResource {
  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string', format: 'uri' },
    description: 'Event type → the URL registered for it by the calling app.',
    example: { account_team_update: 'https://app.example.com/hooks/accounts' },
  })
  callbacks: Record<string, string>;
}
