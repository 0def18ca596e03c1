import { describe, expect, it } from 'vitest';

import { nestsDeeperThan } from './json-nesting.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a": [[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a": [[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a": "[[[[[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a": "\\"[[[[", "b": [[]]}', 2)).toBe(true);
    expect(nestsDeeperThan(`{"x": ${'['.repeat(3000)}${']'.repeat(3000)}}`, 32)).toBe(true);
  });
});
