import { Transform } from 'class-transformer';

/**
 * Turns a query-string value of plain digits (optionally signed) into a number;
 * anything else is left as it is so that `@IsInt()` rejects it with a 422
 * (`"1.5"`, `"abc"`, `""` never become numbers by accident).
 */
export function ToInteger(): PropertyDecorator {
  return Transform(({ value }) => (typeof value === 'string' && /^-?\d{1,15}$/.test(value) ? Number(value) : value));
}
