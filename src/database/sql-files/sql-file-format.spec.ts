import { describe, expect, it } from 'vitest';

import { formatPlan, formatStatement, isExplainable } from './sql-file-format.js';

describe('SQL file format', () => {
  it('lays a statement out with its locking clause on a line of its own', () => {
    expect(formatStatement('SELECT id FROM accounts WHERE id = ? FOR UPDATE')).toBe(
      'SELECT\n  id\nFROM\n  accounts\nWHERE\n  id = ?\nFOR UPDATE',
    );
    expect(formatStatement('SELECT epoch FROM callback_epoch WHERE id = 1 LOCK IN SHARE MODE')).toBe(
      'SELECT\n  epoch\nFROM\n  callback_epoch\nWHERE\n  id = 1\nLOCK IN SHARE MODE',
    );
  });

  it('writes the stable columns of a plan as an aligned comment table, without the database name in ref', () => {
    const plan = formatPlan(
      [
        {
          id: 1,
          select_type: 'PRIMARY',
          table: 'outbox_events',
          type: 'range',
          key: 'idx_x',
          key_len: '9',
          ref: null,
          Extra: 'Using where',
        },
        { id: 2, select_type: 'DEPENDENT SUBQUERY', table: 'deliveries', type: 'ref', ref: 'db_sql_test.outbox_events.id', Extra: '' },
      ],
      'db_sql_test',
    );
    expect(plan.split('\n')).toEqual([
      '-- id | select_type        | table         | type  | possible_keys | key   | key_len | ref              | Extra',
      '-- 1  | PRIMARY            | outbox_events | range |               | idx_x | 9       |                  | Using where',
      '-- 2  | DEPENDENT SUBQUERY | deliveries    | ref   |               |       |         | outbox_events.id |',
    ]);
  });

  it('explains reads and writes, not transaction control', () => {
    expect(
      ['SELECT 1', ' INSERT INTO t VALUES (1)', 'UPDATE t SET a = 1', 'DELETE FROM t', 'WITH x AS (SELECT 1) SELECT * FROM x'].every(
        isExplainable,
      ),
    ).toBe(true);
    expect(['START TRANSACTION', 'SAVEPOINT typeorm_1', 'COMMIT'].some(isExplainable)).toBe(false);
  });
});
