import { ConflictException, ForbiddenException, Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';

import type { Principal } from '../common/principal.js';
import { BasicUnauthorizedException } from '../common/unauthorized.exception.js';
import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { forUpdate } from '../database/lock.js';
import { retryOnLockConflict, runInTransaction } from '../database/retrying-transaction.js';
import { EventsService } from '../events/events.service.js';
import type { Page } from '../http/pagination.js';
import { UnprocessableEntityError } from '../http/validation-error.js';
import { isSelf } from '../permissions/caller.js';
import { ACCOUNT_PERMISSIONS, Permission, hasPermissions } from '../permissions/permission.js';
import { assertMayChangePermissions } from '../permissions/permission-grant.policy.js';
import { mayChangeTeam } from '../permissions/team-membership.policy.js';
import { AccountSerializer } from '../serialization/account.serializer.js';
import { AccountSearchReader } from '../serialization/account-search.reader.js';
import type { AccountResource } from '../serialization/resources.js';
import { TeamsService } from '../teams/teams.service.js';
import { AccountEntity } from './account.entity.js';
import type { CreateAccountDto } from './dto/create-account.dto.js';
import type { SearchAccountsQuery } from './dto/search-accounts.query.js';
import type { UpdateAccountDto } from './dto/update-account.dto.js';
import { toStoredAccountId } from '../common/account-id.js';

/** Profile fields an update may set (from the body or the identity provider). */
export interface ProfileChanges {
  name?: string;
  discriminator?: string;
  avatar_url?: string | null;
}

/** Accounts (interface §4.1): every write is one transaction. */
@Injectable()
export class AccountsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly config: AppConfig,
    private readonly clock: Clock,
    private readonly teams: TeamsService,
    private readonly serializer: AccountSerializer,
    private readonly searchReader: AccountSearchReader,
    private readonly events: EventsService,
  ) {}

  /** Whether new accounts may be created (`SIGNUPS_OPEN`, interface §1.6). */
  signupsOpen(): boolean {
    return this.config.signupsOpen;
  }

  /**
   * Creates an account (interface §4.1). `permissions` follow contract §5.
   *
   * @throws ForbiddenException (403) signups closed or permissions not grantable;
   *   UnprocessableEntityError (422) unknown team; ConflictException (409) id taken.
   */
  async create(caller: Principal, dto: CreateAccountDto): Promise<AccountResource> {
    if (!this.signupsOpen()) throw new ForbiddenException('Signups are closed.');
    const teamId = dto.team ? dto.team : null;
    const permissions = dto.permissions ?? 0;
    assertMayChangePermissions(caller, permissions, 'grant', teamId);
    return runInTransaction(this.dataSource, async (manager) => {
      // Locked, so that a concurrent deletion of the team waits for this insert (else a foreign-key failure).
      if (teamId !== null) await this.teams.require(manager, teamId, ['body', 'team'], true);
      const account = await this.insert(manager, {
        id: dto.id,
        name: dto.name,
        discriminator: dto.discriminator,
        avatarUrl: dto.avatar_url ?? null,
        teamId,
        permissions,
      });
      return this.serializer.serializeOne(account, manager);
    });
  }

  /**
   * Inserts an account row inside `manager`'s transaction.
   *
   * @throws ConflictException (409) when the id is already registered.
   */
  async insert(manager: EntityManager, fields: Omit<AccountEntity, 'createdAt'>): Promise<AccountEntity> {
    if (await manager.exists(AccountEntity, { where: { id: toStoredAccountId(fields.id) } })) {
      throw new ConflictException('An account with this id is already registered.');
    }
    const account = manager.create(AccountEntity, { ...fields, createdAt: this.clock.nowSeconds() });
    try {
      await manager.insert(AccountEntity, account);
    } catch (error) {
      if (isDuplicateKey(error)) throw new ConflictException('An account with this id is already registered.');
      throw error;
    }
    return account;
  }

  /** @throws UnprocessableEntityError (422) when the account does not exist. */
  async get(id: string): Promise<AccountResource> {
    const account = await this.serializer.load(id);
    if (!account) throw UnprocessableEntityError.notFound(['path', 'account'], 'Account');
    return account;
  }

  /** @returns the account entity, or `undefined`. */
  async find(id: string): Promise<AccountEntity | null> {
    return this.dataSource.manager.findOne(AccountEntity, { where: { id: toStoredAccountId(id) } });
  }

  /** Account objects for entities already loaded (batched, contract §2). */
  async serialize(account: AccountEntity): Promise<AccountResource> {
    return this.serializer.serializeOne(account);
  }

  /** A page of accounts matching `q` and `team`, ordered by (name, id) (contract §3). */
  async search(query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    return this.searchReader.search(query);
  }

  /**
   * Applies `PATCH /account/{account}` (interface §4.1, contract §5): each field
   * needs its permission; `profile` holds identity-provider data already
   * fetched for `idp_token` (contract §7), applied before the body's own fields.
   *
   * @throws UnprocessableEntityError (422) unknown account or team;
   *   BasicUnauthorizedException (401) a field needing a permission without credentials;
   *   ForbiddenException (403) a field the caller may not change.
   */
  async update(caller: Principal | undefined, id: string, dto: UpdateAccountDto, profile: ProfileChanges = {}): Promise<AccountResource> {
    if (caller && hasPermissions(caller.permissions, Permission.ManageAccountDetails) && isProfileOnly(dto, profile)) {
      return this.updateProfile(id, dto);
    }
    return runInTransaction(this.dataSource, async (manager) => {
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
      // Locked like on creation; an unchanged team needs no check (and no lock, which could deadlock with its deletion).
      if (teamId && teamId !== account.teamId) await this.teams.require(manager, teamId, ['body', 'team'], true);

      const previousTeamId = account.teamId;
      const changes = { ...profile, ...details };
      if (changes.name !== undefined) account.name = changes.name;
      if (changes.discriminator !== undefined) account.discriminator = changes.discriminator;
      if (changes.avatar_url !== undefined) account.avatarUrl = changes.avatar_url;
      if (teamId !== undefined) account.teamId = teamId === 0 ? null : teamId;
      account.permissions = (account.permissions | (dto.grant_permissions ?? 0)) & ~(dto.revoke_permissions ?? 0);
      await manager.update(
        AccountEntity,
        { id: toStoredAccountId(id) },
        {
          name: account.name,
          discriminator: account.discriminator,
          avatarUrl: account.avatarUrl,
          teamId: account.teamId,
          permissions: account.permissions,
        },
      );
      if (account.teamId !== previousTeamId)
        await this.events.accountTeamChanged(manager, await this.serializer.serialize([account], manager));
      // The row is locked by this transaction, so it is there: one statement reads it back whole.
      return (await this.serializer.load(id, manager))!;
    });
  }

  /**
   * A change of `name`, `discriminator` and/or `avatar_url` alone by a caller
   * holding `manage_account_details`: no rule depends on the stored row, so
   * the write is one `UPDATE` (a transaction on its own) followed by one read,
   * with no row lock held across round trips.
   *
   * @throws UnprocessableEntityError (422) when the account does not exist.
   */
  private async updateProfile(id: string, dto: UpdateAccountDto): Promise<AccountResource> {
    // Plain SQL: TypeORM's update query builder cost more CPU than the rest of the request.
    const columns: string[] = [];
    const values: (string | null)[] = [];
    for (const [column, value] of [
      ['name', dto.name],
      ['discriminator', dto.discriminator],
      ['avatar_url', dto.avatar_url],
    ] as const) {
      if (value === undefined) continue;
      columns.push(`${column} = ?`);
      values.push(value);
    }
    // The name-gram triggers update shared counter rows: a deadlock victim runs again like any transaction.
    await retryOnLockConflict(() =>
      this.dataSource.query(`UPDATE accounts SET ${columns.join(', ')} WHERE id = ?`, [...values, toStoredAccountId(id)]),
    );
    const account = await this.serializer.load(id);
    if (!account) throw UnprocessableEntityError.notFound(['path', 'account'], 'Account');
    return account;
  }

  /**
   * Operator action (`cli accounts superuser`, contract §9): sets every
   * permission an account may hold (111).
   *
   * @returns false when the account does not exist.
   */
  async makeSuperuser(id: string): Promise<boolean> {
    const result = await this.dataSource.manager.update(AccountEntity, { id: toStoredAccountId(id) }, { permissions: ACCOUNT_PERMISSIONS });
    return !!result.affected;
  }

  /**
   * Deletes an account (interface §4.1): with `manage_account_details` or as
   * that same account. Its sessions and awards go with it; no event (contract §8).
   *
   * @throws UnprocessableEntityError (422) unknown account; ForbiddenException (403).
   */
  async delete(caller: Principal, id: string): Promise<void> {
    await runInTransaction(this.dataSource, async (manager) => {
      await this.require(manager, id, ['path', 'account'], true);
      if (!hasPermissions(caller.permissions, Permission.ManageAccountDetails) && !isSelf(caller, id)) {
        throw new ForbiddenException('You need manage_account_details to delete another account.');
      }
      await manager.delete(AccountEntity, { id: toStoredAccountId(id) });
    });
  }

  /**
   * Loads an account inside `manager`'s transaction.
   *
   * @throws UnprocessableEntityError (422) when it does not exist.
   */
  async require(manager: EntityManager, id: string, loc: (string | number)[], lock = false): Promise<AccountEntity> {
    const account = await manager.findOne(AccountEntity, { where: { id: toStoredAccountId(id) }, ...(lock ? forUpdate(manager) : {}) });
    if (!account) throw UnprocessableEntityError.notFound(loc, 'Account');
    return account;
  }
}

/** Whether a PATCH changes profile fields and nothing else (no team, permissions or identity-provider data). */
function isProfileOnly(dto: UpdateAccountDto, profile: ProfileChanges): boolean {
  const touchesProfile = dto.name !== undefined || dto.discriminator !== undefined || dto.avatar_url !== undefined;
  const touchesOther = dto.team !== undefined || !!dto.grant_permissions || !!dto.revoke_permissions || dto.idp_token !== undefined;
  return touchesProfile && !touchesOther && Object.keys(profile).length === 0;
}

function isDuplicateKey(error: unknown): boolean {
  const code = (error as { code?: string; driverError?: { code?: string } })?.driverError?.code ?? (error as { code?: string })?.code;
  return code === 'ER_DUP_ENTRY' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
