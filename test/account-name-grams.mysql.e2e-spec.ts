import { type Connection, createConnection, type RowDataPacket } from 'mysql2/promise';
import { beforeAll, describe, expect, it } from 'vitest';

import { APP_PERMISSIONS } from '../src/permissions/permission.js';
import { NameGramKeys } from '../src/read-model/account-search/name-gram-keys.js';
import { BMP_KEYS_SQL, characterKeySql, searchGramSql } from '../src/read-model/account-search/name-grams.js';
import { foldCharacter, isIgnorable } from '../src/collation/unicode-ci.js';
import { likeContains, LIKE_ESCAPE } from '../src/http/pagination.js';
import { databaseUrlOf } from './support/delivery-processes.js';
import { ACCOUNT_NAME_GRAMS, expectNameGramIndexConsistent } from './support/name-gram-index.js';
import type { Credentials } from './support/http-client.js';
import { StatementCounter } from './support/statement-counter.js';
import { useTestApp } from './support/use-test-app.js';

/** Code points whose keys are compared pairwise with `LIKE`: scripts, expansions, ignorables, ideographs, emoji. */
function sampleCodePoints(): number[] {
  const ranges: [number, number][] = [
    [0x20, 0x250], // ASCII, Latin-1, Latin Extended-A/B (ß, æ, ǆ, dotless i)
    [0x370, 0x460], // Greek, Cyrillic
    [0x1e00, 0x1f00], // Latin Extended Additional
    [0x2000, 0x2070], // spaces, zero-width characters, punctuation
    [0x2e80, 0x2ea0], // CJK radicals (weights equal to ideographs')
    [0x2f00, 0x2f20], // Kangxi radicals
    [0x3280, 0x32a0], // circled ideographs
    [0x3400, 0x3410], // CJK extension A
    [0x4e00, 0x4e20], // CJK unified ideographs
    [0xac00, 0xac10], // Hangul
    [0xf900, 0xf920], // CJK compatibility ideographs
    [0xfb00, 0xfb10], // ligatures (ﬁ)
    [0xff00, 0xff60], // full-width forms
  ];
  const codePoints = ranges.flatMap(([from, to]) => Array.from({ length: to - from }, (_, index) => from + index));
  return [...codePoints, 0x1f600, 0x1f601, 0x1f44d, 0x10400, 0x10428, 0x1d400, 0x20000, 0x20001];
}

/**
 * `GET /accounts/search?q=` on MySQL/MariaDB reads the name n-gram
 * index (read-model/account-search/name-grams.ts) instead of scanning every name. These tests
 * pin down that it answers exactly what `name LIKE '%q%'` in the column's
 * collation answers, and that the triggers keep it exact through every write.
 */
