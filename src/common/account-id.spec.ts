import { describe, expect, it } from 'vitest';

import { MAX_ACCOUNT_ID, accountIdTransformer, fromStoredAccountId, parseAccountId, toStoredAccountId } from './account-id.js';

describe('parseAccountId (docs/api.md#objects)', () => {
  it.each([
    [0, '0'],
    [42, '42'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
    [9007199254740993n, '9007199254740993'],
    [MAX_ACCOUNT_ID, '18446744073709551615'],
    ['18446744073709551615', '18446744073709551615'],
    ['0042', '42'],
    ['0', '0'],
  ])('reads %s as %s', (input, expected) => {
    expect(parseAccountId(input)).toBe(expected);
  });

  it.each([
    ['2^64 as bigint', MAX_ACCOUNT_ID + 1n],
    ['2^64 as string', '18446744073709551616'],
    ['a negative number', -1],
    ['a negative bigint', -5n],
    ['a negative string', '-1'],
    ['a fraction', 1.5],
    ['an unsafe number (already rounded)', 2 ** 60],
    ['an empty string', ''],
    ['letters', '12a'],
    ['spaces', ' 12'],
    ['a decimal string', '1.0'],
    ['an exponent', '1e5'],
    ['31 digits', '1'.repeat(31)],
    ['null', null],
    ['a list', ['1']],
    ['a boolean', true],
  ])('rejects %s', (_what, input) => {
    expect(parseAccountId(input)).toBeUndefined();
  });
});

describe('stored form', () => {
  it('pads to 20 digits so that text order is number order', () => {
    expect(toStoredAccountId('42')).toBe('00000000000000000042');
    expect(toStoredAccountId('18446744073709551615')).toBe('18446744073709551615');
    expect(toStoredAccountId('9') < toStoredAccountId('10')).toBe(true);
  });

  it('round-trips', () => {
    for (const id of ['0', '7', '9007199254740993', '18446744073709551615']) {
      expect(fromStoredAccountId(toStoredAccountId(id))).toBe(id);
      expect(accountIdTransformer.from(accountIdTransformer.to(id))).toBe(id);
    }
  });

  it('the transformer leaves null and non-strings alone', () => {
    expect(accountIdTransformer.to(null)).toBeNull();
    expect(accountIdTransformer.to(undefined)).toBeUndefined();
    expect(accountIdTransformer.from(null)).toBeNull();
  });
});
