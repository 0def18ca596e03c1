/** Deepest nesting of arrays and objects a request body may have (docs/api.md#conventions: a bad body is a 4xx, never a 500). */
export const MAX_JSON_NESTING = 32;

/**
 * Most object keys a request body may hold, counted at every depth (keys inside
 * ignored fields and repeated keys included). The largest body any route reads
 * has 7 known fields; class-transformer's `plainToInstance` is quadratic in the
 * keys of an object, and this bound keeps it under a few milliseconds.
 */
export const MAX_JSON_KEYS = 1000;

/**
 * Longest string (key or value) a request body may hold, in UTF-16 code units
 * after decoding escapes: the longest field (an identity-provider token, 4096
 * code points) written entirely in characters outside the BMP.
 */
export const MAX_JSON_STRING_LENGTH = 8192;

/** Bounds on the shape of a JSON text; see {@link jsonShapeViolation}. */
export interface JsonShapeLimits {
  readonly nesting: number;
  readonly keys: number;
  readonly stringLength: number;
}

/** The bounds applied to every request body. */
export const REQUEST_BODY_SHAPE: JsonShapeLimits = { nesting: MAX_JSON_NESTING, keys: MAX_JSON_KEYS, stringLength: MAX_JSON_STRING_LENGTH };

/** Which bound a JSON text broke first, with the bound's value. */
export type JsonShapeViolation =
  | { readonly kind: 'nesting'; readonly limit: number }
  | { readonly kind: 'keys'; readonly limit: number }
  | { readonly kind: 'string'; readonly limit: number };

/**
 * Checks the JSON text `text` against `limits` in one pass over its
 * characters, before it is parsed, so a body of 3,000 brackets, 80,000 keys or
 * a megabyte-long string never reaches the parser, class-transformer or the
 * validator: nesting of arrays/objects (brackets inside strings do not count),
 * object keys at every depth (a string followed by `:`), and the length of
 * every string (an escape such as `\u00e9` or `\n` counts as one unit).
 * The text need not be valid JSON: whatever is malformed the parser reports.
 *
 * @returns the first bound broken, or `undefined` when the text is within them.
 */
export function jsonShapeViolation(text: string, limits: JsonShapeLimits): JsonShapeViolation | undefined {
  let depth = 0;
  let keys = 0;
  let index = 0;
  const end = text.length;
  while (index < end) {
    const code = text.charCodeAt(index++);
    if (code === 0x22) {
      // A string: walk to its closing quote, counting decoded units.
      let length = 0;
      while (index < end) {
        const inner = text.charCodeAt(index++);
        if (inner === 0x22) break;
        if (inner === 0x5c) index += text.charCodeAt(index) === 0x75 ? 5 : 1; // \uXXXX or \n, \", ...
        if (++length > limits.stringLength) return { kind: 'string', limit: limits.stringLength };
      }
      // A key is a string whose next non-blank character is a colon.
      let next = index;
      while (next < end && isBlank(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === 0x3a && ++keys > limits.keys) return { kind: 'keys', limit: limits.keys };
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > limits.nesting) return { kind: 'nesting', limit: limits.nesting };
    } else if (code === 0x5d || code === 0x7d) {
      depth--;
    }
  }
  return undefined;
}

/** Whether the JSON text `text` nests arrays/objects deeper than `limit` (see {@link jsonShapeViolation}). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  return jsonShapeViolation(text, { nesting: limit, keys: Infinity, stringLength: Infinity })?.kind === 'nesting';
}

/** JSON's insignificant whitespace: space, tab, line feed, carriage return. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}
