import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { CallbackResource } from '../../../callbacks/callback.resource.js';
import { CallbackSchema } from '../../../callbacks/dto/callback.schema.js';

/** The event type of test deliveries (docs/api.md#delivery-log). */
export const PING_EVENT = 'ping';

/**
 * The body of a test delivery (`POST /callback/{event}/ping`, docs/api.md#delivery-log):
 * `{"event": "ping", "callback": <Callback>, "type": "ping", "occurred_at": <RFC 3339>}`.
 * The outbox stores `JSON.stringify` of an instance, and its OpenAPI schema is
 * the body of the `ping` webhook, so the two cannot differ.
 */
@ApiSchema({ name: 'PingEvent' })
export class PingEvent {
  @ApiProperty({ enum: [PING_EVENT], example: PING_EVENT })
  readonly event = PING_EVENT;

  @ApiProperty({ type: () => CallbackSchema, description: 'The callback the test delivery is sent to.' })
  readonly callback: CallbackResource;

  @ApiProperty({ enum: [PING_EVENT], example: PING_EVENT, description: 'The event type, as in `X-Callback-Event`.' })
  readonly type = PING_EVENT;

  @ApiProperty({
    type: String,
    format: 'date-time',
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\.\\d{3}Z$',
    example: '2026-11-29T07:05:55.123Z',
    description: 'When the ping was recorded: RFC 3339, UTC, milliseconds.',
  })
  readonly occurred_at: string;

  /** @param occurredAt when the ping was recorded, RFC 3339 (`occurred-at.ts` of events/). */
  constructor(callback: CallbackResource, occurredAt: string) {
    this.callback = callback;
    this.occurred_at = occurredAt;
  }
}
