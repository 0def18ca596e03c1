import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { hasComparedCharacter } from '../collation/unicode-ci.js';
import { IsDefined, IsInt, IsOptional, IsString, IsUrl, Max, MaxLength, Min, ValidateBy, ValidateIf } from 'class-validator';

/**
 * Field decorators for request DTOs: each combines the type check (first, so
 * a wrong type reports as a type error) with the bounds of docs/api.md#validation and the
 * FastAPI-style messages of docs/api.md#conventions, and documents the field in the
 * OpenAPI document (type, bounds, required or not).
 */

/** The field must be present and not null: `field required` / `value_error.missing`. */
export const Required = (): PropertyDecorator => applyDecorators(IsDefined({ message: 'field required' }), ApiProperty({ required: true }));

/** The field may be absent or null. */
export const Optional = (): PropertyDecorator => applyDecorators(IsOptional(), ApiProperty({ required: false, nullable: true }));

/**
 * The field may be absent but, when present, is validated like a required one,
 * so `null` fails the type check (a 422) for fields that cannot be cleared.
 */
export const OptionalNotNull = (): PropertyDecorator =>
  applyDecorators(
    ValidateIf((_object, value) => value !== undefined),
    ApiProperty({ required: false }),
  );

/**
 * A string of `min..max` characters, counted after trimming when `trim` (docs/api.md#validation); stored trimmed.
 * Characters are Unicode code points, as a MySQL `utf8mb4` column counts them (a variation selector or
 * a combining mark is one); a string holding an unpaired surrogate cannot be stored and is refused.
 */
export function TextField(min: number, max: number, options: { trim: boolean } = { trim: true }): PropertyDecorator {
  return applyDecorators(
    IsString({ message: 'str type expected' }),
    ...(options.trim ? [Transform(({ value }) => (typeof value === 'string' ? value.trim() : value))] : []),
    WellFormedUnicode(),
    ValidateBy({
      name: 'isLength',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && isCodePointCountWithin(value, min, max),
        defaultMessage: () => `ensure this value has ${min} to ${max} characters`,
      },
    }),
    ApiProperty({
      type: 'string',
      minLength: min,
      maxLength: max,
      ...(options.trim ? { description: 'Length counted after trimming.' } : {}),
    }),
  );
}

/**
 * A search text (`q`, docs/api.md#pagination): a {@link TextField} of 0..255 characters, not trimmed, which,
 * when not empty, holds at least one character the collation compares: a `q` of ignorable characters only
 * (U+0000, U+200B, a combining mark on its own, ...; `isIgnorable`) is refused with
 * `value_error.str.ignorable`, since the collation would match it against none of the name's letters.
 */
export function SearchTextField(): PropertyDecorator {
  return applyDecorators(
    TextField(0, 255, { trim: false }),
    ValidateBy({
      name: 'hasComparedCharacter',
      validator: {
        validate: (value: unknown) => typeof value === 'string' && (value === '' || hasComparedCharacter(value)),
        defaultMessage: () =>
          'ensure this value has a character that is not ignored in comparisons (not only U+0000, U+200B, combining marks, ...)',
      },
    }),
    ApiProperty({
      type: 'string',
      minLength: 0,
      maxLength: 255,
      description:
        'Case- and accent-insensitive substring of the name; `%`, `_` and `\\` match themselves. ' +
        'Not only characters the collation ignores (U+0000, U+200B, combining marks).',
    }),
  );
}

/** The string holds no unpaired UTF-16 surrogate (it could not be stored as UTF-8): `value_error.str.unicode`. */
function WellFormedUnicode(): PropertyDecorator {
  return ValidateBy({
    name: 'isWellFormedUnicode',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && value.isWellFormed(),
      defaultMessage: () => 'string contains an unpaired surrogate',
    },
  });
}

/** Whether `value` has `min..max` Unicode code points (a surrogate pair counts once). */
function isCodePointCountWithin(value: string, min: number, max: number): boolean {
  if (value.length < min) return false;
  let count = 0;
  for (let index = 0; index < value.length; index += value.codePointAt(index)! > 0xffff ? 2 : 1) {
    if (++count > max) return false;
  }
  return count >= min;
}

/** An integer (a JSON number, never a string), optionally bounded. */
export function IntegerField(bounds: { min?: number; max?: number } = {}): PropertyDecorator {
  return applyDecorators(
    IsInt({ message: 'value is not a valid integer' }),
    ...(bounds.min === undefined ? [] : [Min(bounds.min, { message: `ensure this value is greater than or equal to ${bounds.min}` })]),
    ...(bounds.max === undefined ? [] : [Max(bounds.max, { message: `ensure this value is less than or equal to ${bounds.max}` })]),
    ApiProperty({ type: 'integer', minimum: bounds.min, maximum: bounds.max }),
  );
}

/** An absolute http(s) URL of at most 2048 characters (docs/api.md#validation). */
export function HttpUrlField(): PropertyDecorator {
  return applyDecorators(
    IsString({ message: 'str type expected' }),
    WellFormedUnicode(),
    MaxLength(2048, { message: 'ensure this value has at most 2048 characters' }),
    IsUrl(
      { protocols: ['http', 'https'], require_protocol: true, require_tld: false, require_valid_protocol: true },
      { message: 'invalid or missing URL scheme' },
    ),
    // The parser deliveries use (WHATWG URL) must accept it too: `http://example.0x1/` passes validator.js only.
    ValidateBy({
      name: 'isUrl',
      validator: { validate: (value: unknown) => typeof value === 'string' && URL.canParse(value), defaultMessage: () => 'invalid URL' },
    }),
    ApiProperty({ type: 'string', format: 'uri', maxLength: 2048, description: 'Absolute http(s) URL.' }),
  );
}
