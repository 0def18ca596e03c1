import { describe, expect, it } from 'vitest';

import { foldCharacter, foldText, hasComparedCharacter, isIgnorable } from './unicode-ci.js';

describe('utf8mb4_unicode_ci character classes', () => {
  it.each([
    ['e', 'é'],
    ['e', 'É'],
    ['E', 'ë'],
    ['z', 'Z'],
    ['a', 'ａ'],
    [' ', '\u00a0'],
  ])('%s equals %s', (left, right) => {
    expect(foldCharacter(left)).toBe(foldCharacter(right));
  });

  it.each([
    ['s', 'ß'],
    ['ß', 'ẞ'],
    ['a', 'æ'],
    ['e', '\u200b'],
    ['😀', '😁'],
    ['中', '丁'],
  ])('%s differs from %s', (left, right) => {
    expect(foldCharacter(left)).not.toBe(foldCharacter(right));
  });

  it('folds a text character by character', () => {
    expect(foldText('Zoë')).toBe(foldText('zoe'));
    expect(foldText('Straße')).not.toBe(foldText('Strasse'));
  });

  it.each(['\u0000', '\u200b', '\u0301', '\ufeff', '\u0007', '\u2060'])('%j is ignorable', (character) => {
    expect(isIgnorable(character)).toBe(true);
  });

  it.each(['a', ' ', '\t', '%', '😀', '中', '\ufffd'])('%s is compared', (character) => {
    expect(isIgnorable(character)).toBe(false);
  });

  it('has a compared character unless every one is ignorable', () => {
    expect(hasComparedCharacter('\u200b\u0000\u0301')).toBe(false);
    expect(hasComparedCharacter('')).toBe(false);
    expect(hasComparedCharacter('\u200ba')).toBe(true);
  });
});
