import { beforeEach, describe, expect, it } from 'vitest';

import { FakeTransactions } from '../../test/support/fake-transactions.js';
import { domainRejection } from '../../test/support/rejection.js';
import type { Clock } from '../clock/clock.js';
import type { Principal } from '../common/principal.js';
import type { AppConfig } from '../config/app-config.js';
import type { EventsService } from '../events/events.service.js';
import type { Page } from '../http/pagination.js';
import { AuthenticationRequiredError, ConflictError, ForbiddenError, InvalidInputError, requireFound } from '../errors/domain-errors.js';
import type { IdpClient } from '../idp/idp.client.js';
import type { IdpUser } from '../idp/idp-user.js';
import { Permission as P } from '../permissions/permission.js';
import type { AccountSearchReader } from '../read-model/account-search/account-search.reader.js';
import type { AccountSerializer } from '../read-model/account.serializer.js';
import type { TeamsService } from '../teams/teams.service.js';
import type { AccountEntity } from './account.entity.js';
import type { AccountChanges, AccountsRepository } from './accounts.repository.js';
import { AccountsService } from './accounts.service.js';
import type { CreateAccountDto } from './dto/create-account.dto.js';
import { SearchAccountsQuery } from './dto/search-accounts.query.js';

const NOW = 1_700_000_000.5;
/** The service's transactions; every transactional read and write must run inside one. */
const transactions = new FakeTransactions();
/** Teams that exist. */
const TEAMS = new Set([3, 4]);

/** The `accounts` table in memory; `calls` records each statement in order. */
class FakeAccountsRepository implements Pick<AccountsRepository, 'findById' | 'find' | 'insert' | 'update' | 'setPermissions' | 'delete'> {
  readonly rows = new Map<string, AccountEntity>();
  /** Teams deleted after the service checked them: the foreign key refuses the write. */
  readonly deletedTeams = new Set<number>();
  readonly calls: string[] = [];

