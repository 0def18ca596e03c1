import { In } from 'typeorm';
import { describe, expect, it } from 'vitest';

import { DeliveryEntity } from '../src/delivery/delivery.entity.js';
import { DeliveriesRepository } from '../src/delivery/deliveries.repository.js';
import { embeddedDeliveryEnv, insertFailedDeliveries } from './support/deliveries.js';
import { useDeliveryScenario } from './support/delivery-scenario.js';
import { registerWithBacklog, settled } from './support/isolation.js';

/** Attempts under way at once: one app's share of the process's slots (`CALLBACK_APP_CONCURRENCY`). */
const WINDOW = 8;

/**
 * Attempts ending together on MySQL/MariaDB: their outcomes are written in
 * one `UPDATE`, not one each (docs/operations.md#each-delivery),
 * and each is written as alone: its own status, attempt count and attempt-log
 * row, only while the delivery is still pending in its round.
 */
describe('outcomes of attempts ending together', () => {
  const { t, receiver, s } = useDeliveryScenario(() =>
    embeddedDeliveryEnv({ CALLBACK_CONCURRENCY: '10', CALLBACK_APP_CONCURRENCY: String(WINDOW), CALLBACK_TIMEOUT_MS: '10000' }),
  );

  it('are written in fewer statements than attempts, each delivery with its own outcome and attempt-log row', async () => {
    const outcomes: number[] = [];
    const logger = t.dataSource.logger;
    const logQuery = logger.logQuery.bind(logger);
    logger.logQuery = (query, parameters, runner) => {
      // Per outcome: an id and a value for each of the 11 columns, its id, and its id and round.
      if (query.startsWith('UPDATE deliveries FORCE INDEX')) outcomes.push((parameters ?? []).length / 25);
      return logQuery(query, parameters, runner);
    };
    try {
      receiver.hang('/held');
      const { callbackId } = await registerWithBacklog(t, s, receiver, s.listener, '/held', WINDOW);
      const recovered = await t.http.post('/callback/account_team_update/recover', { auth: s.listener, body: { since: 0 } });
      expect([recovered.status, recovered.body]).toEqual([202, { redelivered: WINDOW }]);
      // Every attempt is under way, held by the receiver; answered at once, they end together.
      await receiver.waitFor('/held', WINDOW);
      receiver.answerHanging('/held');
      const rows = await t.dataSource.manager.find(DeliveryEntity, { select: { id: true }, where: { callbackId } });
      const ended = await settled(
        t,
        rows.map((row) => row.id),
        15_000,
      );
      expect(ended.map((row) => [row.status, row.attempts, row.totalAttempts, row.lastStatus, row.enqueuedAt])).toEqual(
        Array.from({ length: WINDOW }, () => ['succeeded', 1, 2, 200, null]),
      );
      const log: { n: number | string }[] = await t.dataSource.query(
        'SELECT COUNT(*) AS n FROM delivery_attempts WHERE delivery_id IN (?) AND response_status = 200 AND response_body = ?',
        [rows.map((row) => row.id), 'ok'],
      );
      expect(Number(log[0].n)).toBe(WINDOW);
      // Padded rows repeat the last outcome: the statements carried 1, 2, 4 or 8 outcomes, fewer statements than attempts.
      expect(outcomes.every((size) => [1, 2, 4, 8].includes(size))).toBe(true);
      expect(outcomes.length).toBeLessThan(WINDOW);
    } finally {
      logger.logQuery = logQuery;
    }
  }, 60_000);

  it('leave a delivery alone that an operator moved to its next round meanwhile', async () => {
    await s.register(s.listener, '/unused');
    const registered: number = (await t.http.get('/callback/account_team_update', { auth: s.listener })).body.id;
    const [kept, moved] = await insertFailedDeliveries(
      t.dataSource,
      { appId: s.listener.id, callbackId: registered, url: receiver.url('/unused') },
      2,
    );
    // Both pending in round 1 without an admission (nothing attempts them: their next attempt is an hour away).
    await t.dataSource.query("UPDATE deliveries SET status = 'pending', round = 1, next_attempt_at = ? WHERE id IN (?)", [
      Date.now() / 1000 + 3600,
      [kept, moved],
    ]);
    await t.dataSource.query('UPDATE deliveries SET round = 2 WHERE id = ?', [moved]);
    const now = Date.now() / 1000;
    const outcome = {
      status: 'succeeded' as const,
      attempts: 1,
      totalAttempts: 2,
      url: 'https://receiver.example/hook',
      lastStatus: 204,
      lastError: null,
      lastAttemptAt: now,
      lastDurationMs: 7,
      lastResponseBody: null,
      nextAttemptAt: null,
    };
    await t.app.get(DeliveriesRepository).recordAttempts([
      { round: { id: moved, round: 1 }, outcome, now },
      { round: { id: kept, round: 1 }, outcome: { ...outcome, lastStatus: 202 }, now },
    ]);
    const rows = await t.dataSource.manager.find(DeliveryEntity, { where: { id: In([kept, moved]) }, order: { id: 'ASC' } });
    expect(rows.map((row) => [row.id, row.status, row.round, row.totalAttempts, row.lastStatus])).toEqual([
      [kept, 'succeeded', 1, 2, 202],
      [moved, 'pending', 2, 1, 500],
    ]);
    const log: { delivery: number; status: number }[] = await t.dataSource.query(
      'SELECT delivery_id AS delivery, response_status AS status FROM delivery_attempts WHERE delivery_id IN (?) AND attempt = 2',
      [[kept, moved]],
    );
    expect(log.map((row) => [Number(row.delivery), Number(row.status)])).toEqual([[kept, 202]]);
  });
});
