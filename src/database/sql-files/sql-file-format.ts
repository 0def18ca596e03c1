import { format } from 'sql-formatter';

/**
 * The columns of MariaDB's `EXPLAIN` that depend on the statement, the schema
 * and the data set alone; `rows` and `filtered` are estimates that vary from
 * run to run, and are left out.
 */
export const PLAN_COLUMNS = ['id', 'select_type', 'table', 'type', 'possible_keys', 'key', 'key_len', 'ref', 'Extra'] as const;

/** A row of `EXPLAIN` (MariaDB's column names). */
export type PlanRow = Partial<Record<(typeof PLAN_COLUMNS)[number], unknown>>;

/** `sql` laid out by sql-formatter (MariaDB dialect, keywords as written), or with its whitespace collapsed when it cannot parse it. */
export function formatStatement(sql: string): string {
  try {
    // sql-formatter splits the locking clauses it does not know; they go on a line of their own.
    return format(sql, { language: 'mariadb', keywordCase: 'preserve', tabWidth: 2 })
      .replace(/\s+FOR\s+UPDATE\b/g, '\nFOR UPDATE')
      .replace(/\s+LOCK IN SHARE MODE\b/g, '\nLOCK IN SHARE MODE');
  } catch {
    return sql.replace(/\s+/g, ' ').trim();
  }
}

/**
 * `rows` of `EXPLAIN` as an aligned table of {@link PLAN_COLUMNS}, each line a
 * comment (`-- `); column references in `ref` without the name of the
 * `database` they were planned in, which varies.
 */
export function formatPlan(rows: readonly PlanRow[], database: string): string {
  const cells = [
    PLAN_COLUMNS.map(String),
    ...rows.map((row) => PLAN_COLUMNS.map((column) => cell(row[column]).split(`${database}.`).join(''))),
  ];
  const widths = PLAN_COLUMNS.map((_, index) => Math.max(...cells.map((line) => line[index].length)));
  return cells.map((line) => `-- ${line.map((text, index) => text.padEnd(widths[index])).join(' | ')}`.trimEnd()).join('\n');
}

function cell(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Whether MariaDB can `EXPLAIN` the statement. */
export function isExplainable(sql: string): boolean {
  return /^\s*(SELECT|INSERT|UPDATE|DELETE|REPLACE|WITH)\b/i.test(sql);
}