describe('account name n-grams (MySQL)', () => {
  const { t } = useTestApp();
  let admin: Credentials;

  beforeAll(async () => {
    admin = await t.createApp(APP_PERMISSIONS);
  });

  it('keys two characters alike exactly when LIKE matches one with the other', async () => {
    await t.dataSource.transaction(async (manager) => {
      await manager.query(
        'CREATE TEMPORARY TABLE gram_key_sample (cp INT PRIMARY KEY, c VARCHAR(1) CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci, k VARCHAR(255) CHARACTER SET ascii COLLATE ascii_bin)',
      );
      const codePoints = sampleCodePoints();
      await manager.query(
        `INSERT INTO gram_key_sample (cp, c) VALUES ${codePoints.map(() => '(?, ?)').join(', ')}`,
        codePoints.flatMap((cp) => [cp, String.fromCodePoint(cp)]),
      );
      await manager.query(`UPDATE gram_key_sample SET k = ${characterKeySql('c')}`);
      const pattern = `CONCAT('%', REPLACE(REPLACE(REPLACE(x.c, '${LIKE_ESCAPE}', '${LIKE_ESCAPE}${LIKE_ESCAPE}'), '%', '${LIKE_ESCAPE}%'), '_', '${LIKE_ESCAPE}_'), '%')`;
      const mismatches = await manager.query(
        `SELECT x.cp AS a, y.cp AS b, x.k AS ka, y.k AS kb FROM gram_key_sample x INNER JOIN gram_key_sample y ` +
          `WHERE (x.k = y.k) <> (y.c LIKE ${pattern} ESCAPE '${LIKE_ESCAPE}') LIMIT 10`,
      );
      const [{ distinctKeys }] = await manager.query('SELECT COUNT(DISTINCT k) AS distinctKeys FROM gram_key_sample');
      await manager.query('DROP TEMPORARY TABLE gram_key_sample');
      expect(mismatches).toEqual([]);
      // Case and accents fold together (e.g. a/A/à/Á), so there are fewer keys than characters.
      expect(Number(distinctKeys)).toBeLessThan(codePoints.length);
    });
  });

  it("classes every BMP character as the server keys it: SQLite's LIKE and q's validation (src/collation) agree with MariaDB", async () => {
    const rows: { code: number; k: string }[] = await t.dataSource.query(BMP_KEYS_SQL);
    expect(rows).toHaveLength(0x10000 - 0x800);
    const foldsByKey = new Map<string, Set<string>>();
    const keysByFold = new Map<string, Set<string>>();
    const ignorableMismatches: number[] = [];
    for (const { code, k } of rows) {
      const fold = foldCharacter(String.fromCharCode(code));
      foldsByKey.set(k, (foldsByKey.get(k) ?? new Set()).add(fold));
      keysByFold.set(fold, (keysByFold.get(fold) ?? new Set()).add(k));
      if (isIgnorable(String.fromCharCode(code)) !== (k === '')) ignorableMismatches.push(code);
    }
    expect(ignorableMismatches).toEqual([]);
    expect([...foldsByKey].filter(([, folds]) => folds.size > 1)).toEqual([]);
    expect([...keysByFold].filter(([, keys]) => keys.size > 1)).toEqual([]);
    expect(foldsByKey.get('')?.size).toBe(1);
  });

  it('knows at start the keys of the printable ASCII characters, as SQL computes them for q', async () => {
    const keys = t.app.get(NameGramKeys);
    const printable = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));
    const grams = [...printable, 'an', 'A ', '%_', 'z\\'];
    const expected: string[] = [];
    for (const q of grams) {
      const gram = searchGramSql(q);
      const [row] = await t.dataSource.query(`SELECT ${gram.sql} AS gram`, gram.parameters);
      expected.push(row.gram);
    }
    expect(grams.map((q) => keys.gramOf(q))).toEqual(expected);
    // Not known in advance: other characters, and more than two characters.
    expect([keys.gramOf('é'), keys.gramOf('a😀'), keys.gramOf('ann'), keys.gramOf('')]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  describe('search through the index', () => {
    const NAMES = [
      'Anna',
      'ANNE',
      'Ánnika',
      'Joanne',
      'Hannah',
      'Dan',
      'Émile',
      'emilie',
      'Zoë',
      'ZOE',
      'Straße',
      'Strasse',
      'Ǆemal',
      'Ærø',
      'Smile 😀',
      'Smile 😁',
      '一二三',
      '⼀二',
      'ﬁsh',
      'fish',
      '50% off',
      '5_0 off',
      'back\\slash',
      'zero\u200bwidth',
      'Ñandú',
      'ann ann ann',
      'x',
      'A',
    ];
    const QUERIES = [
      'an',
      'AN',
      'án',
      'nn',
      'a',
      'Ñ',
      'n',
      'e',
      'É',
      'mil',
      'EMIL',
      'ss',
      'ß',
      'traß',
      'ǅ',
      'Dž',
      'æ',
      'ae',
      '😀',
      '😁',
      'e 😀',
      '一',
      '⼀',
      '二三',
      'fi',
      'ﬁ',
      '%',
      '_',
      '%2',
      '0%',
      '\\',
      'k\\s',
      '\u200bw',
      'o\u200bw',
      'zerow',
      'ann ann',
      'nd',
      'xyz',
      'zz',
      'annika',
    ];

    beforeAll(async () => {
      await t.reset();
      admin = await t.createApp(APP_PERMISSIONS);
      for (const [index, name] of NAMES.entries()) {
        const response = await t.http.post('/accounts/new', {
          auth: admin,
          body: { id: String(1000 + index), name, discriminator: '0001' },
        });
        expect(response.status).toBe(201);
      }
    });

    /** Ids of `name LIKE '%q%'` in page order, straight from the table. */
    async function scan(q: string): Promise<string[]> {
      const rows: { id: string }[] = await t.dataSource.query(
        `SELECT id FROM accounts WHERE name LIKE ? ESCAPE '${LIKE_ESCAPE}' ORDER BY name, id`,
        [likeContains(q)],
      );
      return rows.map((row) => String(BigInt(row.id)));
    }

    async function search(q: string, extra = ''): Promise<{ results: number; ids: string[] }> {
      const response = await t.http.get(`/accounts/search?q=${encodeURIComponent(q)}&per_page=100${extra}`);
      expect(response.status).toBe(200);
      return { results: response.body.results, ids: response.body.data.map((account: { id: string }) => account.id) };
    }

    /** The grams and per-gram counts the triggers keep, against the names, and the short searches against a scan. */
    async function expectIndexConsistent(): Promise<void> {
      await expectNameGramIndexConsistent(t.dataSource, ACCOUNT_NAME_GRAMS);
      for (const q of QUERIES.filter((query) => [...query].length <= 2)) {
        expect((await search(q)).ids, q).toEqual(await scan(q));
      }
    }

    it.each(QUERIES)('q=%s answers the same ids, order and total as a LIKE scan', async (q) => {
      const expected = await scan(q);
      expect(await search(q)).toEqual({ results: expected.length, ids: expected });
    });

    it('tells apart what the collation tells apart in LIKE', async () => {
      const names = async (q: string) => (await search(q)).ids.map((id) => NAMES[Number(id) - 1000]).sort();
      expect(await names('ß')).toEqual(['Straße']);
      expect(await names('ss')).toEqual(['Strasse']);
      expect(await names('😀')).toEqual(['Smile 😀']);
      expect(await names('一')).toEqual(['一二三']);
      expect(await names('⼀')).toEqual(['⼀二']);
      expect(await names('ǅ')).toEqual(['Ǆemal']);
      expect(await names('ﬁ')).toEqual(['ﬁsh']);
      expect(await names('ÑD')).toEqual(['Ñandú']);
      expect(await names('ñ')).toEqual(['ANNE', 'Anna', 'Dan', 'Hannah', 'Joanne', 'ann ann ann', 'Ánnika', 'Ñandú']);
      expect(await names('_')).toEqual(['5_0 off']);
      expect(await names('ANNI')).toEqual(['Ánnika']);
    });

    it('refuses a q of ignorable characters only, which the gram of U+200B alone would answer', async () => {
      for (const q of ['\u200b', '\u0000', '\u200b\u200b\u200b'])
        expect((await t.http.get(`/accounts/search?q=${encodeURIComponent(q)}`)).status, JSON.stringify(q)).toBe(422);
    });

    it('pages through the index in (name, id) order', async () => {
      const all = await scan('n');
      const pages: string[] = [];
      for (let page = 0; page * 3 < all.length; page++) {
        const response = await t.http.get(`/accounts/search?q=n&per_page=3&page=${page}`);
        expect(response.body.results).toBe(all.length);
        pages.push(...response.body.data.map((account: { id: string }) => account.id));
      }
      expect(pages).toEqual(all);
    });

    it('combines q with team and answers one statement per page', async () => {
      const team = await t.http.post('/teams/new', { auth: admin, body: { name: 'Red' } });
      for (const id of ['1000', '1003', '1004'])
        expect((await t.http.patch(`/account/${id}`, { auth: admin, body: { team: team.body.id } })).status).toBe(200);
      expect(await search('an', `&team=${team.body.id}`)).toEqual({ results: 3, ids: ['1000', '1004', '1003'] });
      expect(await search('nna', `&team=${team.body.id}`)).toEqual({ results: 2, ids: ['1000', '1004'] });
      expect((await search('an', '&team=0')).ids).toEqual((await scan('an')).filter((id) => !['1000', '1003', '1004'].includes(id)));
      const counter = new StatementCounter(t.dataSource);
      for (const q of ['an', 'nna', 'a']) {
        const statements = await counter.count(async () =>
          expect((await t.http.get(`/accounts/search?q=${q}&per_page=20`)).status).toBe(200),
        );
        expect(statements, q).toBe(1);
      }
    });

    it('stays exact through renames, case-only renames, deletions and new accounts', async () => {
      const rename = async (id: string, name: string) =>
        expect((await t.http.patch(`/account/${id}`, { auth: admin, body: { name } })).status).toBe(200);
      await rename('1000', 'Bob'); // loses every gram
      await rename('1001', 'anne'); // case only: same keys
      await rename('1010', 'Strass'); // ß -> ss: same under "=", different keys
      await rename('1004', 'Hannah Hannah'); // keeps its grams, adds some
      await t.dataSource.query('UPDATE accounts SET name = ? WHERE id = ?', ['Zoë Ann', '00000000000000001008']); // outside the service
      await t.dataSource.query('DELETE FROM accounts WHERE id = ?', ['00000000000000001005']);
      await t.insertAccount({ id: '2000', name: 'Annabel' });
      await expectIndexConsistent();
      for (const q of QUERIES) {
        const expected = await scan(q);
        expect(await search(q), q).toEqual({ results: expected.length, ids: expected });
      }
    });

    it('renames from two connections writing the same counter slot never deadlock, and the counts stay exact', async () => {
      // A rename moves its grams' counters in one statement, in gram order (migration OrderedGramCounts1795900000002);
      // as two statements (+1, then -1), these renames deadlocked about 1 in 50.
      for (let index = 0; index < 40; index++) await t.insertAccount({ id: String(3000 + index), name: `Slot probe ${index}` });
      const ids = (
        (await t.dataSource.query(`SELECT id FROM accounts WHERE name LIKE 'Slot probe %' ORDER BY id`)) as { id: string }[]
      ).map((row) => row.id);
      const opened: Connection[] = [];
      const slotOf = async (connection: Connection) => {
        const [[row]] = await connection.query<RowDataPacket[]>('SELECT CONNECTION_ID() % 16 AS slot');
        return Number(row.slot);
      };
      try {
        let pair: [Connection, Connection] | undefined;
        while (!pair) {
          const connection = await createConnection(databaseUrlOf(t.config));
          const slot = await slotOf(connection);
          const same = (await Promise.all(opened.map(async (other) => ((await slotOf(other)) === slot ? other : undefined)))).find(Boolean);
          opened.push(connection);
          if (same) pair = [same, connection];
        }
        const words = ['Alpha Bravo', 'Charlie Delta', 'Echo Foxtrot', 'Golf Hotel', 'India Juliet', 'Kilo Lima'];
        const deadlocks: unknown[] = [];
        await Promise.all(
          pair.map(async (connection, side) => {
            for (let index = 0; index < 600; index++) {
              const name = `${words[(index + side * 3) % words.length]} ${index % 50}`;
              await connection
                .query('UPDATE accounts SET name = ? WHERE id = ?', [name, ids[(index * 7 + side * 3) % ids.length]])
                .catch((error: { code?: string }) => {
                  if (error.code !== 'ER_LOCK_DEADLOCK') throw error;
                  deadlocks.push(error);
                });
            }
          }),
        );
        expect(deadlocks).toEqual([]);
      } finally {
        await Promise.all(opened.map((connection) => connection.end()));
      }
      await expectIndexConsistent();
    });
  });
});
