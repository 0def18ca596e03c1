import { describe, expect, it } from 'vitest';

import { jsonShapeViolation, nestsDeeperThan } from './json-nesting.js';

describe('nestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(nestsDeeperThan('{"a": [[1]]}', 3)).toBe(false);
    expect(nestsDeeperThan('{"a": [[[1]]]}', 3)).toBe(true);
    expect(nestsDeeperThan('{"a": "[[[[[[[[{{{{"}', 1)).toBe(false);
    expect(nestsDeeperThan('{"a": "\\"[[[[", "b": [[]]}', 2)).toBe(true);
    expect(nestsDeeperThan(`{"x": ${'['.repeat(3000)}${']'.repeat(3000)}}`, 32)).toBe(true);
  });
});

describe('jsonShapeViolation', () => {
  const limits = { nesting: 32, keys: 3, stringLength: 5 };

  it('counts keys at every depth, repeated ones too, but not strings that are values', () => {
    expect(jsonShapeViolation('{"a": "b", "c": ["d", "e", "f"], "g": {}}', limits)).toBeUndefined();
    expect(jsonShapeViolation('{"a": 1, "b": {"c": 1, "d": 1}}', limits)).toEqual({ kind: 'keys', limit: 3 });
    expect(jsonShapeViolation('{"a": 1, "a": 1, "a" \n\t :1, "a":1}', limits)).toEqual({ kind: 'keys', limit: 3 });
    expect(jsonShapeViolation('{"a": "x:", "b": "\\":"}', limits)).toBeUndefined();
  });

  it('measures strings in decoded units, keys included', () => {
    expect(jsonShapeViolation('{"a": "\\u00e9\\n\\"xy"}', limits)).toBeUndefined();
    expect(jsonShapeViolation('{"a": "abcdef"}', limits)).toEqual({ kind: 'string', limit: 5 });
    expect(jsonShapeViolation('{"abcdef": 1}', limits)).toEqual({ kind: 'string', limit: 5 });
    expect(jsonShapeViolation('{"a": "\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9\\u00e9"}', limits)).toEqual({ kind: 'string', limit: 5 });
  });

  it('reports the first bound broken, and leaves malformed text to the parser', () => {
    expect(jsonShapeViolation('[[[', { ...limits, nesting: 2 })).toEqual({ kind: 'nesting', limit: 2 });
    expect(jsonShapeViolation('{"a', limits)).toBeUndefined();
    expect(jsonShapeViolation('"abc\\', limits)).toBeUndefined();
  });

  it('takes linear time: 80,000 keys are refused after reading the first 1,001', () => {
    const text = `{${Array.from({ length: 80_000 }, (_, index) => `"k${index}":1`).join(',')}}`;
    expect(jsonShapeViolation(text, { nesting: 32, keys: 1000, stringLength: 8192 })).toEqual({ kind: 'keys', limit: 1000 });
  });
});
