import { Injectable } from '@nestjs/common';

import { AccountsService } from '../accounts/accounts.service.js';
import { Clock } from '../clock/clock.js';
import { Transactions } from '../database/transactions.js';
import { type FieldProblem, InvalidInputError, NotFoundError, requireFound } from '../errors/domain-errors.js';
import { AwardSerializer } from '../read-model/award.serializer.js';
import type { AwardDetailsResource, AwardResource } from '../read-model/resources.js';
import { TeamsService } from '../teams/teams.service.js';
import type { AwardEntity } from './award.entity.js';
import { AwardsRepository } from './awards.repository.js';
import type { CreateAwardDto } from './dto/create-award.dto.js';
import type { UpdateAwardDto } from './dto/update-award.dto.js';

/**
 * Awards (docs/api.md#routes-awards): every write is one transaction. Rows are locked in
 * one order everywhere (team, then accounts, then award) so that concurrent
 * writes wait for each other instead of deadlocking.
 */
@Injectable()
export class AwardsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: AwardsRepository,
    private readonly clock: Clock,
    private readonly accounts: AccountsService,
    private readonly teams: TeamsService,
    private readonly serializer: AwardSerializer,
  ) {}

  /**
   * Creates an award and gives it to the team and to every listed account
   * (duplicates once). Nothing is written unless the team and every account exist.
   *
   * @returns the Award object (docs/api.md#objects).
   * @throws InvalidInputError (HTTP 422) listing the unknown team (`team`)
   *   and every unknown account entry (`accounts`, index).
   */
  async create(dto: CreateAwardDto): Promise<AwardResource> {
    return this.transactions.run(async () => {
      await requireAll([() => this.teams.require(dto.team, true), () => this.requireAccounts(dto.accounts)]);
      const award = await this.repository.insert({
        title: dto.title,
        imageUrl: dto.image_url,
        teamId: dto.team,
        createdAt: this.clock.nowSeconds(),
      });
      await this.repository.addHolders(award.id, [...new Set(dto.accounts)]);
      return this.serializer.serialize(award);
    });
  }

  /**
   * Changes the fields given; `team` 0 or null leaves the award without a team.
   *
   * @throws InvalidInputError (HTTP 422) unknown team and/or award.
   */
  async update(id: number, dto: UpdateAwardDto): Promise<AwardResource> {
    return this.transactions.run(async () => {
      const teamId = dto.team === undefined ? undefined : dto.team || null;
      const [, award] = await requireAll([async () => (teamId ? this.teams.require(teamId, true) : null), () => this.require(id, true)]);
      if (dto.title !== undefined) award.title = dto.title;
      if (dto.image_url !== undefined) award.imageUrl = dto.image_url;
      if (teamId !== undefined) award.teamId = teamId;
      await this.repository.update(award);
      return this.serializer.serialize(award);
    });
  }

  /**
   * `GET /award/{award}`: `{award, awardees, team}` (docs/api.md#objects).
   *
   * @throws InvalidInputError (HTTP 422) unknown award.
   */
  async get(id: number): Promise<AwardDetailsResource> {
    return requireFound(await this.serializer.loadDetails(id), ['award'], 'Award');
  }

  /**
   * Deletes an award; the accounts holding it lose it (foreign key cascade).
   *
   * @throws InvalidInputError (HTTP 422) unknown award.
   */
  async delete(id: number): Promise<void> {
    await this.transactions.run(async () => {
      await this.require(id, true);
      await this.repository.delete(id);
    });
  }

  /**
   * Gives an existing award to an account; the award's team is not changed.
   *
   * @returns `true` when given now (201), `false` when the account already held it (208).
   * @throws InvalidInputError (HTTP 422) unknown account and/or award.
   */
  async give(accountId: string, awardId: number): Promise<boolean> {
    return this.transactions.run(async () => {
      await this.requireHolding(accountId, awardId);
      if (await this.repository.holds(accountId, awardId)) return false;
      await this.repository.addHolders(awardId, [accountId]);
      return true;
    });
  }

  /**
   * Takes an award from an account.
   *
   * @throws InvalidInputError (HTTP 422) unknown account and/or award;
   *   NotFoundError (404) when the account does not hold the award.
   */
  async take(accountId: string, awardId: number): Promise<void> {
    await this.transactions.run(async () => {
      await this.requireHolding(accountId, awardId);
      if (!(await this.repository.removeHolder(accountId, awardId))) throw new NotFoundError('This account does not hold this award.');
    });
  }

  /**
   * Loads an award inside the current transaction.
   *
   * @throws InvalidInputError (HTTP 422) at `award` when it does not exist.
   */
  private async require(id: number, lock = false): Promise<AwardEntity> {
    return requireFound(await this.repository.findById(id, lock), ['award'], 'Award');
  }

  /**
   * Locks the account and the award of `PUT|DELETE /account/{account}/award/{award}`,
   * so concurrent changes to one account's awards run one after another.
   *
   * @throws InvalidInputError (HTTP 422) listing each of the two that does not exist.
   */
  private async requireHolding(accountId: string, awardId: number): Promise<void> {
    await requireAll([() => this.accounts.require(accountId, true), () => this.require(awardId, true)]);
  }

  /**
   * Checks that every id names an account, in one query, and locks those
   * accounts so none is deleted before the award is given.
   *
   * @throws InvalidInputError (HTTP 422) with one problem per unknown entry (`['accounts', index]`).
   */
  private async requireAccounts(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const existing = await this.accounts.lockExisting(ids);
    const missing = ids.flatMap((id, index) =>
      existing.has(id) ? [] : InvalidInputError.unknown(['accounts', index], 'Account').problems,
    );
    if (missing.length > 0) throw new InvalidInputError(missing);
  }
}

/**
 * Runs existence checks one after another (the lock order) and reports every
 * resource not found at once.
 *
 * @returns the result of each check, in order.
 * @throws InvalidInputError (HTTP 422) with the items of every failed check.
 */
async function requireAll<T extends unknown[]>(checks: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  const missing: FieldProblem[] = [];
  const results: unknown[] = [];
  for (const check of checks) {
    try {
      results.push(await check());
    } catch (error) {
      if (!(error instanceof InvalidInputError)) throw error;
      missing.push(...error.problems);
    }
  }
  if (missing.length > 0) throw new InvalidInputError(missing);
  return results as T;
}
