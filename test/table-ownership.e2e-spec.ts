import { describe, expect, it } from 'vitest';

import { syntaxOnlyEslint } from './support/rule-eslint.js';

/**
 * The lint rule that keeps each table's SQL in its owning module
 * (docs/architecture.md#tables), run through the project's own ESLint configuration.
 */
describe('table ownership lint rule', () => {
  const eslint = syntaxOnlyEslint();

  /** The rule's messages for `code` as if it were the file at `filePath`. */
  async function ownershipErrors(filePath: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath });
    return result.messages.filter((message) => message.ruleId === 'local/table-ownership').map((message) => message.message);
  }

  it("accepts SQL on a table in its owner's folder, the read model and database/", async () => {
    expect(
      await ownershipErrors('src/accounts/accounts.repository.ts', "export const A = 'SELECT id FROM accounts WHERE id = ?';"),
    ).toEqual([]);
    expect(
      await ownershipErrors('src/read-model/x.ts', "export const A = 'SELECT a.id FROM accounts a JOIN teams t ON t.id = a.team_id';"),
    ).toEqual([]);
    expect(await ownershipErrors('src/database/x.ts', "export const A = 'UPDATE accounts SET name = ?';")).toEqual([]);
  });

  it("refuses SQL naming another module's table, in strings, templates and joined strings", async () => {
    const statements = [
      "export const A = 'SELECT id FROM accounts WHERE id = ?';",
      'export const A = (lock: string) => `SELECT id FROM accounts WHERE team_id = ?${lock}`;',
      "export const A = 'SELECT s.id FROM sessions s ' + 'INNER JOIN accounts a ON a.id = s.account_id';",
      "export const A = 'INSERT INTO accounts (id) VALUES (?)';",
      'export const A = (set: string) => `UPDATE accounts SET ${set} WHERE id = ?`;',
    ];
    for (const code of statements) {
      expect(await ownershipErrors('src/auth/sessions/sessions.repository.ts', code)).toEqual([
        expect.stringContaining('SQL on `accounts` belongs to its owner, src/accounts/'),
      ]);
    }
  });

  it('excepts no file: the statements that moved to their owners are refused where they were', async () => {
    expect(
      await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'SELECT id FROM accounts WHERE team_id = ? FOR UPDATE';"),
    ).toEqual([expect.stringContaining('SQL on `accounts` belongs to its owner, src/accounts/')]);
    expect(
      await ownershipErrors(
        'src/delivery/deliveries.repository.ts',
        "export const A = 'SELECT d.id FROM deliveries d JOIN outbox_events e ON e.id = d.event_id LEFT JOIN callbacks c ON c.id = d.callback_id';",
      ),
    ).toEqual([
      expect.stringContaining('SQL on `outbox_events` belongs to its owner, src/events/'),
      expect.stringContaining('SQL on `callbacks` belongs to its owner, src/callbacks/'),
    ]);
    expect(
      await ownershipErrors(
        'src/events/outbox.repository.ts',
        "export const A = 'SELECT 1 FROM deliveries WHERE deliveries.event_id = ?';",
      ),
    ).toEqual([expect.stringContaining('SQL on `deliveries` belongs to its owner, src/delivery/')]);
  });

  it('ignores prose, names that are no table, common table expressions and the columns of ON DUPLICATE KEY UPDATE', async () => {
    expect(await ownershipErrors('src/teams/x.ts', "export const A = 'Could not update accounts from the provider.';")).toEqual([]);
    expect(await ownershipErrors('src/teams/x.ts', "export const A = 'SELECT 1 FROM dual';")).toEqual([]);
    expect(
      await ownershipErrors(
        'src/teams/teams.repository.ts',
        "export const A = 'WITH picked AS (SELECT id FROM teams) SELECT id FROM picked';",
      ),
    ).toEqual([]);
    expect(
      await ownershipErrors(
        'src/teams/teams.repository.ts',
        "export const A = 'INSERT INTO teams (id, name) VALUES (?, ?) ON DUPLICATE KEY UPDATE name = VALUES(name)';",
      ),
    ).toEqual([]);
  });

  describe('fails closed', () => {
    const unowned = (table: string) => `Table \`${table}\` has no owner: add it to \`tables\` in the manifest of the folder that owns it`;

    it('refuses SQL naming a table that has no owner, wherever it is, the shared folders included', async () => {
      for (const file of ['src/teams/zz.repository.ts', 'src/read-model/x.reader.ts', 'src/database/x.ts']) {
        expect(await ownershipErrors(file, "export const A = 'SELECT COUNT(*) FROM announcements';")).toEqual([
          expect.stringContaining(unowned('announcements')),
        ]);
      }
      expect(await ownershipErrors('src/teams/x.ts', 'export const A = `CREATE TABLE IF NOT EXISTS announcements (id INT)`;')).toEqual([
        expect.stringContaining(unowned('announcements')),
      ]);
    });

    it("refuses an entity whose table has no owner, or that lives outside its table's owner", async () => {
      const entity = (argument: string) => `
import { Entity, PrimaryGeneratedColumn } from 'typeorm';
@Entity(${argument})
export class AnnouncementEntity {
  @PrimaryGeneratedColumn()
  id: number;
}`;
      expect(await ownershipErrors('src/announcements/announcement.entity.ts', entity("'announcements'"))).toEqual([
        expect.stringContaining(unowned('announcements')),
      ]);
      expect(await ownershipErrors('src/announcements/announcement.entity.ts', entity("{ name: 'announcements' }"))).toEqual([
        expect.stringContaining(unowned('announcements')),
      ]);
      expect(await ownershipErrors('src/announcements/announcement.entity.ts', entity(''))).toEqual([
        expect.stringContaining("Name the entity's table"),
      ]);
      expect(await ownershipErrors('src/announcements/team.entity.ts', entity("{ name: 'teams' }"))).toEqual([
        expect.stringContaining('The entity of `teams` belongs in its owning folder, src/teams/'),
      ]);
      expect(await ownershipErrors('src/teams/team.entity.ts', entity("{ name: 'teams' }"))).toEqual([]);
    });

    it('refuses a migration that creates a table with no owner', async () => {
      const migration = `
import { type MigrationInterface, type QueryRunner, Table } from 'typeorm';
export class Announcements1800000000000 implements MigrationInterface {
  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createTable(new Table({ name: 'announcements', columns: [{ name: 'id', type: 'integer', isPrimary: true }] }));
  }
  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('announcements');
  }
}`;
      expect(await ownershipErrors('src/database/migrations/1800000000000-announcements.ts', migration)).toEqual([
        expect.stringContaining(unowned('announcements')),
      ]);
      expect(
        await ownershipErrors('src/database/migrations/1800000000000-teams.ts', migration.replaceAll('announcements', 'teams')),
      ).toEqual([]);
    });

    it("refuses another feature's entity used through TypeORM, whatever the syntax", async () => {
      const foreign = 'is the entity of `callbacks`, owned by src/callbacks/';
      const uses = [
        'export const f = (manager: EntityManager) => manager.find(CallbackEntity);',
        'export const f = (manager: EntityManager) => manager.findOne(CallbackEntity, { where: { id: 1 } });',
        'export const f = (manager: EntityManager) => manager.findBy(CallbackEntity, { id: 1 });',
        'export const f = (manager: EntityManager) => manager.getRepository(CallbackEntity).count();',
        "export const f = (manager: EntityManager) => manager.createQueryBuilder(CallbackEntity, 'c').getMany();",
        "export const f = (manager: EntityManager) => manager.createQueryBuilder().select('c.id').from(CallbackEntity, 'c').getMany();",
        "export const f = (manager: EntityManager) => manager['find'](CallbackEntity);",
        'const Alias = CallbackEntity;\nexport const f = (manager: EntityManager) => manager.find(Alias);',
        'export class X {\n  constructor(@InjectRepository(CallbackEntity) readonly callbacks: unknown) {}\n}',
      ];
      const imports = "import type { EntityManager } from 'typeorm';\nimport { CallbackEntity } from '../callbacks/callback.entity.js';\n";
      for (const use of uses) {
        expect(await ownershipErrors('src/teams/zz.repository.ts', imports + use), use).toEqual([expect.stringContaining(foreign)]);
      }
      expect(
        await ownershipErrors(
          'src/teams/zz.repository.ts',
          "import * as callbacks from '../callbacks/callback.entity.js';\nexport const f = (manager: any) => manager.find(callbacks.CallbackEntity);",
        ),
      ).toEqual([expect.stringContaining(foreign)]);
      expect(
        await ownershipErrors(
          'src/teams/zz.repository.ts',
          "export const f = (manager: any) => manager.getRepository('CallbackEntity').find();",
        ),
      ).toEqual([expect.stringContaining(foreign)]);
      expect(await ownershipErrors('src/teams/zz.repository.ts', "export const f = (manager: any) => manager.find('callbacks');")).toEqual([
        expect.stringContaining('owned by src/callbacks/'),
      ]);
    });

    it("leaves an entity's types, its owner, the read model and the registration of its metadata alone", async () => {
      expect(
        await ownershipErrors(
          'src/teams/x.ts',
          "import type { CallbackEntity } from '../callbacks/callback.entity.js';\nexport const f = (c: CallbackEntity) => c.id;",
        ),
      ).toEqual([]);
      expect(
        await ownershipErrors(
          'src/teams/x.ts',
          "import { CallbackEntity } from '../callbacks/callback.entity.js';\nexport const f = (c: CallbackEntity) => c.id;",
        ),
      ).toEqual([]);
      const find =
        "import { CallbackEntity } from '../callbacks/callback.entity.js';\nexport const f = (manager: any) => manager.find(CallbackEntity);";
      expect(await ownershipErrors('src/callbacks/callbacks.repository.ts', find.replace('../callbacks/', './'))).toEqual([]);
      expect(await ownershipErrors('src/read-model/x.reader.ts', find)).toEqual([]);
      expect(
        await ownershipErrors(
          'src/teams/teams.module.ts',
          "import { TypeOrmModule } from '@nestjs/typeorm';\nimport { CallbackEntity } from '../callbacks/callback.entity.js';\nexport const m = TypeOrmModule.forFeature([CallbackEntity]);",
        ),
      ).toEqual([]);
    });
  });
  describe('reads SQL as the database does', () => {
    const foreign = (table: string, owner: string) => expect.stringContaining(`SQL on \`${table}\` belongs to its owner, ${owner}`);

    it('in lower and mixed case, as a whole statement', async () => {
      for (const code of [
        "export const A = 'select id from accounts where id = ?';",
        "export const A = 'Select id From accounts';",
        "export const A = 'delete from accounts where id = ?';",
        "export const A = 'update accounts set name = ?';",
        "export const A = 'insert into accounts (id) values (?)';",
      ]) {
        expect(await ownershipErrors('src/teams/teams.repository.ts', code), code).toEqual([foreign('accounts', 'src/accounts/')]);
      }
    });

    it('every table of a comma join', async () => {
      expect(
        await ownershipErrors(
          'src/teams/teams.repository.ts',
          "export const A = 'SELECT t.id FROM teams t, accounts a, callbacks c WHERE a.team_id = t.id';",
        ),
      ).toEqual([foreign('accounts', 'src/accounts/'), foreign('callbacks', 'src/callbacks/')]);
      expect(await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'select t.id from teams as t, accounts';")).toEqual([
        foreign('accounts', 'src/accounts/'),
      ]);
    });

    it('TRUNCATE, with or without TABLE', async () => {
      expect(await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'TRUNCATE accounts';")).toEqual([
        foreign('accounts', 'src/accounts/'),
      ]);
      expect(await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'truncate table accounts';")).toEqual([
        foreign('accounts', 'src/accounts/'),
      ]);
    });

    it('a schema-qualified name as its table, quoted or not', async () => {
      expect(await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'SELECT id FROM md4_test.accounts';")).toEqual([
        foreign('accounts', 'src/accounts/'),
      ]);
      expect(await ownershipErrors('src/teams/teams.repository.ts', 'export const A = "SELECT id FROM `md4_test`.`teams`";')).toEqual([]);
      expect(
        await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'SELECT table_name FROM information_schema.tables';"),
      ).toEqual([]);
    });

    it('an interpolated or computed table name as an error, unless a comment names its tables', async () => {
      const computed = expect.stringContaining('A computed table name (`${...}`) cannot be checked');
      expect(await ownershipErrors('src/teams/teams.repository.ts', 'export const A = (t: string) => `SELECT id FROM ${t}`;')).toEqual([
        computed,
      ]);
      expect(await ownershipErrors('src/read-model/x.reader.ts', "export const A = (t: string) => 'DELETE FROM ' + t;")).toEqual([
        computed,
      ]);
      expect(
        await ownershipErrors('src/teams/teams.repository.ts', 'export const A = (s: string) => `SELECT id FROM ${s}.teams`;'),
      ).toEqual([]);
      expect(
        await ownershipErrors(
          'src/teams/teams.repository.ts',
          'export const A = (t: string) =>\n  // table-ownership: teams\n  `SELECT id FROM ${t}`;',
        ),
      ).toEqual([]);
      expect(
        await ownershipErrors(
          'src/teams/teams.repository.ts',
          '// table-ownership: teams, accounts\nexport const A = (t: string) => `SELECT id FROM ${t}`;',
        ),
      ).toEqual([foreign('accounts', 'src/accounts/')]);
    });

    it('an unknown table in lower case, or in a comma join, as a table with no owner', async () => {
      const unowned = expect.stringContaining('Table `pennants` has no owner');
      expect(await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'select id from pennants';")).toEqual([unowned]);
      expect(await ownershipErrors('src/awards/awards.repository.ts', "export const A = 'SELECT a.id FROM awards a, pennants b';")).toEqual(
        [unowned],
      );
    });

    it('still ignores prose and the columns of an upsert', async () => {
      expect(await ownershipErrors('src/teams/x.ts', "export const A = 'Could not update accounts from the provider.';")).toEqual([]);
      expect(
        await ownershipErrors(
          'src/delivery/x.repository.ts',
          "export const A = 'insert into delivery_counts (app_id) values (?) on conflict (app_id) do update set deliveries = deliveries + 1';",
        ),
      ).toEqual([]);
      expect(
        await ownershipErrors('src/teams/teams.repository.ts', "export const A = 'SELECT id FROM teams WHERE id = ? FOR UPDATE';"),
      ).toEqual([]);
    });
  });

  describe('the read model only reads, but for the upkeep it declares', () => {
    const readOnly = (table: string) => expect.stringContaining(`src/read-model/ only reads: it may not write \`${table}\``);

    it('refuses INSERT, UPDATE, DELETE, TRUNCATE and REPLACE on any other table', async () => {
      for (const code of [
        "export const A = 'DELETE FROM accounts';",
        "export const A = 'UPDATE accounts SET permissions = 127';",
        "export const A = 'INSERT INTO accounts (id) VALUES (?)';",
        "export const A = 'TRUNCATE TABLE accounts';",
        "export const A = 'REPLACE INTO accounts (id) VALUES (?)';",
        "export const A = 'delete a from accounts a where a.id = ?';",
      ]) {
        expect(await ownershipErrors('src/read-model/account-search/x.reader.ts', code), code).toEqual([readOnly('accounts')]);
      }
      expect(await ownershipErrors('src/read-model/x.reader.ts', "export const A = 'DELETE FROM account_name_grams';")).toEqual([
        readOnly('account_name_grams'),
      ]);
    });

    it('reads every table and writes the tables of the upkeep of its manifest', async () => {
      expect(await ownershipErrors('src/read-model/x.reader.ts', "export const A = 'SELECT a.id FROM accounts a, teams t';")).toEqual([]);
      expect(
        await ownershipErrors(
          'src/read-model/account-search/x.ts',
          "export const A = 'DELETE FROM account_name_range_counts WHERE boundary = ?';",
        ),
      ).toEqual([]);
      expect(
        await ownershipErrors(
          'src/read-model/account-search/x.ts',
          "export const A = 'INSERT INTO account_name_ranges (boundary) SELECT name FROM accounts';",
        ),
      ).toEqual([]);
    });
  });
});
