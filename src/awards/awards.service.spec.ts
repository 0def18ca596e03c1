import { beforeEach, describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../test/support/fake-transactions.js';
import { domainRejection } from '../../test/support/rejection.js';
import type { AccountsService } from '../accounts/accounts.service.js';
import type { Clock } from '../clock/clock.js';
import { InvalidInputError, NotFoundError, requireFound } from '../errors/domain-errors.js';
import type { AwardSerializer } from '../read-model/award.serializer.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { AwardEntity } from './award.entity.js';
import type { AwardsRepository } from './awards.repository.js';
import { AwardsService } from './awards.service.js';
import type { CreateAwardDto } from './dto/create-award.dto.js';

const NOW = 1_700_000_000.75;
/** The service's transactions; every transactional read and write must run inside one. */
const transactions = new FakeTransactions();
const TEAMS = new Set([3, 4]);
const ACCOUNTS = new Set(['10', '11', '12']);

/** The `awards` and `awardees` tables in memory; `calls` records each statement in order (with the lookups of the other fakes). */
class FakeAwardsRepository implements Pick<
  AwardsRepository,
  'insert' | 'findById' | 'update' | 'delete' | 'addHolders' | 'holds' | 'removeHolder'
> {
  readonly awards = new Map<number, AwardEntity>();
  /** `awardId:accountId` of every holding. */
  readonly holders = new Set<string>();
  private nextId = 1;

  constructor(readonly calls: string[]) {}

  async insert(fields: Omit<AwardEntity, 'id'>): Promise<AwardEntity> {
    expect(transactions.active).toBe(true);
    const award = { id: this.nextId++, ...fields };
    this.calls.push(`insert award ${award.id}`);
    this.awards.set(award.id, { ...award });
    return award;
  }

  async findById(id: number, lock = false): Promise<AwardEntity | null> {
    expect(transactions.active).toBe(true);
    this.calls.push(`award ${id}${lock ? ' locked' : ''}`);
    const award = this.awards.get(id);
    return award ? { ...award } : null;
  }

  async update(award: AwardEntity): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`update award ${award.id}`);
    this.awards.set(award.id, { ...award });
  }

  async delete(id: number): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`delete award ${id}`);
    this.awards.delete(id);
  }

  async addHolders(awardId: number, accountIds: string[]): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`addHolders ${awardId} [${accountIds.join(',')}]`);
    for (const accountId of accountIds) {
      // The real table has a primary key on (award, account): a second insert would fail.
      expect(this.holders.has(`${awardId}:${accountId}`)).toBe(false);
      this.holders.add(`${awardId}:${accountId}`);
    }
  }

  async holds(accountId: string, awardId: number): Promise<boolean> {
    expect(transactions.active).toBe(true);
    return this.holders.has(`${awardId}:${accountId}`);
  }

  async removeHolder(accountId: string, awardId: number): Promise<boolean> {
    expect(transactions.active).toBe(true);
    this.calls.push(`removeHolder ${awardId} ${accountId}`);
    return this.holders.delete(`${awardId}:${accountId}`);
  }
}

const missing = (field: (string | number)[], resource: string) => ({
  field,
  message: `${resource} not found.`,
  type: 'value_error.not_found',
});

