import { ApiProperty, ApiSchema } from '@nestjs/swagger';

import type { CallbackResource } from '../../../callbacks/callback.resource.js';
import { CallbackSchema } from '../../../callbacks/dto/callback.schema.js';

/** The event type of test deliveries (docs/api.md#delivery-log). */
export const PING_EVENT = 'ping';

/**
 * The body of a test delivery (`POST /callback/{event}/ping`, docs/api.md#delivery-log):
 * `{"event": "ping", "callback": <Callback>}`. The outbox stores `JSON.stringify`
 * of an instance, and its OpenAPI schema is the body of the `ping` webhook, so
 * the two cannot differ.
 */
@ApiSchema({ name: 'PingEvent' })
export class PingEvent {
  @ApiProperty({ enum: [PING_EVENT], example: PING_EVENT })
  readonly event = PING_EVENT;

  @ApiProperty({ type: () => CallbackSchema, description: 'The callback the test delivery is sent to.' })
  readonly callback: CallbackResource;

  constructor(callback: CallbackResource) {
    this.callback = callback;
  }
}
