import { describe, expect, it } from 'vitest';

import { ACCOUNT_AWARDS_COLUMNS, ACCOUNT_ROW_COLUMNS, ACCOUNT_TEAM_COLUMNS, type AccountRow } from './account-row.js';
import { AWARD_COLUMN_NAMES, type AwardUnionRow, awardColumns } from './award-holdings.reader.js';
import { type ColumnNames, type Columns, columnNames, selectList, unionAll, unionArm } from './sql-columns.js';
import { TEAM_ROW_COLUMNS, TEAM_ROW_SELECT } from './team-row.js';

interface Row {
  kind: number;
  id: number | null;
  name: string | null;
  total: number | null;
}

const NAMES: ColumnNames<Row> = ['kind', 'id', 'name', 'total'];

/** The output names of each arm of a `UNION ALL` built here (every column is `<expression> AS <name>`). */
function armAliases(sql: string): string[][] {
  return sql.split(' UNION ALL ').map((arm) => [...arm.replace(/ FROM .*$/, '').matchAll(/ AS (\w+)/g)].map((match) => match[1]));
}

describe('selectList', () => {
  it('lists every column as `expression AS name`, in the order of the map', () => {
    const columns: Columns<Row> = { kind: '0', id: 't.id', name: 't.name', total: '(SELECT COUNT(*) FROM teams)' };
    expect(selectList(columns)).toBe('0 AS kind, t.id AS id, t.name AS name, (SELECT COUNT(*) FROM teams) AS total');
  });

  it('gives the team row its four columns', () => {
    expect(TEAM_ROW_SELECT).toBe(
      'SELECT t.id AS id, t.name AS name, t.created_at AS created_at, c.accounts AS member_count FROM teams t LEFT JOIN account_counts c ON c.team_key = t.id',
    );
  });
});

describe('unionArm', () => {
  it('selects every column in the order of the names, NULL where the arm fills none', () => {
    expect(unionArm(NAMES, { columns: { total: 'x.total', kind: '1' }, from: 'FROM x' })).toBe(
      'SELECT 1 AS kind, NULL AS id, NULL AS name, x.total AS total FROM x',
    );
  });

  it('refuses a column that is not in the names', () => {
    const stray = { kind: '1', extra: 'x.extra' } as Partial<Columns<Row>>;
    expect(() => unionArm(NAMES, { columns: stray, from: 'FROM x' })).toThrow('Columns extra are not in kind, id, name, total');
  });

  it('refuses names that repeat a column', () => {
    expect(() => unionArm<Row>(['kind', 'id', 'kind'], { columns: {}, from: 'FROM x' })).toThrow('Repeated column in kind, id, kind');
  });
});

describe('unionAll', () => {
  it('gives every arm the same columns in the same order, whatever each fills and in whatever order', () => {
    const sql = unionAll(NAMES, [
      { columns: { name: 'a.name', kind: '0', id: 'a.id' }, from: 'FROM a' },
      { columns: { kind: '1', total: 'COUNT(*)' }, from: 'FROM b' },
      { columns: {}, from: 'FROM c' },
    ]);
    expect(sql).toBe(
      'SELECT 0 AS kind, a.id AS id, a.name AS name, NULL AS total FROM a UNION ALL ' +
        'SELECT 1 AS kind, NULL AS id, NULL AS name, COUNT(*) AS total FROM b UNION ALL ' +
        'SELECT NULL AS kind, NULL AS id, NULL AS name, NULL AS total FROM c',
    );
    expect(armAliases(sql)).toEqual([NAMES, NAMES, NAMES]);
  });

  it('aligns the arms of a shape built from the account row, so a column added to it reaches every arm', () => {
    type Shape = AccountRow & AwardUnionRow;
    const names: ColumnNames<Shape> = ['kind', ...columnNames(ACCOUNT_ROW_COLUMNS), ...AWARD_COLUMN_NAMES];
    const sql = unionAll<Shape>(names, [
      { columns: { kind: '1', ...ACCOUNT_ROW_COLUMNS }, from: 'FROM accounts a' },
      { columns: { kind: '0', team_id: 'w.team_id', ...ACCOUNT_TEAM_COLUMNS, ...awardColumns('w') }, from: 'FROM awards w' },
      { columns: { kind: '2', id: 'h.account_id', ...awardColumns('w2') }, from: 'FROM awardees h' },
    ]);
    expect(armAliases(sql)).toEqual([names, names, names]);
    expect(names).toEqual([
      'kind',
      'id',
      'name',
      'discriminator',
      'avatar_url',
      'team_id',
      'permissions',
      'created_at',
      'team_name',
      'team_created_at',
      'team_member_count',
      'award_id',
      'award_title',
      'award_image_url',
    ]);
  });
});

describe('the read model column maps', () => {
  it('share no column between the account row and its award columns, which statements select together', () => {
    const row = columnNames(ACCOUNT_ROW_COLUMNS);
    const awards = columnNames(ACCOUNT_AWARDS_COLUMNS);
    expect(columnNames({ ...ACCOUNT_ROW_COLUMNS, ...ACCOUNT_AWARDS_COLUMNS })).toHaveLength(row.length + awards.length);
    expect(columnNames(TEAM_ROW_COLUMNS)).toEqual(['id', 'name', 'created_at', 'member_count']);
  });
});
