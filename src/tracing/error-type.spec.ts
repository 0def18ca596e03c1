import { describe, expect, it } from 'vitest';

import { errorType } from './error-type.js';

class BlockedAddressError extends Error {}

describe('errorType', () => {
  it('is the error code, else the class, never the plain Error', () => {
    expect(errorType(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }))).toBe('ECONNREFUSED');
    expect(errorType(new BlockedAddressError('blocked'))).toBe('BlockedAddressError');
    expect(errorType(new TypeError('x'))).toBe('TypeError');
    expect(errorType(new Error('plain'))).toBeUndefined();
    expect(errorType('text')).toBeUndefined();
  });
});
