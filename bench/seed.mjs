/**
 * Bulk seeding of the benchmark data set, straight into MariaDB with
 * multi-row INSERTs (never one HTTP call per row). Rows look like the
 * service's own: account ids are large unsigned 64-bit snowflakes stored
 * zero-padded to 20 digits (src/common/account-id.ts), timestamps are
 * seconds with a fraction.
 *
 * Deterministic: the same sizes give the same rows (seeded PRNG), so runs
 * are comparable.
 */

import { bulkInsertAccounts } from './bulk-accounts.mjs';

const SYLLABLES = [
  'ka',
  'ri',
  'mo',
  'an',
  'el',
  'to',
  'su',
  'ne',
  'li',
  'ra',
  'vo',
  'de',
  'shi',
  'qu',
  'zan',
  'or',
  'bel',
  'mi',
  'ta',
  'ko',
];
const WORDS = ['Red', 'Blue', 'Swift', 'Iron', 'Silent', 'Golden', 'Night', 'Storm', 'Frost', 'Ember', 'Lunar', 'Solar', 'Wild', 'Stone'];
const INSERT_CHUNK = 2000;

/** A small seeded PRNG (mulberry32): floats in [0, 1). */
export function createRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick(random, list) {
  return list[Math.floor(random() * list.length)];
}

function intBetween(random, min, max) {
  return min + Math.floor(random() * (max - min + 1));
}

/** The `index`-th account id: distinct, above 2^63 (so above 2^53 too), as the canonical decimal string. */
export function accountIdAt(index) {
  return (9_223_372_036_854_775_808n + BigInt(index) * 1_000_003n + 7n).toString();
}

/** The first id of the accounts the benchmark creates through the API: 2^63 + 2^62, far above every seeded id. */
const CREATED_ID_BASE = 13_835_058_055_282_163_712n;

/** The `n`-th id of an account created through the API (POST scenario), as the canonical decimal string. */
export function createdAccountId(n) {
  return (CREATED_ID_BASE + BigInt(n)).toString();
}

/** Attempts of {@link deleteCreatedAccounts} before a deadlock or lock wait timeout is given up on. */
const DELETE_ATTEMPTS = 5;

/** MariaDB's errors that a retry of the same statement resolves: `ER_LOCK_DEADLOCK` (its transaction was rolled back) and `ER_LOCK_WAIT_TIMEOUT`. */
const RETRYABLE_LOCK_ERRORS = new Set(['ER_LOCK_DEADLOCK', 'ER_LOCK_WAIT_TIMEOUT']);

/**
 * Deletes the accounts created through the API, so that the data set keeps
 * its size. The delete's triggers (member counts, name n-grams) take locks
 * that the delivery pipeline's background statements may hold a moment
 * longer: a deadlock or lock wait timeout rolls the delete back whole, and
 * it is sent again after a short pause (up to {@link DELETE_ATTEMPTS} times).
 *
 * @returns how many accounts were deleted.
 * @throws the last error when every attempt failed, or any other error at once.
 */
export async function deleteCreatedAccounts(connection) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const [result] = await connection.query('DELETE FROM accounts WHERE id >= ?', [storedId(createdAccountId(0))]);
      return result.affectedRows;
    } catch (error) {
      if (!RETRYABLE_LOCK_ERRORS.has(error.code) || attempt >= DELETE_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}

function storedId(id) {
  return id.padStart(20, '0');
}

/** A made-up account name of 2-4 syllables, half of them followed by a word. */
export function accountName(random) {
  const parts = intBetween(random, 2, 4);
  let name = '';
  for (let i = 0; i < parts; i += 1) name += pick(random, SYLLABLES);
  const first = name[0].toUpperCase() + name.slice(1);
  return random() < 0.5 ? first : `${first} ${pick(random, WORDS)}`;
}

async function insertRows(connection, table, columns, rows) {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    const chunk = rows.slice(start, start + INSERT_CHUNK);
    await connection.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [chunk]);
  }
}

/**
 * Seeds teams, accounts and awards into empty tables.
 *
 * @param connection a mysql2/promise connection on the bench database (schema migrated).
 * @param size `{ teams, accounts, awards, teamShare }`: counts, and the share of accounts in a team (0..1).
 * @param log progress lines of the bulk path ({@link addAccounts}).
 * @returns `{ teams, accounts, awards, awardees }` row counts.
 */
