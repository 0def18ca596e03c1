import { Injectable, NotFoundException } from '@nestjs/common';
import { DataSource, EntityManager, In } from 'typeorm';
import { runInTransaction } from '../database/retrying-transaction.js';

import { AccountEntity } from '../accounts/account.entity.js';
import { toStoredAccountId } from '../common/account-id.js';
import { AccountsService } from '../accounts/accounts.service.js';
import { Clock } from '../clock/clock.js';
import { forUpdate } from '../database/lock.js';
import { UnprocessableEntityError, type ValidationErrorItem } from '../http/validation-error.js';
import { AwardSerializer } from '../serialization/award.serializer.js';
import type { AwardDetailsResource, AwardResource } from '../serialization/resources.js';
import { TeamsService } from '../teams/teams.service.js';
import { AwardEntity } from './award.entity.js';
import { AwardeeEntity } from './awardee.entity.js';
import type { CreateAwardDto } from './dto/create-award.dto.js';
import type { UpdateAwardDto } from './dto/update-award.dto.js';

/**
 * Awards (interface §4.3): every write is one transaction. Rows are locked in
 * one order everywhere (team, then accounts, then award) so that concurrent
 * writes wait for each other instead of deadlocking.
 */
@Injectable()
export class AwardsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    private readonly teams: TeamsService,
    private readonly serializer: AwardSerializer,
  ) {}

  /**
   * Creates an award and gives it to the team and to every listed account
   * (duplicates once). Nothing is written unless the team and every account exist.
   *
   * @returns the Award object (contract §2).
   * @throws UnprocessableEntityError (422) listing the unknown team (`["body", "team"]`)
   *   and every unknown account entry (`["body", "accounts", index]`).
   */
  async create(dto: CreateAwardDto): Promise<AwardResource> {
    return runInTransaction(this.dataSource, async (manager) => {
      await requireAll([
        () => this.teams.require(manager, dto.team, ['body', 'team'], true),
        () => this.requireAccounts(manager, dto.accounts, ['body', 'accounts']),
      ]);
      const award = manager.create(AwardEntity, {
        title: dto.title,
        imageUrl: dto.image_url,
        teamId: dto.team,
        createdAt: this.clock.nowSeconds(),
      });
      await manager.insert(AwardEntity, award);
      const holders = [...new Set(dto.accounts)];
      if (holders.length > 0) {
        await manager.insert(
          AwardeeEntity,
          holders.map((accountId) => ({ awardId: award.id, accountId })),
        );
      }
      return this.serializer.serialize(award);
    });
  }

  /**
   * Changes the fields given; `team` 0 or null leaves the award without a team.
   *
   * @throws UnprocessableEntityError (422) unknown team and/or award.
   */
  async update(id: number, dto: UpdateAwardDto): Promise<AwardResource> {
    return runInTransaction(this.dataSource, async (manager) => {
      const teamId = dto.team === undefined ? undefined : dto.team || null;
      const [, award] = await requireAll([
        async () => (teamId ? this.teams.require(manager, teamId, ['body', 'team'], true) : null),
        () => this.require(manager, id, true),
      ]);
      if (dto.title !== undefined) award.title = dto.title;
      if (dto.image_url !== undefined) award.imageUrl = dto.image_url;
      if (teamId !== undefined) award.teamId = teamId;
      await manager.update(AwardEntity, { id }, { title: award.title, imageUrl: award.imageUrl, teamId: award.teamId });
      return this.serializer.serialize(award);
    });
  }

  /**
   * `GET /award/{award}`: `{award, awardees, team}` (contract §2).
   *
   * @throws UnprocessableEntityError (422) unknown award.
   */
  async get(id: number): Promise<AwardDetailsResource> {
    const details = await this.serializer.loadDetails(id);
    if (!details) throw UnprocessableEntityError.notFound(['path', 'award'], 'Award');
    return details;
  }

  /**
   * Deletes an award; the accounts holding it lose it (foreign key cascade).
   *
   * @throws UnprocessableEntityError (422) unknown award.
   */
  async delete(id: number): Promise<void> {
    await runInTransaction(this.dataSource, async (manager) => {
      await this.require(manager, id, true);
      await manager.delete(AwardEntity, { id });
    });
  }

  /**
   * Gives an existing award to an account; the award's team is not changed.
   *
   * @returns `true` when given now (201), `false` when the account already held it (208).
   * @throws UnprocessableEntityError (422) unknown account and/or award.
   */
  async give(accountId: string, awardId: number): Promise<boolean> {
    return runInTransaction(this.dataSource, async (manager) => {
      await this.requireHolding(manager, accountId, awardId);
      if (await this.holds(manager, accountId, awardId)) return false;
      await manager.insert(AwardeeEntity, { awardId, accountId });
      return true;
    });
  }

  /**
   * Takes an award from an account.
   *
   * @throws UnprocessableEntityError (422) unknown account and/or award;
   *   NotFoundException (404) when the account does not hold the award.
   */
  async take(accountId: string, awardId: number): Promise<void> {
    await runInTransaction(this.dataSource, async (manager) => {
      await this.requireHolding(manager, accountId, awardId);
      const result = await manager.delete(AwardeeEntity, { awardId, accountId: toStoredAccountId(accountId) });
      if (!result.affected) throw new NotFoundException('This account does not hold this award.');
    });
  }

  /**
   * Loads an award inside `manager`'s transaction.
   *
   * @throws UnprocessableEntityError (422) at `["path", "award"]` when it does not exist.
   */
  private async require(manager: EntityManager, id: number, lock = false): Promise<AwardEntity> {
    const award = await manager.findOne(AwardEntity, { where: { id }, ...(lock ? forUpdate(manager) : {}) });
    if (!award) throw UnprocessableEntityError.notFound(['path', 'award'], 'Award');
    return award;
  }

  /**
   * Locks the account and the award of `PUT|DELETE /account/{account}/award/{award}`,
   * so concurrent changes to one account's awards run one after another.
   *
   * @throws UnprocessableEntityError (422) listing each of the two that does not exist.
   */
  private async requireHolding(manager: EntityManager, accountId: string, awardId: number): Promise<void> {
    await requireAll([
      () => this.accounts.require(manager, accountId, ['path', 'account'], true),
      () => this.require(manager, awardId, true),
    ]);
  }

  private holds(manager: EntityManager, accountId: string, awardId: number): Promise<boolean> {
    return manager.exists(AwardeeEntity, { where: { awardId, accountId: toStoredAccountId(accountId) } });
  }

  /**
   * Checks that every id names an account, in one query, and locks those
   * accounts so none is deleted before the award is given.
   *
   * @throws UnprocessableEntityError (422) with one item per unknown entry (`[...loc, index]`).
   */
  private async requireAccounts(manager: EntityManager, ids: string[], loc: (string | number)[]): Promise<void> {
    if (ids.length === 0) return;
    const found = await manager.find(AccountEntity, {
      select: { id: true },
      where: { id: In([...new Set(ids)].map(toStoredAccountId)) },
      ...forUpdate(manager),
    });
    const existing = new Set(found.map((account) => account.id));
    const missing = ids.flatMap((id, index) =>
      existing.has(id) ? [] : UnprocessableEntityError.notFound([...loc, index], 'Account').items,
    );
    if (missing.length > 0) throw new UnprocessableEntityError(missing);
  }
}

/**
 * Runs existence checks one after another (the lock order) and reports every
 * resource not found at once.
 *
 * @returns the result of each check, in order.
 * @throws UnprocessableEntityError (422) with the items of every failed check.
 */
async function requireAll<T extends unknown[]>(checks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const missing: ValidationErrorItem[] = [];
  const results: unknown[] = [];
  for (const check of checks) {
    try {
      results.push(await check());
    } catch (error) {
      if (!(error instanceof UnprocessableEntityError)) throw error;
      missing.push(...error.items);
    }
  }
  if (missing.length > 0) throw new UnprocessableEntityError(missing);
  return results as T;
}
