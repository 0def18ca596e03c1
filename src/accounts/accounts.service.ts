import { Injectable } from '@nestjs/common';

import { type Principal, isSelf } from '../common/principal.js';
import { Clock } from '../clock/clock.js';
import { AppConfig } from '../config/app-config.js';
import { AuthenticationRequiredError, ConflictError, ForbiddenError, InvalidInputError, requireFound } from '../errors/domain-errors.js';
import { Transactions } from '../database/transactions.js';
import { EventsService } from '../events/events.service.js';
import { IdpClient } from '../idp/idp.client.js';
import { type Page, toPage } from '../http/pagination.js';
import { ACCOUNT_PERMISSIONS, Permission, hasPermissions } from '../permissions/permission.js';
import { assertMayChangePermissions } from '../permissions/permission-grant.policy.js';
import { mayChangeTeam } from '../permissions/team-membership.policy.js';
import { AccountSerializer } from '../read-model/account.serializer.js';
import { AccountSearchReader } from '../read-model/account-search/account-search.reader.js';
import type { AccountResource } from '../read-model/resources.js';
import { TeamsService } from '../teams/teams.service.js';
import type { AccountEntity } from './account.entity.js';
import { type AccountChanges, AccountsRepository } from './accounts.repository.js';
import type { CreateAccountDto } from './dto/create-account.dto.js';
import type { SearchAccountsQuery } from './dto/search-accounts.query.js';
import type { UpdateAccountDto } from './dto/update-account.dto.js';

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
    private readonly idp: IdpClient,
  ) {}

  /** Whether new accounts may be created (`SIGNUPS_OPEN`, docs/api.md#get-accounts-signups). */
  signupsOpen(): boolean {
    return this.config.signupsOpen;
  }

  /**
   * Creates an account (docs/api.md#routes-accounts). `permissions` follow docs/api.md#permissions.
   *
   * @throws ForbiddenError (403) signups closed or permissions not grantable;
   *   InvalidInputError (HTTP 422) unknown team; ConflictError (409) id taken.
   */
  async create(caller: Principal, dto: CreateAccountDto): Promise<AccountResource> {
    if (!this.signupsOpen()) throw new ForbiddenError('Signups are closed.');
    const teamId = dto.team ? dto.team : null;
    const permissions = dto.permissions ?? 0;
    assertMayChangePermissions(caller, permissions, 'grant', teamId);
    return this.transactions.run(async () => {
      // Not locked: the insert's foreign-key check share-locks the team (a deletion in between is a 422 too).
      if (teamId !== null) await this.teams.require(teamId);
      const account = await this.insert({
        id: dto.id,
        name: dto.name,
        discriminator: dto.discriminator,
        avatarUrl: dto.avatar_url ?? null,
        teamId,
        permissions,
      });
      // Inserted by this transaction, so it is there: one statement reads it back with its team's awards.
      return (await this.serializer.load(account.id))!;
    });
  }

  /**
   * Inserts an account row inside the current transaction.
   *
   * @throws ConflictError (409) when the id is already registered.
   */
  async insert(fields: Omit<AccountEntity, 'createdAt'>): Promise<AccountEntity> {
    const account = { ...fields, createdAt: this.clock.nowSeconds() };
    const outcome = await this.repository.insert(account);
    if (outcome === 'duplicate') throw new ConflictError('An account with this id is already registered.');
    if (outcome === 'missing-team') throw InvalidInputError.unknown(['team'], 'Team');
    return account;
  }

  /** @throws InvalidInputError (HTTP 422) when the account does not exist. */
  async get(id: string): Promise<AccountResource> {
    return requireFound(await this.serializer.load(id), ['account'], 'Account');
  }

  /** The account outside any transaction (one prepared statement, for credential checks); `null` when none. */
  async find(id: string): Promise<AccountEntity | null> {
    return this.repository.find(id);
  }

  /** Account objects for entities already loaded (batched, docs/api.md#objects). */
  async serialize(account: AccountEntity): Promise<AccountResource> {
    return this.serializer.serializeOne(account);
  }

  /**
   * A page of accounts matching `q` and `team`, ordered by (name, id) (docs/api.md#pagination).
   * A page with accounts proves that its team exists; only an empty one asks
   * the teams, so the common page costs one statement.
   *
   * @throws InvalidInputError (HTTP 422) at `["query", "team"]` when `team` names no team (docs/api.md#routes-accounts).
   */
  async search(query: SearchAccountsQuery): Promise<Page<AccountResource>> {
    const page = await this.searchReader.page(query);
    if (page) return page;
    if (query.team) await this.teams.requireExisting(query.team);
    return toPage(query, await this.searchReader.countMatches(query), []);
  }

  /**
   * Applies `PATCH /account/{account}` (docs/api.md#routes-accounts, docs/api.md#permissions) in one
   * transaction: the stored row read and locked, the `UPDATE`, the event and the answer's read when a team or
   * permission rule needs the row; else the `UPDATE` alone, committed as it runs, then the read
   * (`Transactions.runSingleWrite`). `idp_token` is the credential for the profile the identity
   * provider gives (docs/api.md#identity-provider): the provider is asked first, outside the
   * transaction, and its name, discriminator and avatar are applied before the
   * body's own fields. Every other field needs the permission its rule names.
   *
   * @throws InvalidInputError (HTTP 422) unknown account or team, or `idp_token` invalid or without identify;
   *   AuthenticationRequiredError (401) a field needing a permission without credentials;
   *   ForbiddenError (403) a field the caller may not change, or `idp_token` of another account;
   *   UpstreamTimeoutError (504) / UpstreamFailedError (502) identity-provider failure.
   */
  async update(caller: Principal | undefined, id: string, dto: UpdateAccountDto): Promise<AccountResource> {
    const change: AccountUpdate = {
      fromIdp: dto.idp_token === undefined ? {} : await this.idpProfile(id, dto.idp_token),
      profile: profileOf(dto),
      teamId: dto.team === undefined ? undefined : (dto.team ?? 0),
      grant: dto.grant_permissions ?? 0,
      revoke: dto.revoke_permissions ?? 0,
    };
    // The team and permission rules read the stored row; it stays locked until commit. Without them the one
    // write is the UPDATE, which then commits on its own (no lock held across round trips) before the read.
    const readsRow = change.teamId !== undefined || change.grant !== 0 || change.revoke !== 0;
    const work = async (): Promise<AccountResource> => {
      const stored = readsRow ? await this.require(id, true) : undefined;
      try {
        assertMayUpdate(caller, id, change, stored);
      } catch (refusal) {
        // Only an account that exists is refused; an unknown one is the 422 (docs/api.md#conventions).
        if (!stored) await this.require(id);
        throw refusal;
      }
      // Checked like on creation (the update's foreign-key check share-locks it); an unchanged team needs no check.
      const newTeamId = change.teamId === undefined ? undefined : change.teamId || null;
      const moves = stored !== undefined && newTeamId !== undefined && newTeamId !== stored.teamId;
      if (moves && newTeamId !== null) await this.teams.require(newTeamId);

      const columns: AccountChanges = { ...change.fromIdp, ...change.profile };
      if (moves) columns.teamId = newTeamId;
      if (stored && (change.grant !== 0 || change.revoke !== 0)) columns.permissions = (stored.permissions | change.grant) & ~change.revoke;
      if (!(await this.repository.update(id, columns))) throw InvalidInputError.unknown(['team'], 'Team');
      // One statement reads the account back whole; a team change's event carries that same Account object.
      const updated = requireFound(await this.serializer.load(id), ['account'], 'Account');
      if (moves) await this.events.accountTeamChanged([updated]);
      return updated;
    };
    return readsRow ? this.transactions.run(work) : this.transactions.runSingleWrite(work);
  }

  /**
   * The profile `token` gives for account `id` (docs/api.md#identity-provider). Checks, in
   * order: the account exists (the provider is not asked otherwise), the token
   * is valid with the identify scope, and it belongs to this account.
   *
   * @throws InvalidInputError (HTTP 422) unknown account, or token invalid or without identify;
   *   ForbiddenError (403) the token belongs to another account;
   *   UpstreamTimeoutError (504) / UpstreamFailedError (502) provider failure.
   */
  private async idpProfile(id: string, token: string): Promise<AccountChanges> {
    requireFound(await this.repository.find(id), ['account'], 'Account');
    const user = await this.idp.fetchUser(token);
    if (!user) {
      throw InvalidInputError.invalid(
        ['idp_token'],
        'The identity-provider token is invalid or lacks the identify scope.',
        'value_error.idp_token',
      );
    }
    if (user.id !== id) throw new ForbiddenError('This identity-provider token belongs to another account.');
    return { name: user.name, discriminator: user.discriminator, avatarUrl: user.avatarUrl };
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
   * @throws InvalidInputError (HTTP 422) unknown account; ForbiddenError (403).
   */
  async delete(caller: Principal, id: string): Promise<void> {
    await this.transactions.run(async () => {
      await this.require(id, true);
      if (!hasPermissions(caller.permissions, Permission.ManageAccountDetails) && !isSelf(caller, id)) {
        throw new ForbiddenError('You need manage_account_details to delete another account.');
      }
      await this.repository.delete(id);
    });
  }

  /**
   * Whether account `id` exists; when it does, it stays (row-locked) until
   * the current transaction commits. Only a row that exists is locked: on
   * MySQL, locking a missing one takes a gap lock on which two concurrent
   * inserts of that id (first sign-ins) would deadlock.
   */
  async lockIfExists(id: string): Promise<boolean> {
    return (await this.repository.exists(id)) && (await this.repository.exists(id, true));
  }

  /**
   * Locks the accounts of `ids` that exist (one statement), so none is deleted
   * before the current transaction commits (an award given to them).
   * @returns the canonical ids found.
   */
  async lockExisting(ids: string[]): Promise<Set<string>> {
    return this.repository.lockExisting(ids);
  }

  /**
   * Loads the account a request names (field `account`) inside the current transaction.
   *
   * @throws InvalidInputError (HTTP 422 at `account`) when it does not exist.
   */
  async require(id: string, lock = false): Promise<AccountEntity> {
    return requireFound(await this.repository.findById(id, lock), ['account'], 'Account');
  }
}

