import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

import { type Principal, isSelf } from '../common/principal.js';
import { BasicUnauthorizedException } from '../common/unauthorized.exception.js';
import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { requireFound } from '../common/require-found.js';
import { Transactions } from '../database/transactions.js';
import { EventsService } from '../events/events.service.js';
import type { Page } from '../http/pagination.js';
import { ACCOUNT_PERMISSIONS, Permission, hasPermissions } from '../permissions/permission.js';
import { assertMayChangePermissions } from '../permissions/permission-grant.policy.js';
import { mayChangeTeam } from '../permissions/team-membership.policy.js';
import { AccountSerializer } from '../read-model/account.serializer.js';
import { AccountSearchReader } from '../read-model/account-search.reader.js';
import type { AccountResource } from '../read-model/resources.js';
import { TeamsService } from '../teams/teams.service.js';
import type { AccountEntity } from './account.entity.js';
import { AccountsRepository } from './accounts.repository.js';
import type { CreateAccountDto } from './dto/create-account.dto.js';
import type { SearchAccountsQuery } from './dto/search-accounts.query.js';
import type { UpdateAccountDto } from './dto/update-account.dto.js';

/** Profile fields an update may set (from the body or the identity provider). */
export interface ProfileChanges {
  name?: string;
  discriminator?: string;
  avatar_url?: string | null;
}