export async function seedDataSet(connection, size, log = () => {}) {
  const random = createRandom(42);
  const now = Date.now() / 1000;
  const teams = [];
  for (let id = 1; id <= size.teams; id += 1) teams.push([id, `${pick(random, WORDS)} ${pick(random, WORDS)} ${id}`, now - id]);
  await insertRows(connection, 'teams', ['id', 'name', 'created_at'], teams);
  await addAccounts(connection, 0, size.accounts, size, log);

  const awardRandom = createRandom(7);
  const awards = [];
  const awardees = [];
  const [members] = await connection.query('SELECT id, team_id FROM accounts WHERE team_id IS NOT NULL ORDER BY id');
  const byTeam = new Map();
  for (const row of members) {
    const list = byTeam.get(row.team_id) ?? [];
    list.push(row.id);
    byTeam.set(row.team_id, list);
  }
  for (let id = 1; id <= size.awards; id += 1) {
    const teamId = intBetween(awardRandom, 1, size.teams);
    awards.push([id, `${pick(awardRandom, WORDS)} award ${id}`, `https://cdn.example.com/awards/${id}.png`, teamId, now - id]);
    const pool = byTeam.get(teamId) ?? [];
    const holders = new Set();
    const wanted = Math.min(intBetween(awardRandom, 5, 20), pool.length);
    while (holders.size < wanted) holders.add(pick(awardRandom, pool));
    for (const holder of holders) awardees.push([id, holder]);
  }
  await insertRows(connection, 'awards', ['id', 'title', 'image_url', 'team_id', 'created_at'], awards);
  await insertRows(connection, 'awardees', ['award_id', 'account_id'], awardees);
  await analyze(connection);
  return { teams: teams.length, accounts: size.accounts, awards: awards.length, awardees: awardees.length };
}

/** Accounts added at once from which {@link addAccounts} takes the bulk path (bulk-accounts.mjs). */
const BULK_FROM = 100_000;

/**
 * Appends accounts `from..to-1` (ids from {@link accountIdAt}); used to grow the
 * data set between scales without reseeding the rest. From {@link BULK_FROM}
 * accounts at once, through the bulk path (the same rows, the derived tables
 * filled by set and checked).
 *
 * @param log progress lines of the bulk path.
 */
export async function addAccounts(connection, from, to, size, log = () => {}) {
  const random = createRandom(1000 + from);
  const now = Date.now() / 1000;
  let index = from;
  const nextRows = (count) => {
    const rows = [];
    for (const end = Math.min(to, index + count); index < end; index += 1) {
      const id = accountIdAt(index);
      const teamId = random() < size.teamShare ? intBetween(random, 1, size.teams) : null;
      rows.push([
        storedId(id),
        accountName(random),
        String(intBetween(random, 1, 9999)).padStart(4, '0'),
        random() < 0.8 ? `https://cdn.example.com/avatars/${id}/${Math.floor(random() * 1e9).toString(16)}.png` : null,
        teamId,
        0,
        now - index / 1000,
      ]);
    }
    return rows;
  };
  if (to - from >= BULK_FROM) {
    const bulk = await bulkInsertAccounts(connection, nextRows, log);
    log(`bulk: ${bulk.accounts} accounts in ${bulk.seconds} s, derived tables checked (${bulk.checkedGrams} grams against the trigger's)`);
  } else {
    await insertRows(
      connection,
      'accounts',
      ['id', 'name', 'discriminator', 'avatar_url', 'team_id', 'permissions', 'created_at'],
      nextRows(to - from),
    );
  }
  await analyze(connection);
}

/** Refreshes index statistics after a bulk load, so plans match a settled database. */
async function analyze(connection) {
  await connection.query('ANALYZE TABLE teams, accounts, awards, awardees');
}

/**
 * Drops every table of the connection's database (the migrations then start from scratch).
 */
export async function dropAllTables(connection) {
  const [rows] = await connection.query('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()');
  if (rows.length === 0) return;
  await connection.query('SET FOREIGN_KEY_CHECKS = 0');
  await connection.query(`DROP TABLE ${rows.map((row) => `\`${row.name}\``).join(', ')}`);
  await connection.query('SET FOREIGN_KEY_CHECKS = 1');
}
