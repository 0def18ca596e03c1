import { createConnection } from 'mysql2/promise';

/**
 * Runs once before all test files. On MySQL/MariaDB it drops every table of
 * the test database, so the migrations are exercised from scratch on every run.
 */
export default async function setup(): Promise<void> {
  const url = process.env.DATABASE_URL;
  if (!url?.startsWith('mysql')) return;
  const connection = await createConnection({ uri: url, multipleStatements: true });
  try {
    const [rows] = await connection.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
    const names = (rows as { name: string }[]).map((row) => `\`${row.name}\``);
    if (names.length > 0) await connection.query(`SET FOREIGN_KEY_CHECKS = 0; DROP TABLE ${names.join(', ')}; SET FOREIGN_KEY_CHECKS = 1`);
  } finally {
    await connection.end();
  }
}
