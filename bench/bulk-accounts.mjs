/**
 * The seeder's bulk path for large data sets (`--scale 1000000`): accounts
 * inserted with the per-row insert triggers of `accounts` set aside, and the
 * tables those triggers keep (member counts in `account_counts`, the name
 * n-grams in `account_name_grams` and `name_gram_counts`) filled by set,
 * one statement per chunk, from the triggers' own SQL as MariaDB holds it
 * (SHOW CREATE TRIGGER). The triggers are put back before it returns, also
 * after a failure.
 *
 * Exact by check, not by trust: the first chunk goes through the triggers
 * (the service's own path), its grams are computed again by the bulk
 * statement into a scratch table and must be the same rows; at the end every
 * derived table must equal a fresh count of the accounts.
 */

/** The insert triggers of `accounts` the bulk path sets aside. */
const INSERT_TRIGGERS = ['trg_accounts_count_insert', 'trg_accounts_grams_insert'];

/** Accounts per chunk: one multi-row INSERT batch and one set-based statement per derived table. */
const CHUNK = 20_000;

/** Rows per INSERT statement. */
const ROWS_PER_INSERT = 2_000;

/**
 * The trigger's statement that stores a new account's grams, turned into one
 * statement for the accounts whose ids lie between two parameters: each
 * branch of its UNION selects from `accounts a` joined with `numbers p`
 * instead of NEW, and carries the account's id and name.
 *
 * @param triggerSql `SHOW CREATE TRIGGER trg_accounts_grams_insert`'s statement.
 * @returns `{ sql, parameters: (low, high) => [...] }`, the SELECT of (account_id, name, gram) rows.
 * @throws Error when the trigger does not have the expected shape (then the bulk path cannot be used).
 */
export function gramsSelectFromTrigger(triggerSql) {
  const match =
    /INSERT INTO account_name_grams \(account_id, gram, name, added\) SELECT NEW\.id, n\.gram, NEW\.name, 1 FROM \((.*)\) n\s+ORDER BY n\.gram/s.exec(
      triggerSql,
    );
  if (!match) throw new Error('trg_accounts_grams_insert does not have the shape the bulk seeder reads; seed without --bulk');
  const branches = match[1].split(' UNION ');
  if (
    branches.length !== 2 ||
    branches.some((branch) => !/^SELECT .* FROM numbers p WHERE p\.n <=? CHAR_LENGTH\(NEW\.name\)$/s.test(branch))
  ) {
    throw new Error('trg_accounts_grams_insert does not have the shape the bulk seeder reads; seed without --bulk');
  }
  const sql = branches
    .map((branch) =>
      branch
        .replace(/^SELECT /, 'SELECT a.id AS account_id, a.name AS name, ')
        .replace(' FROM numbers p WHERE ', ' FROM accounts a INNER JOIN numbers p WHERE a.id BETWEEN ? AND ? AND ')
        .replaceAll('NEW.name', 'a.name'),
    )
    .join(' UNION ');
  return { sql, parameters: (low, high) => [low, high, low, high] };
}

async function triggerStatement(connection, name) {
  const [[row]] = await connection.query(`SHOW CREATE TRIGGER ${name}`);
  return row['SQL Original Statement'];
}

async function insertChunk(connection, rows) {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await connection.query('INSERT INTO accounts (id, name, discriminator, avatar_url, team_id, permissions, created_at) VALUES ?', [
      rows.slice(start, start + ROWS_PER_INSERT),
    ]);
  }
}

/** Fills the derived tables for the accounts with ids in [low, high], as the insert triggers would have. */
async function deriveChunk(connection, grams, low, high) {
  await connection.query(
    'UPDATE account_counts c INNER JOIN (SELECT COALESCE(team_id, 0) AS team_key, COUNT(*) AS n FROM accounts WHERE id BETWEEN ? AND ? GROUP BY COALESCE(team_id, 0)) d ' +
      'ON c.team_key = d.team_key SET c.accounts = c.accounts + d.n',
    [low, high],
  );
  await connection.query(
    `INSERT INTO account_name_grams (account_id, gram, name, added) SELECT g.account_id, g.gram, g.name, 1 FROM (${grams.sql}) g`,
    grams.parameters(low, high),
  );
  await connection.query(
    'INSERT INTO name_gram_counts (gram, shard, accounts) SELECT gram, 0, COUNT(*) FROM account_name_grams WHERE account_id BETWEEN ? AND ? GROUP BY gram ' +
      'ON DUPLICATE KEY UPDATE accounts = accounts + VALUES(accounts)',
    [low, high],
  );
}

/** Whether the bulk statement gives exactly the grams the trigger stored for the accounts in [low, high]. @throws Error when not. */
async function checkAgainstTrigger(connection, grams, low, high) {
  await connection.query('CREATE TEMPORARY TABLE bulk_grams_check LIKE account_name_grams');
  try {
    await connection.query(
      `INSERT INTO bulk_grams_check (account_id, gram, name, added) SELECT g.account_id, g.gram, g.name, 1 FROM (${grams.sql}) g`,
      grams.parameters(low, high),
    );
    const [[counts]] = await connection.query(
      'SELECT (SELECT COUNT(*) FROM bulk_grams_check) AS bulk, (SELECT COUNT(*) FROM account_name_grams WHERE account_id BETWEEN ? AND ?) AS stored, ' +
        '(SELECT COUNT(*) FROM bulk_grams_check b INNER JOIN account_name_grams g ON g.account_id = b.account_id AND g.gram = b.gram ' +
        'AND g.name COLLATE utf8mb4_bin = b.name COLLATE utf8mb4_bin) AS same',
      [low, high],
    );
    if (!(counts.bulk === counts.stored && counts.same === counts.stored && counts.stored > 0)) {
      throw new Error(`bulk grams differ from the trigger's: ${JSON.stringify(counts)}`);
    }
    return counts.stored;
  } finally {
    await connection.query('DROP TEMPORARY TABLE bulk_grams_check');
  }
}

