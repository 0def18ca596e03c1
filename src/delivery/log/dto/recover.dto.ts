import { ApiProperty } from '@nestjs/swagger';

import { Required } from '../../../http/field.decorators.js';
import { SecondsField } from './delivery-log.query.js';

/** Body of `POST /callback/{event}/recover` (docs/api.md#delivery-log). */
export class RecoverDto {
  /** Failed deliveries created at or after this time (seconds, a JSON number, not in the future) are sent again. */
  @ApiProperty({ type: 'number', example: 1795700000 })
  @Required()
  @SecondsField()
  since: number;
}
