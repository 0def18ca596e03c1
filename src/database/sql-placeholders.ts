/**
 * `?, ?, ?` for an `IN (...)` list of `count` parameters: the placeholder both
 * drivers (mysql2 and better-sqlite3) accept in raw queries.
 */
export function placeholders(count: number): string {
  return Array.from({ length: count }, () => '?').join(', ');
}