/**
 * Whether every derived table equals a fresh count of `accounts`.
 * @throws Error naming the first table that does not.
 */
export async function checkDerivedTables(connection) {
  const [[members]] = await connection.query(
    'SELECT COUNT(*) AS wrong FROM account_counts c LEFT JOIN (SELECT COALESCE(team_id, 0) AS team_key, COUNT(*) AS n FROM accounts GROUP BY COALESCE(team_id, 0)) d ' +
      'ON d.team_key = c.team_key WHERE c.accounts <> COALESCE(d.n, 0)',
  );
  if (members.wrong !== 0) throw new Error(`account_counts: ${members.wrong} teams counted wrong`);
  const [[grams]] = await connection.query(
    'SELECT COUNT(*) AS wrong FROM (SELECT gram, SUM(accounts) AS n FROM name_gram_counts GROUP BY gram) c ' +
      'LEFT JOIN (SELECT gram, COUNT(*) AS n FROM account_name_grams GROUP BY gram) g ON g.gram = c.gram WHERE c.n <> COALESCE(g.n, 0)',
  );
  if (grams.wrong !== 0) throw new Error(`name_gram_counts: ${grams.wrong} grams counted wrong`);
  const [[names]] = await connection.query(
    'SELECT (SELECT COUNT(DISTINCT account_id) FROM account_name_grams) AS indexed, (SELECT COUNT(*) FROM accounts) AS accounts, ' +
      '(SELECT COUNT(*) FROM account_name_grams g INNER JOIN accounts a ON a.id = g.account_id WHERE g.name COLLATE utf8mb4_bin <> a.name COLLATE utf8mb4_bin) AS stale',
  );
  if (names.indexed !== names.accounts || names.stale !== 0) throw new Error(`account_name_grams: ${JSON.stringify(names)}`);
  const [[totals]] = await connection.query(
    "SELECT (SELECT SUM(total) FROM table_totals WHERE counted = 'accounts') AS kept, (SELECT COUNT(*) FROM accounts) AS accounts",
  );
  if (Number(totals.kept) !== totals.accounts) throw new Error(`table_totals: ${JSON.stringify(totals)}`);
  const [ranges] = await connection.query(
    'SELECT r.boundary, (SELECT COALESCE(SUM(c.accounts), 0) FROM account_name_range_counts c WHERE c.boundary = r.boundary) AS accounts, ' +
      'LEAD(r.boundary) OVER (ORDER BY r.boundary) AS next FROM account_name_ranges r ORDER BY r.boundary',
  );
  for (const [index, range] of ranges.entries()) {
    const conditions = [...(index === 0 ? [] : ['name >= ?']), ...(range.next === null ? [] : ['name < ?'])];
    const [[{ n }]] = await connection.query(
      `SELECT COUNT(*) AS n FROM accounts${conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''}`,
      [...(index === 0 ? [] : [range.boundary]), ...(range.next === null ? [] : [range.next])],
    );
    if (n !== Number(range.accounts)) throw new Error(`account_name_ranges: ${JSON.stringify(range)} holds ${n} accounts`);
  }
}

/**
 * Inserts `rows` (accounts rows in id order, as seed.mjs builds them: id
 * first, stored zero-padded) through the bulk path.
 *
 * @param connection a mysql2/promise connection on the bench database.
 * @param nextRows `(count) => rows`, the next `count` rows in id order (an empty array once every row was given).
 * @param log progress lines.
 * @returns `{ accounts, checkedGrams, seconds }`.
 */
export async function bulkInsertAccounts(connection, nextRows, log) {
  const started = Date.now();
  const triggers = new Map();
  for (const name of INSERT_TRIGGERS) triggers.set(name, await triggerStatement(connection, name));
  const grams = gramsSelectFromTrigger(triggers.get('trg_accounts_grams_insert'));

  // The first chunk through the triggers: the reference the bulk statement is checked against.
  const first = nextRows(ROWS_PER_INSERT);
  if (first.length === 0) return { accounts: 0, checkedGrams: 0, seconds: 0 };
  await insertChunk(connection, first);
  const checkedGrams = await checkAgainstTrigger(connection, grams, first[0][0], first.at(-1)[0]);
  let accounts = first.length;

  for (const name of INSERT_TRIGGERS) await connection.query(`DROP TRIGGER ${name}`);
  try {
    for (let rows = nextRows(CHUNK); rows.length > 0; rows = nextRows(CHUNK)) {
      await insertChunk(connection, rows);
      await deriveChunk(connection, grams, rows[0][0], rows.at(-1)[0]);
      accounts += rows.length;
      if (accounts % 200_000 < CHUNK) log(`bulk: ${accounts} accounts (${Math.round((Date.now() - started) / 1000)} s)`);
    }
  } finally {
    for (const [name, statement] of triggers) {
      const [existing] = await connection.query(
        'SELECT 1 FROM information_schema.triggers WHERE trigger_schema = DATABASE() AND trigger_name = ?',
        [name],
      );
      if (existing.length === 0) await connection.query(statement);
    }
  }
  await checkDerivedTables(connection);
  return { accounts, checkedGrams, seconds: Math.round((Date.now() - started) / 1000) };
}