/** Accounts (docs/api.md#routes-accounts): every write is one transaction. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly transactions: Transactions,
    private readonly repository: AccountsRepository,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly teams: TeamsService,
    private readonly serializer: AccountSerializer,
    private readonly searchReader: AccountSearchReader,
    private readonly events: EventsService,
  ) {}

  /** Whether new accounts may be created (`SIGNUPS_OPEN`, docs/api.md#get-accounts-signups). */
  signupsOpen(): boolean {
    return this.config.signupsOpen;
  }

  /**
   * Creates an account (docs/api.md#routes-accounts). `permissions` follow docs/api.md#permissions.
   *
   * @throws ForbiddenException (403) signups closed or permissions not grantable;
   *   UnprocessableEntityError (422) unknown team; ConflictException (409) id taken.
   */
  async create(caller: Principal, dto: CreateAccountDto): Promise<AccountResource> {
    if (!this.signupsOpen()) throw new ForbiddenException('Signups are closed.');
    const teamId = dto.team ? dto.team : null;
    const permissions = dto.permissions ?? 0;
    assertMayChangePermissions(caller, permissions, 'grant', teamId);
    return this.transactions.run(async (manager) => {
      // Not locked: the insert's foreign-key check share-locks the team (a deletion in between is a 422 too).
      if (teamId !== null) await this.teams.require(manager, teamId, ['body', 'team']);
      const account = await this.insert(manager, {
        id: dto.id,
        name: dto.name,
        discriminator: dto.discriminator,
        avatarUrl: dto.avatar_url ?? null,
        teamId,
        permissions,
      });
      // Inserted by this transaction, so it is there: one statement reads it back with its team's awards.
      return (await this.serializer.load(account.id, manager))!;
    });
  }

  /**
   * Inserts an account row inside `manager`'s transaction.
   *
   * @throws ConflictException (409) when the id is already registered.
   */
  async insert(manager: EntityManager, fields: Omit<AccountEntity, 'createdAt'>): Promise<AccountEntity> {
    const account = { ...fields, createdAt: this.clock.nowSeconds() };
    const outcome = await this.repository.insert(manager, account);
    if (outcome === 'duplicate') throw new ConflictException('An account with this id is already registered.');
    if (outcome === 'missing-team') throw UnprocessableEntityError.notFound(['body', 'team'], 'Team');
    return account;
  }

  /** @throws UnprocessableEntityError (422) when the account does not exist. */
  async get(id: string): Promise<AccountResource> {
    return requireFound(await this.serializer.load(id), ['path', 'account'], 'Account');
  }

  /** @returns the account entity, or `null`. */
  async find(id: string): Promise<AccountEntity | null> {
    return this.repository.find(id);
  }

  /** Account objects for entities already loaded (batched, docs/api.md#objects). */
  async serialize(account: AccountEntity): Promise<AccountResource> {
    return this.serializer.serializeOne(account);
  }

  /** A page of accounts matching `q` and `team`, ordered by (name, id) (docs/api.md#pagination). */
  async search(query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    return this.searchReader.search(query);
  }

  /**
   * Applies `PATCH /account/{account}` (docs/api.md#routes-accounts, docs/api.md#permissions): each field
   * needs its permission; `profile` holds identity-provider data already
   * fetched for `idp_token` (docs/api.md#identity-provider), applied before the body's own fields.
   *
   * @throws UnprocessableEntityError (422) unknown account or team;
   *   BasicUnauthorizedException (401) a field needing a permission without credentials;
   *   ForbiddenException (403) a field the caller may not change.
   */
  async update(caller: Principal | undefined, id: string, dto: UpdateAccountDto, profile: ProfileChanges = {}): Promise<AccountResource> {
    if (caller && hasPermissions(caller.permissions, Permission.ManageAccountDetails) && isProfileOnly(dto, profile)) {
      return this.updateProfile(id, dto);
    }
    return this.transactions.run(async (manager) => {
      const account = await this.require(manager, id, ['path', 'account'], true);
      const details: ProfileChanges = {};
      if (dto.name !== undefined) details.name = dto.name;
      if (dto.discriminator !== undefined) details.discriminator = dto.discriminator;
      if (dto.avatar_url !== undefined) details.avatar_url = dto.avatar_url;
      const teamId = dto.team === undefined ? undefined : (dto.team ?? 0);
      const needsCaller = Object.keys(details).length > 0 || teamId !== undefined || !!dto.grant_permissions || !!dto.revoke_permissions;
      if (needsCaller && !caller) throw new BasicUnauthorizedException('Authentication required.');

      if (Object.keys(details).length > 0 && !hasPermissions(caller!.permissions, Permission.ManageAccountDetails)) {
        throw new ForbiddenException('You need manage_account_details to change name, discriminator or avatar_url.');
      }
      if (teamId !== undefined && !mayChangeTeam(caller!, id, account.teamId, teamId)) {
        throw new ForbiddenException("You may not change this account's team.");
      }
      assertMayChangePermissions(caller, dto.grant_permissions ?? 0, 'grant', account.teamId);
      assertMayChangePermissions(caller, dto.revoke_permissions ?? 0, 'revoke', account.teamId);
      // Checked like on creation (the update's foreign-key check share-locks it); an unchanged team needs no check.
      if (teamId && teamId !== account.teamId) await this.teams.require(manager, teamId, ['body', 'team']);

      const previousTeamId = account.teamId;
      const changes = { ...profile, ...details };
      if (changes.name !== undefined) account.name = changes.name;
      if (changes.discriminator !== undefined) account.discriminator = changes.discriminator;
      if (changes.avatar_url !== undefined) account.avatarUrl = changes.avatar_url;
      if (teamId !== undefined) account.teamId = teamId === 0 ? null : teamId;
      account.permissions = (account.permissions | (dto.grant_permissions ?? 0)) & ~(dto.revoke_permissions ?? 0);
      if (!(await this.repository.update(manager, account))) throw UnprocessableEntityError.notFound(['body', 'team'], 'Team');
      // The row is locked by this transaction, so it is there: one statement reads it back whole,
      // and a team change's event carries that same Account object.
      const updated = (await this.serializer.load(id, manager))!;
      if (account.teamId !== previousTeamId) await this.events.accountTeamChanged(manager, [updated]);
      return updated;
    });
  }

  /**
   * A change of `name`, `discriminator` and/or `avatar_url` alone by a caller
   * holding `manage_account_details`: no rule depends on the stored row, so
   * the write is one `UPDATE` (a transaction on its own) followed by one read,
   * with no row lock held across round trips; one transaction with both when
   * the request stores its answer for an `Idempotency-Key`.
   *
   * @throws UnprocessableEntityError (422) when the account does not exist.
   */
  private async updateProfile(id: string, dto: UpdateAccountDto): Promise<AccountResource> {
    return this.transactions.runAutocommit(async (manager) => {
      await this.repository.updateProfile(manager, id, dto);
      return requireFound(await this.serializer.load(id, manager), ['path', 'account'], 'Account');
    });
  }

  /**
   * Operator action (`cli accounts superuser`, docs/api.md#operating): sets every
   * permission an account may hold (111).
   *
   * @returns false when the account does not exist.
   */
  async makeSuperuser(id: string): Promise<boolean> {
    return this.repository.setPermissions(id, ACCOUNT_PERMISSIONS);
  }

  /**
   * Deletes an account (docs/api.md#routes-accounts): with `manage_account_details` or as
   * that same account. Its sessions and awards go with it; no event (docs/api.md#events).
   *
   * @throws UnprocessableEntityError (422) unknown account; ForbiddenException (403).
   */
  async delete(caller: Principal, id: string): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.require(manager, id, ['path', 'account'], true);
      if (!hasPermissions(caller.permissions, Permission.ManageAccountDetails) && !isSelf(caller, id)) {
        throw new ForbiddenException('You need manage_account_details to delete another account.');
      }
      await this.repository.delete(manager, id);
    });
  }

  /**
   * Loads an account inside `manager`'s transaction.
   *
   * @throws UnprocessableEntityError (422) when it does not exist.
   */
  async require(manager: EntityManager, id: string, loc: (string | number)[], lock = false): Promise<AccountEntity> {
    return requireFound(await this.repository.findById(manager, id, lock), loc, 'Account');
  }
}

/** Whether a PATCH changes profile fields and nothing else (no team, permissions or identity-provider data). */
function isProfileOnly(dto: UpdateAccountDto, profile: ProfileChanges): boolean {
  const touchesProfile = dto.name !== undefined || dto.discriminator !== undefined || dto.avatar_url !== undefined;
  const touchesOther = dto.team !== undefined || !!dto.grant_permissions || !!dto.revoke_permissions || dto.idp_token !== undefined;
  return touchesProfile && !touchesOther && Object.keys(profile).length === 0;
}
