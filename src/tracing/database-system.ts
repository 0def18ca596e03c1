/** `db.system.name` of the database spans: `mysql` until the server said it is MariaDB. */
let systemName: 'mysql' | 'mariadb' = 'mysql';

/**
 * Records the server's `SELECT VERSION()` (`10.11.6-MariaDB-0+deb12u1`,
 * `8.4.3`) once the data source connected: the database spans then carry
 * `db.system.name` `mariadb` on MariaDB, `mysql` otherwise
 * (docs/operations.md#tracing).
 */
export function noteDatabaseVersion(version: string): void {
  systemName = /mariadb/i.test(version) ? 'mariadb' : 'mysql';
}

/** `mariadb` or `mysql`, from {@link noteDatabaseVersion}. */
export function databaseSystemName(): 'mysql' | 'mariadb' {
  return systemName;
}
