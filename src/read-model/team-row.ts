import { type Columns, selectList } from './sql-columns.js';

/**
 * A team as the read queries return it: the row joined with its maintained
 * member count (table `account_counts`, kept by triggers), so a Team
 * object never counts members at request time.
 */
export interface TeamRow {
  id: number;
  name: string;
  created_at: number;
  member_count: number | null;
}

/** The columns of {@link TeamRow} (aliases `t`, `c` of {@link TEAM_ROW_FROM}). */
export const TEAM_ROW_COLUMNS: Columns<TeamRow> = { id: 't.id', name: 't.name', created_at: 't.created_at', member_count: 'c.accounts' };

/** Teams joined with their maintained member count. */
export const TEAM_ROW_FROM = 'FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id';

/** `SELECT ... FROM teams t` with the columns of {@link TeamRow}; add `WHERE` / `ORDER BY`. */
export const TEAM_ROW_SELECT = `SELECT ${selectList(TEAM_ROW_COLUMNS)} ${TEAM_ROW_FROM}`;
