/**
 * The columns of a row shape `Row` in SELECT order: output name → SQL
 * expression. Names are plain identifiers, so the object's key order is the
 * column order; typed against the row's interface, a column the interface
 * lacks, or a field with no column, does not compile.
 */
export type Columns<Row> = { readonly [Name in keyof Row & string]-?: string };

/** The names of a row shape's columns, in SELECT order. */
export type ColumnNames<Row> = readonly (keyof Row & string)[];

/** One `SELECT` of a {@link unionAll}: the columns it fills (every other one is `NULL`) and what follows its select list (`FROM ... WHERE ...`). */
export interface UnionArm<Row> {
  readonly columns: Partial<Columns<Row>>;
  readonly from: string;
}

/** `expression AS name, ...`: the select list of `columns`, in order. */
export function selectList<Row>(columns: Columns<Row>): string {
  return Object.entries<string>(columns)
    .map(([name, expression]) => `${expression} AS ${name}`)
    .join(', ');
}

/** The names of `columns`, in order. */
export function columnNames<Row>(columns: Columns<Row>): ColumnNames<Row> {
  return Object.keys(columns) as (keyof Row & string)[];
}

/**
 * One `SELECT` of a `UNION` of rows with the columns `names`: every column,
 * in the order of `names`, as its expression in `arm` or as `NULL`, so no arm
 * can miss or misplace a column.
 *
 * @throws Error when `arm` fills a column that is not in `names`, or `names` repeats one.
 */
export function unionArm<Row>(names: ColumnNames<Row>, arm: UnionArm<Row>): string {
  if (new Set(names).size !== names.length) throw new Error(`Repeated column in ${names.join(', ')}`);
  const filled: Partial<Record<string, string>> = arm.columns;
  const unknown = Object.keys(filled).filter((name) => !names.includes(name as keyof Row & string));
  if (unknown.length > 0) throw new Error(`Columns ${unknown.join(', ')} are not in ${names.join(', ')}`);
  return `SELECT ${names.map((name) => `${filled[name] ?? 'NULL'} AS ${name}`).join(', ')} ${arm.from}`;
}

/**
 * `SELECT ... UNION ALL SELECT ...` of rows with the columns `names`: each
 * arm a {@link unionArm}. The caller adds `ORDER BY`.
 *
 * @throws Error as {@link unionArm}.
 */
export function unionAll<Row>(names: ColumnNames<Row>, arms: readonly UnionArm<Row>[]): string {
  return arms.map((arm) => unionArm(names, arm)).join(' UNION ALL ');
}
