import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ArrayMaxSize, IsArray, ValidateBy } from 'class-validator';

import { parseAccountId } from './account-id.js';

/** OpenAPI schemas of an account id (docs/api.md#objects): digits as a string, or a JSON integer. */
const ACCOUNT_ID_STRING = { type: 'string', pattern: '^[0-9]{1,20}$' } as const;
const ACCOUNT_ID_INTEGER = { type: 'integer', minimum: 0 } as const;

/**
 * An account id: a JSON integer or a string of digits in 0..2^64-1 (docs/api.md#objects),
 * turned into its canonical decimal string.
 */
export function AccountIdField(): PropertyDecorator {
  return applyDecorators(
    IsAccountId(),
    ApiProperty({
      oneOf: [ACCOUNT_ID_STRING, ACCOUNT_ID_INTEGER],
      description: 'Account id: an unsigned 64-bit integer, as a JSON integer or a string of digits.',
    }),
  );
}

/**
 * The validation of {@link AccountIdField} without its OpenAPI schema (a query
 * parameter's, a string of digits, is the caller's): a value in 0..2^64-1
 * becomes its canonical decimal string; anything else is a 422, "value is not a valid account id".
 */
export function IsAccountId(): PropertyDecorator {
  return applyDecorators(
    Transform(({ value }) => parseAccountId(value) ?? value, { toClassOnly: true }),
    ValidateBy({
      name: 'isAccountId',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && parseAccountId(value) === value,
        defaultMessage: () => 'value is not a valid account id',
      },
    }),
  );
}

/** A list of account ids (at most `max` entries), each canonicalised as {@link AccountIdField}. */
export function AccountIdListField(max: number): PropertyDecorator {
  return applyDecorators(
    IsArray({ message: 'value is not a valid list' }),
    ArrayMaxSize(max, { message: `ensure this value has at most ${max} items` }),
    Transform(({ value }) => (Array.isArray(value) ? value.map((item) => parseAccountId(item) ?? item) : value), { toClassOnly: true }),
    ValidateBy({
      name: 'isAccountId',
      validator: {
        validate: (value: unknown) =>
          Array.isArray(value) && value.every((item) => typeof item === 'string' && parseAccountId(item) === item),
        defaultMessage: () => 'value is not a valid list of account ids',
      },
    }),
    ApiProperty({ type: 'array', maxItems: max, items: { oneOf: [ACCOUNT_ID_STRING, ACCOUNT_ID_INTEGER] } }),
  );
}
