import { describe, expect, it } from 'vitest';

import { sqliteLike } from './sqlite-like.function.js';

describe('sqliteLike', () => {
  it.each([
    ['%mil%', 'ÉMILE', 1],
    ['%ÉMIL%', 'émile', 1],
    ['%straße%', 'STRASSE', 0],
    ['%strasse%', 'Straße', 0],
    ['%zoe%', 'Zoë', 1],
    ['%ẞ%', 'ß', 0],
    ['%\u200b%', 'abc', 0],
    ['%\u0000%', 'a\u200bb', 1],
    ['abc', 'ABC', 1],
    ['abc', 'abcd', 0],
    ['a_c', 'aéc', 1],
    ['a_c', 'a😀c', 1],
    ['a_c', 'ac', 0],
    ['%', '', 1],
    ['a%', 'a\nb', 1],
    ['%(.*)[x]%', 'y(.*)[X]z', 1],
  ])('%s LIKE %s is %i', (pattern, value, expected) => {
    expect(sqliteLike(pattern, value)).toBe(expected);
  });

  it.each([
    ['%!%%', '100%', 1],
    ['%!%%', '100', 0],
    ['%!_%', 'a_b', 1],
    ['%!_%', 'ab', 0],
    ['%!!%', 'a!b', 1],
    ['%\\%', 'a\\', 1],
  ])('with ESCAPE !: %s LIKE %s is %i', (pattern, value, expected) => {
    expect(sqliteLike(pattern, value, '!')).toBe(expected);
  });

  it('is NULL when an operand is NULL', () => {
    expect(sqliteLike(null, 'a')).toBeNull();
    expect(sqliteLike('a', null)).toBeNull();
  });
});
