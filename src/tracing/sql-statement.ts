/** What a database span says of its statement: the operation and, when one table is plainly the statement's, that table. */
export interface StatementSummary {
  /** `SELECT`, `INSERT`, `UPDATE`, `DELETE`, `START`, `COMMIT`, ...: the statement's first keyword, upper case. */
  readonly operation: string;
  /** The main table (`accounts`), or `undefined` when it cannot be read simply. */
  readonly collection?: string;
}

const TABLE = '`?([A-Za-z_][\\w$]*)`?(?:\\s*\\.\\s*`?([A-Za-z_][\\w$]*)`?)?';
const MAIN_TABLE: Readonly<Record<string, RegExp>> = {
  INSERT: new RegExp(`^INSERT\\s+(?:(?:LOW_PRIORITY|DELAYED|HIGH_PRIORITY|IGNORE)\\s+)*(?:INTO\\s+)?${TABLE}`, 'i'),
  REPLACE: new RegExp(`^REPLACE\\s+(?:(?:LOW_PRIORITY|DELAYED)\\s+)*(?:INTO\\s+)?${TABLE}`, 'i'),
  UPDATE: new RegExp(`^UPDATE\\s+(?:(?:LOW_PRIORITY|IGNORE)\\s+)*${TABLE}`, 'i'),
  DELETE: new RegExp(`^DELETE\\s+(?:(?:LOW_PRIORITY|QUICK|IGNORE)\\s+)*FROM\\s+${TABLE}`, 'i'),
};

/**
 * The operation and main table of an SQL statement, as OpenTelemetry's
 * database conventions name a span (`SELECT accounts`,
 * docs/operations.md#tracing): the table written to by `INSERT`, `REPLACE`,
 * `UPDATE`, `DELETE`; for a `SELECT` the table after its one `FROM` (none
 * when the statement has several, e.g. a subquery or a `UNION`, or selects
 * from a subquery). A schema-qualified name keeps its table part.
 */
export function summarizeStatement(sql: string): StatementSummary {
  const text = sql.trimStart();
  const operation = (/^[A-Za-z]+/.exec(text)?.[0] ?? '').toUpperCase();
  if (operation === '') return { operation: 'UNKNOWN' };
  const pattern = MAIN_TABLE[operation];
  if (pattern) return withCollection(operation, pattern.exec(text));
  if (operation === 'SELECT') {
    const froms = text.match(/\bFROM\b/gi) ?? [];
    if (froms.length !== 1) return { operation };
    return withCollection(operation, new RegExp(`\\bFROM\\s+${TABLE}`, 'i').exec(text));
  }
  return { operation };
}

function withCollection(operation: string, match: RegExpExecArray | null): StatementSummary {
  if (!match) return { operation };
  return { operation, collection: match[2] ?? match[1] };
}
