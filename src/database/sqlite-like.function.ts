/** Compiled patterns, by escape character and pattern (search terms repeat). */
const patterns = new Map<string, RegExp>();
const MAX_CACHED_PATTERNS = 500;

/**
 * SQLite's `like(pattern, value[, escape])`, which it calls for
 * `value LIKE pattern [ESCAPE escape]`, replaced so that case is ignored for
 * every letter and not for ASCII only: `q=émile` finds `ÉMILE` on SQLite as
 * on MySQL (docs/api.md#pagination). `%` matches any run of characters, `_` one
 * character, and the escape character makes the next one literal.
 *
 * @returns 1 on a match, 0 otherwise, null when either operand is NULL (SQL semantics).
 */
export function sqliteLike(pattern: unknown, value: unknown, escape?: unknown): number | null {
  if (pattern === null || pattern === undefined || value === null || value === undefined) return null;
  return likeRegExp(String(pattern), typeof escape === 'string' && escape !== '' ? escape : undefined).test(String(value)) ? 1 : 0;
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
      if (index < characters.length) source += literal(characters[index]);
    } else if (character === '%') source += '[\\s\\S]*';
    else if (character === '_') source += '[\\s\\S]';
    else source += literal(character);
  }
  regExp = new RegExp(`^${source}$`, 'iu');
  if (patterns.size >= MAX_CACHED_PATTERNS) patterns.clear();
  patterns.set(key, regExp);
  return regExp;
}

function literal(character: string): string {
  return character.replace(/[\\^$.*+?()[\]{}|/]/g, '\\$&');
}
