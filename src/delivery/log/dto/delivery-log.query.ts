import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNumber, IsOptional, Min, ValidateBy } from 'class-validator';

import { IsAccountId } from '../../../common/account-id.field.js';
import { IntegerField, Optional } from '../../../http/field.decorators.js';
import { ToInteger } from '../../../http/to-integer.decorator.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from '../../delivery-status.js';

/** Turns a query-string value of plain decimal digits into a number; anything else stays a string for `@IsNumber()` to reject (422). */
export const ToSeconds = (): PropertyDecorator =>
  Transform(({ value }) => (typeof value === 'string' && /^\d{1,12}(\.\d{1,9})?$/.test(value) ? Number(value) : value));

/** A time in seconds since the UNIX epoch (docs/api.md#conventions): a finite number ≥ 0. */
export const SecondsField = (): PropertyDecorator => (target: object, key: string | symbol) => {
  IsNumber({ allowNaN: false, allowInfinity: false }, { message: 'value is not a valid number' })(target, key);
  Min(0, { message: 'ensure this value is greater than or equal to 0' })(target, key);
};

/**
 * Query of `GET /callback/{event}/deliveries` (docs/api.md#pagination, docs/api.md#delivery-log):
 * `page` and `per_page` as every paginated route, or a cursor, `starting_after`, with
 * `per_page`. `page` has no default here (the service reads it as 0) so that
 * `page` sent with `starting_after` is seen and refused.
 */
export class DeliveryLogQuery {
  /** Zero-based page number; absent: 0. */
  @ApiPropertyOptional({
    type: 'integer',
    minimum: 0,
    default: 0,
    description: 'Zero-based page number. Not with `starting_after`.',
  })
  @Optional()
  @ToInteger()
  @IntegerField({ min: 0 })
  page?: number;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 20 })
  @Optional()
  @ToInteger()
  @IntegerField({ min: 1, max: 100 })
  per_page: number = 20;

  /** A delivery id: the page holds the deliveries that come after it in the list's order (docs/api.md#delivery-log). */
  @ApiPropertyOptional({
    type: 'string',
    pattern: '^[0-9]+$',
    description:
      'Cursor: the `id` of a delivery of this list (the last one of the page before); the page holds the deliveries after it, newest first. Not with `page`.',
    example: '1042',
  })
  // Checked after the integer rule (decorators register bottom-up): a malformed cursor is a type error first.
  @ValidateBy({
    name: 'exclusive',
    validator: {
      validate: (_value: unknown, args) => (args?.object as DeliveryLogQuery).page === undefined,
      defaultMessage: () => 'starting_after and page cannot be combined',
    },
  })
  @IsOptional()
  @ToInteger()
  @IntegerField({ min: 1 })
  starting_after?: number;

  /** Canonical account id (docs/api.md#objects): only the deliveries of events about that account. */
  @ApiPropertyOptional({
    type: 'string',
    pattern: '^[0-9]{1,20}$',
    description: 'Only deliveries of events about this account (its id, an unsigned 64-bit integer); pings are about none.',
    example: '1000000000000000001',
  })
  @IsOptional()
  @IsAccountId()
  account?: string;

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