/** What a `PATCH /account/{account}` asks for. */
interface AccountUpdate {
  /** The identity provider's profile, for `idp_token` (needs no permission). */
  fromIdp: AccountChanges;
  /** The body's name, discriminator and avatar (need `manage_account_details`). */
  profile: AccountChanges;
  /** The new team; 0 for none. */
  teamId: number | undefined;
  /** Permission bits to grant, then to revoke (0 for none). */
  grant: number;
  revoke: number;
}

/** The body's profile fields, as the columns they set. */
function profileOf(dto: UpdateAccountDto): AccountChanges {
  const profile: AccountChanges = {};
  if (dto.name !== undefined) profile.name = dto.name;
  if (dto.discriminator !== undefined) profile.discriminator = dto.discriminator;
  if (dto.avatar_url !== undefined) profile.avatarUrl = dto.avatar_url;
  return profile;
}

/**
 * The one permission check of `PATCH /account/{account}` (docs/api.md#permissions), field by
 * field. `stored` is the account as stored: read when the update changes its
 * team or permissions, whose rules depend on it.
 *
 * @throws AuthenticationRequiredError (401) a field needing a permission without credentials;
 *   ForbiddenError (403) the first field `caller` may not change.
 */
function assertMayUpdate(caller: Principal | undefined, id: string, change: AccountUpdate, stored: AccountEntity | undefined): void {
  const changesProfile = Object.keys(change.profile).length > 0;
  if (!changesProfile && stored === undefined) return;
  if (!caller) throw new AuthenticationRequiredError('Authentication required.');
  if (changesProfile && !hasPermissions(caller.permissions, Permission.ManageAccountDetails)) {
    throw new ForbiddenError('You need manage_account_details to change name, discriminator or avatar_url.');
  }
  if (stored === undefined) return;
  if (change.teamId !== undefined && !mayChangeTeam(caller, id, stored.teamId, change.teamId)) {
    throw new ForbiddenError("You may not change this account's team.");
  }
  assertMayChangePermissions(caller, change.grant, 'grant', stored.teamId);
  assertMayChangePermissions(caller, change.revoke, 'revoke', stored.teamId);
}
