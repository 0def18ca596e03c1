import type { TestApp } from './test-app.js';

/**
 * Every row of every entity table, ordered, as plain objects: two snapshots
 * are equal exactly when a request changed nothing (docs/api.md#validation: a rejected
 * request writes nothing).
 */
export async function snapshot(t: TestApp): Promise<Record<string, unknown[]>> {
  const tables: Record<string, unknown[]> = {};
  for (const entity of t.dataSource.entityMetadatas) {
    const order = entity.primaryColumns.map((column) => column.databaseName).join(', ');
    tables[entity.tableName] = await t.dataSource.query(`SELECT * FROM ${entity.tableName} ORDER BY ${order}`);
  }
  return tables;
}
