import { describe, expect, it } from 'vitest';

import { Transactions } from '../src/database/transactions.js';
import { TeamEntity } from '../src/teams/team.entity.js';
import { TeamsRepository } from '../src/teams/teams.repository.js';
import { sleep } from './support/deliveries.js';
import { useTestApp } from './support/use-test-app.js';

/**
 * What `Transactions.run` puts in the async context, on the app's own
 * database: a repository called inside the work reads and writes in the
 * transaction without being handed it (the teams repository, the template
 * feature), and nothing outside or after the transaction uses it.
 */
describe('the current transaction on the database (docs/architecture.md#transactions)', () => {
  const { t } = useTestApp({}, { resetEach: true });

  it("lets a repository inside run read the transaction's uncommitted write, and one outside only after COMMIT", async () => {
    const transactions = t.app.get(Transactions);
    const teams = t.app.get(TeamsRepository);
    let written!: (id: number) => void;
    const insert = new Promise<number>((resolve) => (written = resolve));
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    const run = transactions.run(async () => {
      const team = await teams.insert({ name: 'Uncommitted', createdAt: 1 });
      expect((await teams.findById(team.id))?.name).toBe('Uncommitted');
      written(team.id);
      await committing;
    });
    const id = await insert;
    // SQLite has one connection, whose reads see its open transaction; MariaDB reads outside it from the pool.
    const outside = await teams.findById(id);
    if (t.dataSource.options.type === 'mysql') expect(outside).toBeNull();
    else expect(outside?.name).toBe('Uncommitted');
    commit();
    await run;
    expect((await teams.findById(id))?.name).toBe('Uncommitted');
  });

  it('keeps two transactions of the database apart, each reading its own write', async () => {
    const transactions = t.app.get(Transactions);
    const teams = t.app.get(TeamsRepository);
    const work = (name: string) =>
      transactions.run(async () => {
        const manager = transactions.manager;
        const team = await teams.insert({ name, createdAt: 1 });
        await sleep(20);
        expect(transactions.manager).toBe(manager);
        return { manager, own: (await teams.findById(team.id))?.name };
      });
    // Started together; on embedded SQLite (one connection) the second waits for the first to end.
    const [a, b] = await Promise.all([work('A'), work('B')]);
    expect([a.own, b.own]).toEqual(['A', 'B']);
    expect(a.manager).not.toBe(b.manager);
    expect(a.manager).not.toBe(t.dataSource.manager);
    expect(await t.dataSource.manager.count(TeamEntity)).toBe(2);
  });

  it('commits or rolls back each of many transactions started together, and leaves none open', async () => {
    const transactions = t.app.get(Transactions);
    const teams = t.app.get(TeamsRepository);
    const names = Array.from({ length: 12 }, (_, i) => `Team ${i}`);
    const outcomes = await Promise.allSettled(
      names.map((name, i) =>
        transactions.run(async () => {
          await sleep(i % 3);
          const team = await teams.insert({ name, createdAt: 1 });
          await sleep(3 - (i % 3));
          if (i % 4 === 3) throw new Error(`${name} rolls back`);
          return (await teams.findById(team.id))?.name;
        }),
      ),
    );
    expect(outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason)))).toEqual(
      names.map((name, i) => (i % 4 === 3 ? `Error: ${name} rolls back` : name)),
    );
    const kept = await t.dataSource.manager.find(TeamEntity, { order: { name: 'ASC' } });
    expect(kept.map((team) => team.name).sort()).toEqual(names.filter((_, i) => i % 4 !== 3).sort());
    // On SQLite the one connection is back outside any transaction: everything above is committed.
    expect(t.dataSource.createQueryRunner().isTransactionActive).toBe(false);
  });

  it('runs a timer a transaction scheduled on the pool once the transaction has ended', async () => {
    const transactions = t.app.get(Transactions);
    const teams = t.app.get(TeamsRepository);
    let timer: Promise<{ pool: boolean; name: string | undefined }> | undefined;
    const team = await transactions.run(async () => {
      const inserted = await teams.insert({ name: 'Timer', createdAt: 1 });
      timer = sleep(20).then(async () => ({
        pool: transactions.manager === t.dataSource.manager,
        name: (await teams.findById(inserted.id))?.name,
      }));
      return inserted;
    });
    expect(await timer).toEqual({ pool: true, name: 'Timer' });
    expect((await teams.findById(team.id))?.name).toBe('Timer');
  });
});
