import { describe, expect, it } from 'vitest';

import { StatementLog } from './statement-log.js';

describe('StatementLog', () => {
  it('keeps the statements logged while its work runs, in order, without transaction control', async () => {
    const log = new StatementLog();
    log.logQuery('SELECT 0');
    const recorded = await log.record(async () => {
      log.logQuery('START TRANSACTION');
      log.logQuery('SELECT id FROM teams WHERE id = ?', [1]);
      log.logQuery('SAVEPOINT typeorm_1');
      log.logQuery('UPDATE teams SET name = ? WHERE id = ?', ['A', 1]);
      log.logQuery('RELEASE SAVEPOINT typeorm_1');
      log.logQuery('COMMIT');
    });
    log.logQuery('SELECT 2');
    expect(recorded).toEqual({
      statements: [
        { sql: 'SELECT id FROM teams WHERE id = ?', parameters: [1] },
        { sql: 'UPDATE teams SET name = ? WHERE id = ?', parameters: ['A', 1] },
      ],
    });
  });

  it('returns what the work threw with the statements sent before', async () => {
    const log = new StatementLog();
    const failure = new Error('no such team');
    const recorded = await log.record(async () => {
      log.logQuery('SELECT 1');
      throw failure;
    });
    expect(recorded).toEqual({ statements: [{ sql: 'SELECT 1', parameters: [] }], error: failure });
  });

  it("keeps only the work's own statements, not those of a timer running meanwhile", async () => {
    const log = new StatementLog();
    let tick: (() => void) | undefined;
    const timer = setInterval(() => {
      log.logQuery('SELECT boundary FROM account_name_range_counts');
      tick?.();
    }, 1);
    try {
      const recorded = await log.record(async () => {
        log.logQuery('SELECT 1');
        await new Promise<void>((resolve) => (tick = resolve));
        log.logQuery('SELECT 2');
      });
      expect(recorded).toEqual({
        statements: [
          { sql: 'SELECT 1', parameters: [] },
          { sql: 'SELECT 2', parameters: [] },
        ],
      });
    } finally {
      clearInterval(timer);
    }
  });
});
