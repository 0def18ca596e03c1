/** Deepest nesting of arrays and objects a request body may have (docs/api.md#conventions: a bad body is a 4xx, never a 500). */
export const MAX_JSON_NESTING = 32;

/**
 * Whether the JSON text `text` nests arrays/objects deeper than `limit`,
 * counted in one pass over the characters (brackets inside strings do not
 * count). Run before parsing, so a 6 KB body of 3,000 brackets never reaches
 * the recursive parser, class-transformer or the validator.
 */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c)
        index++; // a backslash escapes the next character
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) {
      inString = true;
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limit) return true;
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return false;
}
