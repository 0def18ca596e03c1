import { EQUAL_CLASSES, IGNORABLE_RUNS } from './unicode-ci-table.js';

/**
 * The character comparison of MySQL/MariaDB's `utf8mb4_unicode_ci` (UCA 4.0.0, primary strength) as `LIKE`
 * applies it, one character against one character (docs/api.md#pagination): case and accents are ignored
 * (`e`, `E`, `é` and `É` are equal), an expansion is not split (`ß` is not `s`, nor `ss`), and every ignorable
 * character (no weight: U+0000, control and format characters such as U+200B, combining marks on their own)
 * equals every other ignorable one and nothing else. Characters outside the Basic Multilingual Plane equal
 * only themselves. The classes come from the server itself (`npm run collation:generate`,
 * docs/architecture.md#collation), so SQLite compares exactly as MariaDB does.
 */

/** The representative every ignorable character folds to (the smallest of them). */
const IGNORED = '\u0000';

/** The representative of each character that is not its own: the smallest code point of its class. */
const REPRESENTATIVES: ReadonlyMap<string, string> = buildRepresentatives();

function buildRepresentatives(): Map<string, string> {
  const representatives = new Map<string, string>();
  for (const run of IGNORABLE_RUNS.split(' ')) {
    const [first, last = first] = run.split('-').map((code) => Number.parseInt(code, 16));
    for (let code = first; code <= last; code++) representatives.set(String.fromCharCode(code), IGNORED);
  }
  for (const line of EQUAL_CLASSES) {
    const [first, ...others] = line.split(' ').map((code) => String.fromCharCode(Number.parseInt(code, 16)));
    for (const other of others) representatives.set(other, first);
  }
  return representatives;
}

/**
 * The representative of a character's class under `utf8mb4_unicode_ci`: two characters compare equal exactly
 * when their representatives are the same string. Ignorable characters give U+0000.
 *
 * @param character one code point (a surrogate pair counts as one).
 */
export function foldCharacter(character: string): string {
  return REPRESENTATIVES.get(character) ?? character;
}

/** `text` with every character replaced by {@link foldCharacter}'s representative (the same number of code points). */
export function foldText(text: string): string {
  let folded = '';
  for (const character of text) folded += REPRESENTATIVES.get(character) ?? character;
  return folded;
}

/** Whether `character` has no weight in the collation (compares equal to U+0000, U+200B, a lone U+0301, ...). */
export function isIgnorable(character: string): boolean {
  return foldCharacter(character) === IGNORED;
}

/** Whether `text` holds at least one character the collation compares (not {@link isIgnorable}); false for `''`. */
export function hasComparedCharacter(text: string): boolean {
  for (const character of text) if (!isIgnorable(character)) return true;
  return false;
}