  async findById(id: string, lock = false): Promise<AccountEntity | null> {
    expect(transactions.active).toBe(true);
    this.calls.push(`findById ${id}${lock ? ' locked' : ''}`);
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async find(id: string): Promise<AccountEntity | null> {
    const row = this.rows.get(id);
    return row ? { ...row } : null;
  }

  async insert(account: AccountEntity): Promise<'inserted' | 'duplicate' | 'missing-team'> {
    expect(transactions.active).toBe(true);
    this.calls.push(`insert ${account.id}`);
    if (this.rows.has(account.id)) return 'duplicate';
    if (account.teamId !== null && this.deletedTeams.has(account.teamId)) return 'missing-team';
    this.rows.set(account.id, { ...account });
    return 'inserted';
  }

  async update(id: string, changes: AccountChanges): Promise<boolean> {
    expect(transactions.active).toBe(true);
    this.calls.push(`update ${id} ${JSON.stringify(changes)}`);
    if (changes.teamId && this.deletedTeams.has(changes.teamId)) return false;
    const row = this.rows.get(id);
    if (row) Object.assign(row, changes);
    return true;
  }

  async setPermissions(id: string, permissions: number): Promise<boolean> {
    const row = this.rows.get(id);
    if (row) row.permissions = permissions;
    return !!row;
  }

  async delete(id: string): Promise<void> {
    expect(transactions.active).toBe(true);
    this.calls.push(`delete ${id}`);
    this.rows.delete(id);
  }
}

/** A simplified Account object: enough to see every stored field. */
const resource = (row: AccountEntity) => ({
  id: row.id,
  name: row.name,
  discriminator: row.discriminator,
  avatar_url: row.avatarUrl,
  team: row.teamId === null ? null : { id: row.teamId },
  permissions: row.permissions,
  created_at: row.createdAt,
});

const account = (id: string, teamId: number | null, permissions = 0): AccountEntity => ({
  id,
  name: `name ${id}`,
  discriminator: '0001',
  avatarUrl: null,
  teamId,
  permissions,
  createdAt: 100,
});

const app = (permissions: number): Principal => ({ kind: 'app', permissions, appId: 1 });
const user = (permissions: number, teamId: number | null, accountId = '1'): Principal => ({
  kind: 'user',
  permissions,
  accountId,
  teamId,
  sessionId: 1,
});

/** The problem of an unknown `resource` named by `field`. */
const notFound = (field: (string | number)[], resource: string) => [
  { field, message: `${resource} not found.`, type: 'value_error.not_found' },
];

describe('AccountsService', () => {
  let repository: FakeAccountsRepository;
  let teamChecks: string[];
  /** What the search reader was asked, and the page it answers (`undefined`: an empty one). */
  let searchReads: string[];
  let searchPage: Page<unknown> | undefined;
  let events: { inTransaction: boolean; accounts: readonly unknown[] }[];
  let signupsOpen: boolean;
  /** The identity provider's users by token; `idpAsked` records each token it was asked about. */
  let idpUsers: Map<string, IdpUser>;
  let idpAsked: string[];
  let service: AccountsService;

  beforeEach(() => {
    repository = new FakeAccountsRepository();
    teamChecks = [];
    searchReads = [];
    searchPage = undefined;
    events = [];
    transactions.runs = 0;
    transactions.singleWrites = 0;
    signupsOpen = true;
    idpUsers = new Map([
      ['token-10', { id: '10', name: 'From IdP', discriminator: '7777', avatarUrl: 'https://cdn.test/a.png' }],
      ['token-99', { id: '99', name: 'Ghost', discriminator: '1', avatarUrl: 'https://cdn.test/g.png' }],
    ]);
    idpAsked = [];
    const config = {
      get signupsOpen() {
        return signupsOpen;
      },
    };
    const teams = {
      require: async (id: number, lock = false) => {
        expect(transactions.active).toBe(true);
        teamChecks.push(`team ${id}${lock ? ' locked' : ''}`);
        return requireFound(TEAMS.has(id) ? { id, name: `team ${id}`, createdAt: 1 } : null, ['team'], 'Team');
      },
      requireExisting: async (id: number) => {
        teamChecks.push(`team ${id} outside a transaction`);
        requireFound(TEAMS.has(id) ? id : null, ['team'], 'Team');
      },
    };
    const searchReader = {
      page: async (query: SearchAccountsQuery) => (searchReads.push(`page of team ${query.team}`), searchPage),
      countMatches: async (query: SearchAccountsQuery) => (searchReads.push(`count of team ${query.team}`), 7),
    };
    const serializer = {
      serializeOne: async (row: AccountEntity) => {
        expect(transactions.active).toBe(true);
        return resource(row);
      },
      serialize: async (rows: AccountEntity[]) => {
        expect(transactions.active).toBe(true);
        return rows.map(resource);
      },
      load: async (id: string) => {
        const row = repository.rows.get(id);
        return row ? resource(row) : undefined;
      },
    };
    const eventsService = {
      accountTeamChanged: async (accounts: readonly unknown[]) => void events.push({ inTransaction: transactions.active, accounts }),
    };
    service = new AccountsService(
      transactions.asTransactions(),
      repository as unknown as AccountsRepository,
      config as AppConfig,
      { nowSeconds: () => NOW } as Clock,
      teams as unknown as TeamsService,
      serializer as unknown as AccountSerializer,
      searchReader as unknown as AccountSearchReader,
      eventsService as unknown as EventsService,
      { fetchUser: async (token: string) => (idpAsked.push(token), idpUsers.get(token)) } as unknown as IdpClient,
    );
    repository.rows.set('10', account('10', 3));
    repository.rows.set('11', account('11', null));
  });

  describe('create', () => {
    const dto = (fields: Partial<CreateAccountDto> = {}): CreateAccountDto => ({ id: '20', name: 'New', discriminator: '0042', ...fields });

    it('inserts the account at the clock time, with no event', async () => {
      expect(await service.create(app(0), dto({ avatar_url: 'https://x.test/a.png', team: 4 }))).toEqual({
        id: '20',
        name: 'New',
        discriminator: '0042',
        avatar_url: 'https://x.test/a.png',
        team: { id: 4 },
        permissions: 0,
        created_at: NOW,
      });
      expect(teamChecks).toEqual(['team 4']);
      expect(repository.rows.get('20')).toEqual({
        id: '20',
        name: 'New',
        discriminator: '0042',
        avatarUrl: 'https://x.test/a.png',
        teamId: 4,
        permissions: 0,
        createdAt: NOW,
      });
      expect(events).toEqual([]);
    });

    it.each([0, null, undefined])('team %s means no team, and no team is looked up', async (team) => {
      expect((await service.create(app(0), dto({ team }))).team).toBeNull();
      expect(repository.rows.get('20')!.teamId).toBeNull();
      expect(repository.rows.get('20')!.avatarUrl).toBeNull();
      expect(teamChecks).toEqual([]);
    });

    it('is a 403 when signups are closed, before anything is read or written', async () => {
      signupsOpen = false;
      const error = await domainRejection(service.create(app(127), dto()));
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.message).toBe('Signups are closed.');
      expect(transactions.runs).toBe(0);
      expect(repository.rows.has('20')).toBe(false);
    });

    it('is a 422 at ["body", "team"] for an unknown team, and nothing is inserted', async () => {
      const error = await domainRejection(service.create(app(0), dto({ team: 99 })));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['team'], 'Team'));
      expect(repository.calls).toEqual([]);
    });

    it('is a 409 when the id is taken, and the existing account is unchanged', async () => {
      const error = await domainRejection(service.create(app(0), dto({ id: '10' })));
      expect(error).toBeInstanceOf(ConflictError);
      expect(error.message).toBe('An account with this id is already registered.');
      expect(repository.rows.get('10')).toEqual(account('10', 3));
    });

    describe('permissions (docs/api.md#permissions)', () => {
      it.each([
        ['0 needs no permission', app(0), 0, null],
        [
          'manage_permissions and every bit granted',
          app(P.ManagePermissions | P.ManageTeams | P.ManageAwards),
          P.ManageTeams | P.ManageAwards,
          null,
        ],
        ['manage_own_team by a manage_own_team member of the new team', user(P.ManageOwnTeam, 3), P.ManageOwnTeam, 3],
        ['manage_own_team with manage_permissions and manage_teams', app(P.ManagePermissions | P.ManageTeams), P.ManageOwnTeam, null],
      ])('allows %s', async (_name, caller, permissions, team) => {
        expect((await service.create(caller, dto({ permissions, team }))).permissions).toBe(permissions);
        expect(repository.rows.get('20')!.permissions).toBe(permissions);
      });

      it.each([
        ['authenticate_users, even by a caller holding every bit', app(127), P.AuthenticateUsers, null],
        ['a bit without manage_permissions', app(P.ManageTeams), P.ManageTeams, null],
        ['manage_permissions without the bit', app(P.ManagePermissions), P.ManageTeams, null],
        ['manage_own_team by a manage_own_team member of another team', user(P.ManageOwnTeam, 4), P.ManageOwnTeam, 3],
        ['manage_own_team by a manage_own_team member for an account in no team', user(P.ManageOwnTeam, 3), P.ManageOwnTeam, null],
        ['manage_own_team plus another bit through the exception', user(P.ManageOwnTeam, 3), P.ManageOwnTeam | P.ManageTeams, 3],
        ['manage_own_team with manage_teams alone', app(P.ManageTeams), P.ManageOwnTeam, null],
      ])('is a 403 for %s, and nothing is inserted', async (_name, caller, permissions, team) => {
        const error = await domainRejection(service.create(caller, dto({ permissions, team })));
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(repository.calls).toEqual([]);
        expect(transactions.runs).toBe(0);
      });
    });
  });

  describe('get', () => {
    it('is a 422 at ["path", "account"] for an unknown id', async () => {
      const error = await domainRejection(service.get('99'));
      expect(error.problems).toEqual(notFound(['account'], 'Account'));
    });
  });

  describe('search (docs/api.md#routes-accounts)', () => {
    const query = (team?: number): SearchAccountsQuery => Object.assign(new SearchAccountsQuery(), { page: 2, per_page: 5, team });

    it('answers a page with accounts as read, asking no team: the page proves its team exists', async () => {
      searchPage = { page: 2, per_page: 5, pages: 3, results: 11, data: [resource(account('10', 3))] };
      expect(await service.search(query(99))).toBe(searchPage);
      expect([searchReads, teamChecks]).toEqual([['page of team 99'], []]);
    });

    it('answers an empty page of a known team with the count of its matches', async () => {
      expect(await service.search(query(4))).toEqual({ page: 2, per_page: 5, pages: 2, results: 7, data: [] });
      expect([searchReads, teamChecks]).toEqual([['page of team 4', 'count of team 4'], ['team 4 outside a transaction']]);
    });

    it('is a 422 at ["query", "team"] for an empty page of an unknown team, without counting', async () => {
      const error = await domainRejection(service.search(query(99)));
      expect(error.problems).toEqual(notFound(['team'], 'Team'));
      expect(searchReads).toEqual(['page of team 99']);
    });

    it('asks no team for an empty page without a team or of "no team" (0)', async () => {
      await service.search(query());
      await service.search(query(0));
      expect([searchReads, teamChecks]).toEqual([
        ['page of team undefined', 'count of team undefined', 'page of team 0', 'count of team 0'],
        [],
      ]);
    });
  });

  describe('update', () => {
    it.each([
      ['a team change', { team: 3 }],
      ['a name change', { name: 'x' }],
      ['an empty body', {}],
    ])('is a 422 at ["path", "account"] for an unknown account, before credentials are checked: %s', async (_name, dto) => {
      const error = await domainRejection(service.update(undefined, '99', dto));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['account'], 'Account'));
      expect(repository.rows.has('99')).toBe(false);
    });

    it.each([
      ['name', { name: 'x' }, ['findById 10']],
      ['discriminator', { discriminator: '9' }, ['findById 10']],
      ['avatar_url', { avatar_url: null }, ['findById 10']],
      ['team', { team: 4 }, ['findById 10 locked']],
      ['grant_permissions', { grant_permissions: P.ManageTeams }, ['findById 10 locked']],
      ['revoke_permissions', { revoke_permissions: P.ManageTeams }, ['findById 10 locked']],
    ])('is a 401 with a Basic challenge for %s without credentials, and nothing is written', async (_name, dto, calls) => {
      const error = await domainRejection(service.update(undefined, '10', dto));
      expect(error).toBeInstanceOf(AuthenticationRequiredError);
      expect(repository.calls).toEqual(calls);
    });

    it('runs in one transaction when a rule reads the stored row, else as one single-statement write', async () => {
      await service.update(app(P.ManageAccountDetails), '10', { name: 'Renamed' });
      await service.update(app(P.ManageAccountTeams), '10', { team: 4 });
      await service.update(app(P.ManagePermissions), '10', { grant_permissions: 1 });
      await service.update(undefined, '10', { idp_token: 'token-10' });
      expect([transactions.runs, transactions.singleWrites]).toEqual([2, 2]);
    });

    describe('idp_token (docs/api.md#identity-provider)', () => {
      it("needs no credentials: applies the provider's name, discriminator and avatar, with no event", async () => {
        const updated = await service.update(undefined, '10', { idp_token: 'token-10' });
        expect(updated).toEqual({
          ...resource(account('10', 3)),
          name: 'From IdP',
          discriminator: '7777',
          avatar_url: 'https://cdn.test/a.png',
        });
        expect(idpAsked).toEqual(['token-10']);
        expect(repository.calls).toEqual(['update 10 {"name":"From IdP","discriminator":"7777","avatarUrl":"https://cdn.test/a.png"}']);
        expect(events).toEqual([]);
      });

      it("applies the body's fields last, each with its own permission", async () => {
        const both = await service.update(app(P.ManageAccountDetails), '10', { idp_token: 'token-10', name: 'From body' });
        expect(both).toMatchObject({ name: 'From body', discriminator: '7777', avatar_url: 'https://cdn.test/a.png' });
        const error = await domainRejection(service.update(undefined, '10', { idp_token: 'token-10', discriminator: '1' }));
        expect(error).toBeInstanceOf(AuthenticationRequiredError);
      });

      it('is a 422 at ["path", "account"] for an unknown account, and the provider is not asked', async () => {
        const error = await domainRejection(service.update(undefined, '99', { idp_token: 'token-99' }));
        expect(error.problems).toEqual(notFound(['account'], 'Account'));
        expect(idpAsked).toEqual([]);
        expect(transactions.runs).toBe(0);
      });

      it('is a 422 at ["body", "idp_token"] for a token the provider does not accept, nothing written', async () => {
        const error = await domainRejection(service.update(undefined, '10', { idp_token: 'unknown' }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect(error.problems).toEqual([
          {
            field: ['idp_token'],
            message: 'The identity-provider token is invalid or lacks the identify scope.',
            type: 'value_error.idp_token',
          },
        ]);
        expect(repository.rows.get('10')).toEqual(account('10', 3));
        expect(transactions.runs).toBe(0);
      });

      it("is a 403 for another account's token, even with every permission, nothing written", async () => {
        repository.rows.set('99', account('99', null));
        const error = await domainRejection(service.update(app(127), '10', { idp_token: 'token-99' }));
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error.message).toBe('This identity-provider token belongs to another account.');
        expect(repository.rows.get('10')).toEqual(account('10', 3));
        expect(transactions.runs).toBe(0);
      });
    });

    describe('profile fields', () => {
      it('with manage_account_details: one UPDATE of the fields given, no row read, then the account', async () => {
        const updated = await service.update(user(P.ManageAccountDetails, null, '5'), '10', { name: 'Renamed', avatar_url: null });
        expect(updated).toEqual({ ...resource(account('10', 3)), name: 'Renamed' });
        expect(repository.calls).toEqual(['update 10 {"name":"Renamed","avatarUrl":null}']);
        expect([transactions.runs, transactions.singleWrites]).toEqual([0, 1]);
        expect(events).toEqual([]);
      });

      it('with manage_account_details: a 422 at ["path", "account"] for an unknown account', async () => {
        const error = await domainRejection(service.update(app(P.ManageAccountDetails), '99', { name: 'Renamed' }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect(error.problems).toEqual(notFound(['account'], 'Account'));
        expect(repository.rows.has('99')).toBe(false);
      });

      it.each([
        ['the account itself', user(127 & ~P.ManageAccountDetails, null, '10')],
        ['an app with every other bit', app(95 & ~P.ManageAccountDetails)],
      ])('is a 403 without manage_account_details, for %s', async (_name, caller) => {
        const error = await domainRejection(service.update(caller, '10', { discriminator: '9999' }));
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error.message).toBe('You need manage_account_details to change name, discriminator or avatar_url.');
        expect(repository.rows.get('10')).toEqual(account('10', 3));
      });

      it('a 403 on a field comes before the team rule', async () => {
        const error = await domainRejection(service.update(app(P.ManageAccountTeams), '10', { name: 'x', team: 4 }));
        expect(error.message).toBe('You need manage_account_details to change name, discriminator or avatar_url.');
        expect(repository.calls).toEqual(['findById 10 locked']);
      });
    });

    describe('team (docs/api.md#team-membership)', () => {
      it.each([
        ['manage_account_teams moves anyone', app(P.ManageAccountTeams), '10', 4],
        ['manage_account_teams removes anyone', app(P.ManageAccountTeams), '10', 0],
        ['the account joins another team itself', user(0, 3, '10'), '10', 4],
        ['the account leaves its team itself', user(0, 3, '10'), '10', 0],
        ['the account joins a team from none itself', user(0, null, '11'), '11', 3],
        ['a manage_own_team member removes a member of their team', user(P.ManageOwnTeam, 3, '5'), '10', 0],
      ])('allows: %s, with one account_team_update', async (_name, caller, id, team) => {
        const updated = await service.update(caller, id, { team });
        const expectedTeam = team === 0 ? null : { id: team };
        expect(updated.team).toEqual(expectedTeam);
        expect(repository.rows.get(id)!.teamId).toBe(team === 0 ? null : team);
        expect(events).toEqual([{ inTransaction: true, accounts: [{ ...resource(repository.rows.get(id)!), team: expectedTeam }] }]);
      });

      it('treats team null as 0 (leave)', async () => {
        expect((await service.update(user(0, 3, '10'), '10', { team: null })).team).toBeNull();
        expect(repository.rows.get('10')!.teamId).toBeNull();
        expect(events).toHaveLength(1);
      });

      it.each([
        ['a manage_own_team member moving a member to another team', user(P.ManageOwnTeam, 3, '5'), '10', 4],
        ['a manage_own_team member of another team removing', user(P.ManageOwnTeam, 4, '5'), '10', 0],
        ['a manage_own_team caller in no team removing an account in no team', user(P.ManageOwnTeam, null, '5'), '11', 0],
        ['another account without permissions', user(0, 3, '5'), '10', 0],
        ['an app with every bit but manage_account_teams', app(95 & ~P.ManageAccountTeams), '10', 4],
      ])('is a 403 for %s: nothing written, no event', async (_name, caller, id, team) => {
        const before = repository.rows.get(id);
        const error = await domainRejection(service.update(caller, id, { team }));
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error.message).toBe("You may not change this account's team.");
        expect(repository.rows.get(id)).toEqual(before);
        expect(events).toEqual([]);
      });

      it('is a 422 at ["body", "team"] for an unknown team: nothing written, no event', async () => {
        const error = await domainRejection(service.update(app(P.ManageAccountTeams), '10', { team: 99 }));
        expect(error).toBeInstanceOf(InvalidInputError);
        expect(error.problems).toEqual(notFound(['team'], 'Team'));
        expect(repository.calls).toEqual(['findById 10 locked']);
        expect(events).toEqual([]);
      });

      it('the unchanged team is neither looked up nor announced', async () => {
        await service.update(app(P.ManageAccountTeams), '10', { team: 3 });
        await service.update(app(P.ManageAccountTeams), '11', { team: 0 });
        expect(teamChecks).toEqual([]);
        expect(events).toEqual([]);
        expect(repository.rows.get('10')!.teamId).toBe(3);
        expect(repository.rows.get('11')!.teamId).toBeNull();
      });

      it('a new team is looked up at ["body", "team"], not locked (the foreign-key check share-locks it)', async () => {
        await service.update(app(P.ManageAccountTeams), '10', { team: 4 });
        expect(teamChecks).toEqual(['team 4']);
      });

      it('a change of other fields emits no event', async () => {
        await service.update(app(P.ManageAccountDetails | P.ManagePermissions | P.ManageTeams), '10', {
          name: 'Renamed',
          grant_permissions: P.ManageTeams,
        });
        expect(repository.rows.get('10')).toMatchObject({ name: 'Renamed', teamId: 3, permissions: P.ManageTeams });
        expect(events).toEqual([]);
      });
    });

    describe('grant_permissions / revoke_permissions (docs/api.md#permissions)', () => {
      beforeEach(() => repository.rows.set('12', account('12', 3, P.ManageTeams | P.ManageAwards)));

      it('grants, then revokes (revocation last)', async () => {
        const caller = app(P.ManagePermissions | P.ManageTeams | P.ManageAwards | P.ManageAccountDetails);
        const updated = await service.update(caller, '12', {
          grant_permissions: P.ManageAccountDetails | P.ManageAwards,
          revoke_permissions: P.ManageAwards,
        });
        expect(updated.permissions).toBe(P.ManageTeams | P.ManageAccountDetails);
        expect(repository.rows.get('12')!.permissions).toBe(P.ManageTeams | P.ManageAccountDetails);
      });

      it('0 changes nothing and needs no permission', async () => {
        expect((await service.update(user(0, null, '5'), '12', { grant_permissions: 0, revoke_permissions: 0 })).permissions).toBe(
          P.ManageTeams | P.ManageAwards,
        );
      });

      it("a manage_own_team member of the account's team may grant and revoke manage_own_team alone", async () => {
        expect((await service.update(user(P.ManageOwnTeam, 3, '5'), '12', { grant_permissions: P.ManageOwnTeam })).permissions).toBe(
          P.ManageTeams | P.ManageAwards | P.ManageOwnTeam,
        );
        expect((await service.update(user(P.ManageOwnTeam, 3, '5'), '12', { revoke_permissions: P.ManageOwnTeam })).permissions).toBe(
          P.ManageTeams | P.ManageAwards,
        );
      });

      it('revoking authenticate_users is not forbidden by the grant rule', async () => {
        const updated = await service.update(app(P.ManagePermissions | P.AuthenticateUsers), '12', {
          revoke_permissions: P.AuthenticateUsers,
        });
        expect(updated.permissions).toBe(P.ManageTeams | P.ManageAwards);
      });

      it.each([
        [
          'granting authenticate_users',
          app(127),
          { grant_permissions: P.AuthenticateUsers },
          'authenticate_users can never be granted to an account.',
        ],
        [
          'granting without manage_permissions',
          app(P.ManageTeams),
          { grant_permissions: P.ManageTeams },
          'You may not grant these permissions.',
        ],
        [
          'revoking without the bit',
          app(P.ManagePermissions),
          { revoke_permissions: P.ManageTeams },
          'You may not revoke these permissions.',
        ],
        [
          'manage_own_team by a member of another team',
          user(P.ManageOwnTeam, 4, '5'),
          { grant_permissions: P.ManageOwnTeam },
          'You may not grant these permissions.',
        ],
        [
          'revoking manage_own_team by a member of another team',
          user(P.ManageOwnTeam, 4, '5'),
          { revoke_permissions: P.ManageOwnTeam },
          'You may not revoke these permissions.',
        ],
      ])('is a 403 for %s, nothing written', async (_name, caller, dto, message) => {
        const error = await domainRejection(service.update(caller, '12', dto));
        expect(error).toBeInstanceOf(ForbiddenError);
        expect(error.message).toBe(message);
        expect(repository.rows.get('12')!.permissions).toBe(P.ManageTeams | P.ManageAwards);
        expect(repository.calls).toEqual(['findById 12 locked']);
      });
    });
  });

  describe('delete', () => {
    it.each([
      ['manage_account_details', app(P.ManageAccountDetails)],
      ['the account itself', user(0, 3, '10')],
    ])('deletes with %s, with no event', async (_name, caller) => {
      await service.delete(caller, '10');
      expect(repository.rows.has('10')).toBe(false);
      expect(repository.calls).toEqual(['findById 10 locked', 'delete 10']);
      expect(events).toEqual([]);
    });

    it.each([
      ['another account', user(127 & ~P.ManageAccountDetails, 3, '5')],
      ['an app without manage_account_details', app(95 & ~P.ManageAccountDetails)],
    ])('is a 403 for %s, nothing deleted', async (_name, caller) => {
      const error = await domainRejection(service.delete(caller, '10'));
      expect(error).toBeInstanceOf(ForbiddenError);
      expect(error.message).toBe('You need manage_account_details to delete another account.');
      expect(repository.rows.has('10')).toBe(true);
    });

    it('is a 422 at ["path", "account"] for an unknown account, before the permission', async () => {
      const error = await domainRejection(service.delete(user(0, null, '5'), '99'));
      expect(error).toBeInstanceOf(InvalidInputError);
      expect(error.problems).toEqual(notFound(['account'], 'Account'));
    });
  });

  describe('makeSuperuser', () => {
    it('sets every account-holdable bit (111), and says whether the account exists', async () => {
      expect(await service.makeSuperuser('10')).toBe(true);
      expect(repository.rows.get('10')!.permissions).toBe(111);
      expect(await service.makeSuperuser('99')).toBe(false);
    });
  });

  describe('a team deleted between its check and the write (docs/api.md#conventions)', () => {
    it('create is the 422 at ["body", "team"] of an unknown team, and nothing is stored', async () => {
      repository.deletedTeams.add(4);
      const error = await domainRejection(
        service.create(app(0), { id: '20', name: 'New', discriminator: '0042', team: 4 } as CreateAccountDto),
      );
      expect(error.problems).toEqual(notFound(['team'], 'Team'));
      expect(repository.rows.has('20')).toBe(false);
    });

    it('a move is the same 422, the account stays where it was, and no event is recorded', async () => {
      repository.deletedTeams.add(4);
      const error = await domainRejection(service.update(app(P.ManageAccountTeams), '10', { team: 4 }));
      expect(error.problems).toEqual(notFound(['team'], 'Team'));
      expect(repository.rows.get('10')!.teamId).toBe(3);
      expect(events).toEqual([]);
    });
  });
});
