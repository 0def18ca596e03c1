import { foldCharacter, foldText } from '../collation/unicode-ci.js';

/** Compiled patterns, by escape character and pattern (search terms repeat). */
const patterns = new Map<string, RegExp>();
const MAX_CACHED_PATTERNS = 500;

/**
 * SQLite's `like(pattern, value[, escape])`, which it calls for
 * `value LIKE pattern [ESCAPE escape]`, replaced so that characters compare as
 * MariaDB's `LIKE` compares them in `utf8mb4_unicode_ci`, one against one
 * (`foldCharacter`): `q=emile` finds `ÉMILE`, `zoe` finds `Zoë`, and `ss` does
 * not find `ß`, on SQLite as on MariaDB (docs/api.md#pagination). `%` matches
 * any run of characters, `_` one character, and the escape character makes the
 * next one literal.
 *
 * @returns 1 on a match, 0 otherwise, null when either operand is NULL (SQL semantics).
 */
export function sqliteLike(pattern: unknown, value: unknown, escape?: unknown): number | null {
  if (pattern === null || pattern === undefined || value === null || value === undefined) return null;
  return likeRegExp(String(pattern), typeof escape === 'string' && escape !== '' ? escape : undefined).test(foldText(String(value)))
    ? 1
    : 0;
}

function likeRegExp(pattern: string, escape: string | undefined): RegExp {
  const key = `${escape ?? ''}\u0000${pattern}`;
  let regExp = patterns.get(key);
  if (regExp) return regExp;
  const characters = [...pattern];
  let source = '';
  for (let index = 0; index < characters.length; index++) {
    const character = characters[index];
    if (character === escape) {
      index++;
      if (index < characters.length) source += literal(foldCharacter(characters[index]));
    } else if (character === '%') source += '[\\s\\S]*';
    else if (character === '_') source += '[\\s\\S]';
    else source += literal(foldCharacter(character));
  }
  regExp = new RegExp(`^${source}$`, 'u');
  if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
  patterns.set(key, regExp);
  return regExp;
}

function literal(character: string): string {
  return character.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
