import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, Min } from 'class-validator';

import { PaginationQuery } from '../../../http/pagination.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../delivery-status.js';

/** Turns a query-string value of plain decimal digits into a number; anything else stays a string for `@IsNumber()` to reject (422). */
export const ToSeconds = (): PropertyDecorator =>
  Transform(({ value }) => (typeof value === 'string' && /^\d{1,12}(\.\d{1,9})?$/.test(value) ? Number(value) : value));

/** A time in seconds since the UNIX epoch (docs/api.md#conventions): a finite number ≥ 0. */
export const SecondsField = (): PropertyDecorator => (target: object, key: string | symbol) => {
  IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'value is not a valid number' })(target, key);
  Min(0, { message: 'ensure this value is greater than or equal to 0' })(target, key);
};

/** Query of `GET /callback/{event}/deliveries` (docs/api.md#pagination, docs/api.md#delivery-log). */
export class DeliveryLogQuery extends PaginationQuery {
  @ApiPropertyOptional({ enum: DELIVERY_STATUSES, description: 'Only deliveries in this status.' })
  @IsOptional()
  @IsIn(DELIVERY_STATUSES, { message: `value is not one of ${DELIVERY_STATUSES.join(', ')}` })
  status?: DeliveryStatus;

  @ApiPropertyOptional({
    type: 'number',
    description: 'Only deliveries created at or after this time (seconds); not in the future.',
    example: 1795700000,
  })
  @IsOptional()
  @ToSeconds()
  @SecondsField()
  since?: number;

  @ApiPropertyOptional({ type: 'number', description: 'Only deliveries created before this time (seconds).', example: 1795786400 })
  @IsOptional()
  @ToSeconds()
  @SecondsField()
  until?: number;
}
