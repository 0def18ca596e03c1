/**
 * The n-gram index of account names on MySQL/MariaDB, serving
 * `GET /accounts/search?q=` (docs/api.md#pagination: a case-insensitive substring match,
 * which MariaDB evaluates as `name LIKE '%q%'` in `utf8mb4_unicode_ci`).
 *
 * `LIKE` compares one character at a time: two characters match when their
 * UCA weights are equal, except that characters without a weight of their own
 * in the collation's table (supplementary characters, CJK unified ideographs)
 * match only themselves. A character's key is therefore the hex of its
 * weights, or `u` and the hex of its UTF-8 bytes for those; two characters match in
 * `LIKE` exactly when their keys are equal (test/account-name-grams.mysql.e2e-spec.ts
 * checks this pairwise over some 3,000 characters). A gram is the key of one
 * character, or the keys of two consecutive characters joined by `.`; a name
 * contains `q` of one or two characters exactly when the name's grams include
 * `q`'s gram, so those searches read their page and their total from the index
 * alone; longer ones verify with `LIKE` the accounts holding `q`'s rarest
 * bigram.
 *
 * Tables (migration `1763800007000`): `account_name_grams (account_id, gram,
 * name)`, indexed `(gram, name)` for the page order (name, id);
 * `name_gram_counts (gram, shard, accounts)`, the number of accounts per gram
 * in a few rows per gram (the writing connection picks the row, so concurrent
 * writers seldom queue on one counter); `numbers (n)`, the numbers
 * 1..255, which split a string into characters in plain SQL. Triggers keep
 * them in step with every write to `accounts`; they compute the same keys
 * with the migration's own copy of these expressions. Team names have an index
 * of their own with the same keys (migration `1795900000004`:
 * `team_name_grams (team_id, gram, name)`, `team_name_gram_counts (gram,
 * shard, teams)`), read by `GET /teams/search?q=` (team-search.reader.ts).
 *
 * Changing a key here breaks search against the stored grams: it needs a
 * new migration that replaces the triggers and rebuilds the grams with the
 * new keys.
 */

/**
 * SQL: whether a one-character utf8mb4 expression has no weight of its own in
 * the collation's table: a supplementary character (four UTF-8 bytes) or a CJK
 * unified ideograph (U+3400..U+4DBF, U+4E00..U+9FFF; UTF-8 compares in code
 * point order under `utf8mb4_bin`).
 */
function weightlessSql(character: string): string {
  const binary = `${character} COLLATE utf8mb4_bin`;
  return (
    `LENGTH(${character}) = 4 OR ${binary} BETWEEN _utf8mb4 X'E39080' AND _utf8mb4 X'E4B6BF' ` +
    `OR ${binary} BETWEEN _utf8mb4 X'E4B880' AND _utf8mb4 X'E9BFBF'`
  );
}

/** SQL: the key of a one-character expression (see the module comment). */
export function characterKeySql(character: string): string {
  return `IF(${weightlessSql(character)}, CONCAT('u', HEX(${character})), HEX(WEIGHT_STRING(${character} COLLATE utf8mb4_unicode_ci)))`;
}

/**
 * SQL: the key (`characterKeySql`) of every Basic Multilingual Plane character but the surrogates, columns `code`
 * (the code point) and `k`, ordered by code point; the code points are two tally tables of 0..255 crossed. The
 * source of src/collation/unicode-ci-table.ts (`npm run collation:generate`, docs/architecture.md#collation),
 * with which SQLite compares characters as MariaDB does.
 */
export const BMP_KEYS_SQL =
  'WITH RECURSIVE b (n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM b WHERE n < 255), ' +
  'c (code, ch) AS (SELECT hi.n * 256 + lo.n, CONVERT(CHAR(hi.n * 256 + lo.n USING utf32) USING utf8mb4) FROM b hi CROSS JOIN b lo ' +
  'WHERE hi.n * 256 + lo.n NOT BETWEEN 55296 AND 57343) ' +
  `SELECT code, ${characterKeySql('c.ch')} AS k FROM c ORDER BY code`;

/** SQL: the character at position `position` (1-based) of `text`. */
function characterAt(text: string, position: string): string {
  return `SUBSTRING(${text}, ${position}, 1)`;
}

/** SQL: the gram of the one character at `position` (1-based) of `text`. */
function unigramSql(text: string, position: string): string {
  return characterKeySql(characterAt(text, position));
}

/** SQL: the bigram starting at `position` of `text`. */
function bigramSql(text: string, position: string): string {
  return `CONCAT(${characterKeySql(characterAt(text, position))}, '.', ${characterKeySql(characterAt(text, `${position} + 1`))})`;
}

/** A table counting the names per gram in rows per connection slot: `name_gram_counts` (accounts) or `team_name_gram_counts`. */
export interface GramCounts {
  /** The table, aliased `c`. */
  from: string;
  /** Its count column, qualified by `c`. */
  count: string;
}

/** The accounts' gram counts (migration `1763800007000`). */
export const ACCOUNT_GRAM_COUNTS: GramCounts = { from: 'name_gram_counts c', count: 'c.accounts' };

/**
 * The gram to look `q` up by, as an SQL expression and its parameters. For
 * one or two characters it is `q`'s own gram, computed inline (a derived
 * table would cost MariaDB more than the lookup itself); for more, the bigram
 * of `q` held by the fewest names (a scalar subquery over `counts`).
 *
 * @param q the search text, at least one character.
 * @param counts the counts of the index searched (the accounts' unless told).
 */
export function searchGramSql(q: string, counts: GramCounts = ACCOUNT_GRAM_COUNTS): { sql: string; parameters: string[] } {
  const length = [...q].length;
  if (length <= 2) {
    const text = 'CAST(? AS CHAR CHARACTER SET utf8mb4)';
    const sql = length === 1 ? unigramSql(text, '1') : bigramSql(text, '1');
    return { sql, parameters: Array.from({ length: sql.split('?').length - 1 }, () => q) };
  }
  const text = 'v.q';
  return {
    // table-ownership: name_gram_counts, team_name_gram_counts
    sql:
      `(SELECT k.gram FROM (SELECT DISTINCT ${bigramSql(text, 'p.n')} AS gram ` +
      `FROM (SELECT CAST(? AS CHAR CHARACTER SET utf8mb4) AS q) v INNER JOIN numbers p ON p.n < CHAR_LENGTH(${text})) k ` +
      `LEFT JOIN ${counts.from} ON c.gram = k.gram GROUP BY k.gram ORDER BY COALESCE(SUM(${counts.count}), 0), k.gram LIMIT 1)`,
    parameters: [q],
  };
}
