import type { DataSource } from 'typeorm';
import { expect } from 'vitest';

/** A name n-gram index: its grams table, the table of its counts per gram, and the indexed table. */
export interface NameGramIndex {
  /** `account_name_grams` or `team_name_grams`. */
  grams: string;
  /** Its id column (`account_id`, `team_id`). */
  idColumn: string;
  /** `name_gram_counts` or `team_name_gram_counts`. */
  counts: string;
  /** Their count column (`accounts`, `teams`). */
  countColumn: string;
  /** `accounts` or `teams`. */
  table: string;
}

export const ACCOUNT_NAME_GRAMS: NameGramIndex = {
  grams: 'account_name_grams',
  idColumn: 'account_id',
  counts: 'name_gram_counts',
  countColumn: 'accounts',
  table: 'accounts',
};

export const TEAM_NAME_GRAMS: NameGramIndex = {
  grams: 'team_name_grams',
  idColumn: 'team_id',
  counts: 'team_name_gram_counts',
  countColumn: 'teams',
  table: 'teams',
};

/**
 * Asserts that the triggers kept `index` in step: each gram's counter rows sum to its number of names, no gram
 * without names is counted, every copy of a name is the row's current name (bytewise) and every row is indexed.
 */
export async function expectNameGramIndexConsistent(dataSource: DataSource, index: NameGramIndex): Promise<void> {
  const { grams, idColumn, counts, countColumn, table } = index;
  const miscounted = await dataSource.query(
    `SELECT g.gram, g.n, COALESCE(c.total, 0) AS total FROM (SELECT gram, COUNT(*) AS n FROM ${grams} GROUP BY gram) g ` +
      `LEFT JOIN (SELECT gram, SUM(${countColumn}) AS total FROM ${counts} GROUP BY gram) c ON c.gram = g.gram WHERE g.n <> COALESCE(c.total, 0)`,
  );
  expect(miscounted).toEqual([]);
  const orphans = await dataSource.query(
    `SELECT gram, SUM(${countColumn}) AS total FROM ${counts} GROUP BY gram HAVING total <> 0 AND gram NOT IN (SELECT gram FROM ${grams})`,
  );
  expect(orphans).toEqual([]);
  const stale = await dataSource.query(
    `SELECT g.${idColumn} FROM ${grams} g LEFT JOIN ${table} x ON x.id = g.${idColumn} WHERE x.id IS NULL OR BINARY x.name <> BINARY g.name`,
  );
  expect(stale).toEqual([]);
  const unindexed = await dataSource.query(`SELECT id FROM ${table} WHERE name <> '' AND id NOT IN (SELECT ${idColumn} FROM ${grams})`);
  expect(unindexed).toEqual([]);
}
