import type { FindOperator, ValueTransformer } from 'typeorm';

/** The largest account id: identity-provider ids are unsigned 64-bit (docs/api.md#objects). */
export const MAX_ACCOUNT_ID = 18_446_744_073_709_551_615n;

/** Width of the stored form: enough digits for {@link MAX_ACCOUNT_ID}. */
const STORED_WIDTH = 20;

/**
 * Reads an account id sent as a JSON number (safe integer or bigint from the
 * lossless parser) or as a string of digits.
 *
 * @returns the canonical decimal string (no leading zeros), or `undefined` when
 *   `value` is not an integer in 0..2^64-1.
 */
export function parseAccountId(value: unknown): string | undefined {
  let id: bigint;
  if (typeof value === 'bigint') id = value;
  else if (typeof value === 'number' && Number.isSafeInteger(value)) id = BigInt(value);
  else if (typeof value === 'string' && /^\d{1,30}$/.test(value)) id = BigInt(value);
  else return undefined;
  return id >= 0n && id <= MAX_ACCOUNT_ID ? id.toString() : undefined;
}

/**
 * The stored form of an account id: zero-padded to 20 digits, so that both
 * MySQL and SQLite (whose integers are signed) keep every unsigned 64-bit id
 * exact and sort ids as numbers.
 */
export function toStoredAccountId(id: string): string {
  return id.padStart(STORED_WIDTH, '0');
}

/** Inverse of {@link toStoredAccountId}. */
export function fromStoredAccountId(stored: string): string {
  return stored.replace(/^0+(?=\d)/, '');
}

/** TypeORM column transformer between canonical and stored account ids. */
export const accountIdTransformer: ValueTransformer = {
  to: (value: string | FindOperator<unknown> | null | undefined) => (typeof value === 'string' ? toStoredAccountId(value) : value),
  from: (value: string | null) => (value === null ? null : fromStoredAccountId(value)),
};

/** Column options shared by every column holding an account id. */
export const ACCOUNT_ID_COLUMN = {
  type: 'varchar',
  length: STORED_WIDTH,
  transformer: accountIdTransformer,
} as const;