describe('AwardsService', () => {
  let calls: string[];
  let repository: FakeAwardsRepository;
  let service: AwardsService;

  beforeEach(() => {
    calls = [];
    repository = new FakeAwardsRepository(calls);
    const accounts = {
      lockExisting: async (ids: string[]) => {
        expect(transactions.active).toBe(true);
        calls.push(`lock accounts [${ids.join(',')}]`);
        return new Set(ids.filter((id) => ACCOUNTS.has(id)));
      },
      require: async (id: string, lock = false) => {
        expect(transactions.active).toBe(true);
        calls.push(`account ${id}${lock ? ' locked' : ''}`);
        return requireFound(ACCOUNTS.has(id) ? { id } : null, ['account'], 'Account');
      },
    };
    const teams = {
      require: async (id: number, lock = false) => {
        expect(transactions.active).toBe(true);
        calls.push(`team ${id}${lock ? ' locked' : ''}`);
        return requireFound(TEAMS.has(id) ? { id } : null, ['team'], 'Team');
      },
    };
    const serializer = {
      serialize: (award: AwardEntity) => ({ id: award.id, title: award.title, image_url: award.imageUrl }),
      loadDetails: async (id: number) => {
        const award = repository.awards.get(id);
        return award ? { award: { id, title: award.title, image_url: award.imageUrl }, awardees: [], team: null } : undefined;
      },
    };
    service = new AwardsService(
      transactions.asTransactions(),
      repository as unknown as AwardsRepository,
      { nowSeconds: () => NOW } as Clock,
      accounts as unknown as AccountsService,
      teams as unknown as TeamsService,
      serializer as unknown as AwardSerializer,
    );
  });

  /** Award 1 "Gold" of team 3, held by account 10. */
  async function seed(): Promise<void> {
    await service.create({ title: 'Gold', image_url: 'https://img.test/gold.png', team: 3, accounts: ['10'] });
    calls.length = 0;
  }

  describe('create', () => {
    const dto = (fields: Partial<CreateAwardDto> = {}): CreateAwardDto => ({
      title: 'Gold',
      image_url: 'https://img.test/gold.png',
      team: 3,
      accounts: [],
      ...fields,
    });

    it('inserts the award at the clock time and gives it to each listed account once, locking team then accounts', async () => {
      expect(await service.create(dto({ accounts: ['11', '10', '11', '10'] }))).toEqual({
        id: 1,
        title: 'Gold',
        image_url: 'https://img.test/gold.png',
      });
      expect(repository.awards.get(1)).toEqual({ id: 1, title: 'Gold', imageUrl: 'https://img.test/gold.png', teamId: 3, createdAt: NOW });
      expect(calls).toEqual(['team 3 locked', 'lock accounts [11,10,11,10]', 'insert award 1', 'addHolders 1 [11,10]']);
    });

    it('with no accounts, locks none', async () => {
      await service.create(dto());
      expect(calls).toEqual(['team 3 locked', 'insert award 1', 'addHolders 1 []']);
      expect(repository.holders.size).toBe(0);
    });

    it('is one 422 listing the unknown team and every unknown account entry by index, and nothing is written', async () => {
      const error = await domainRejection(service.create(dto({ team: 99, accounts: ['10', '98', '11', '98', '97'] })));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual([
        missing(['team'], 'Team'),
        missing(['accounts', 1], 'Account'),
        missing(['accounts', 3], 'Account'),
        missing(['accounts', 4], 'Account'),
      ]);
      expect(calls).toEqual(['team 99 locked', 'lock accounts [10,98,11,98,97]']);
      expect(repository.awards.size).toBe(0);
    });

    it('is a 422 for a team of 0 (a team is required)', async () => {
      const error = await domainRejection(service.create(dto({ team: 0 })));
      expect(error.problems).toEqual([missing(['team'], 'Team')]);
      expect(repository.awards.size).toBe(0);
    });

    it('is a 422 for unknown accounts alone', async () => {
      const error = await domainRejection(service.create(dto({ accounts: ['96'] })));
      expect(error.problems).toEqual([missing(['accounts', 0], 'Account')]);
      expect(repository.awards.size).toBe(0);
    });
  });

  describe('update', () => {
    beforeEach(seed);

    it('changes the fields given and keeps the others', async () => {
      expect(await service.update(1, { title: 'Silver' })).toEqual({ id: 1, title: 'Silver', image_url: 'https://img.test/gold.png' });
      expect(repository.awards.get(1)).toEqual({
        id: 1,
        title: 'Silver',
        imageUrl: 'https://img.test/gold.png',
        teamId: 3,
        createdAt: NOW,
      });
      expect(calls).toEqual(['award 1 locked', 'update award 1']);
    });

    it('moves the award to another team, locking the team before the award', async () => {
      await service.update(1, { team: 4, image_url: 'https://img.test/silver.png' });
      expect(repository.awards.get(1)).toMatchObject({ teamId: 4, imageUrl: 'https://img.test/silver.png', title: 'Gold' });
      expect(calls).toEqual(['team 4 locked', 'award 1 locked', 'update award 1']);
    });

    it.each([0, null])('team %s leaves the award without a team, without a team lookup', async (team) => {
      await service.update(1, { team });
      expect(repository.awards.get(1)!.teamId).toBeNull();
      expect(calls).toEqual(['award 1 locked', 'update award 1']);
    });

    it('is one 422 listing the unknown team and the unknown award, and nothing is written', async () => {
      const error = await domainRejection(service.update(99, { team: 98, title: 'Silver' }));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual([missing(['team'], 'Team'), missing(['award'], 'Award')]);
      expect(calls).toEqual(['team 98 locked', 'award 99 locked']);
    });

    it('is a 422 at ["body", "team"] for an unknown team of a known award, and the award is unchanged', async () => {
      const error = await domainRejection(service.update(1, { team: 98, title: 'Silver' }));
      expect(error.problems).toEqual([missing(['team'], 'Team')]);
      expect(repository.awards.get(1)).toMatchObject({ title: 'Gold', teamId: 3 });
    });
  });

  describe('get', () => {
    it('returns the details, or a 422 at ["path", "award"]', async () => {
      await seed();
      expect(await service.get(1)).toEqual({
        award: { id: 1, title: 'Gold', image_url: 'https://img.test/gold.png' },
        awardees: [],
        team: null,
      });
      const error = await domainRejection(service.get(99));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual([missing(['award'], 'Award')]);
    });
  });

  describe('delete', () => {
    beforeEach(seed);

    it('deletes the award', async () => {
      await service.delete(1);
      expect(repository.awards.has(1)).toBe(false);
      expect(calls).toEqual(['award 1 locked', 'delete award 1']);
    });

    it('is a 422 at ["path", "award"] for an unknown award', async () => {
      const error = await domainRejection(service.delete(99));
      expect(error.problems).toEqual([missing(['award'], 'Award')]);
      expect(calls).toEqual(['award 99 locked']);
    });
  });

  describe('give', () => {
    beforeEach(seed);

    it('gives the award (true, 201), then says it was already held (false, 208) without writing again', async () => {
      expect(await service.give('11', 1)).toBe(true);
      expect(await service.give('11', 1)).toBe(false);
      expect(repository.holders).toEqual(new Set(['1:10', '1:11']));
      expect(calls).toEqual(['account 11 locked', 'award 1 locked', 'addHolders 1 [11]', 'account 11 locked', 'award 1 locked']);
    });

    it("does not change the award's team", async () => {
      await service.give('12', 1);
      expect(repository.awards.get(1)!.teamId).toBe(3);
      expect(calls).not.toContain('update award 1');
    });

    it('is one 422 listing the unknown account then the unknown award', async () => {
      const error = await domainRejection(service.give('99', 98));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual([missing(['account'], 'Account'), missing(['award'], 'Award')]);
    });

    it.each([
      ['account', '99', 1, [missing(['account'], 'Account')]],
      ['award', '11', 98, [missing(['award'], 'Award')]],
    ])('is a 422 for an unknown %s alone, nothing given', async (_name, accountId, awardId, detail) => {
      const error = await domainRejection(service.give(accountId, awardId));
      expect(error.problems).toEqual(detail);
      expect(repository.holders).toEqual(new Set(['1:10']));
    });
  });

  describe('take', () => {
    beforeEach(seed);

    it('takes the award from the account', async () => {
      await service.take('10', 1);
      expect(repository.holders.size).toBe(0);
      expect(calls).toEqual(['account 10 locked', 'award 1 locked', 'removeHolder 1 10']);
    });

    it('is a 404 when the account does not hold the award', async () => {
      const error = await domainRejection(service.take('11', 1));
      expect(error).toBeInstanceOf(NotFoundError);
      expect(error.message).toBe('This account does not hold this award.');
      expect(repository.holders).toEqual(new Set(['1:10']));
    });

    it('is one 422 listing the unknown account then the unknown award, nothing removed', async () => {
      const error = await domainRejection(service.take('99', 98));
      expect(error.problems).toEqual([missing(['account'], 'Account'), missing(['award'], 'Award')]);
      expect(calls).toEqual(['account 99 locked', 'award 98 locked']);
    });
  });
});
