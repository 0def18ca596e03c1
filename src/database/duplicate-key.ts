/** Whether `error` is a duplicate primary or unique key, on MySQL/MariaDB or SQLite. */
export function isDuplicateKeyError(error: unknown): boolean {
  const code = (error as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (error as { code?: string })?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
