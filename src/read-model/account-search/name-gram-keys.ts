import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';

import { GenerateSql } from '../../database/generate-sql.decorator.js';
import { SCHEMA_MIGRATED_AT_START } from '../../database/migration-runner.js';
import { characterKeySql } from './name-grams.js';
import { Transactions } from '../../database/transactions.js';

/** The printable ASCII characters (U+0020..U+007E) with their keys, from the tally table `numbers`. */
const PRINTABLE_ASCII_KEYS_SQL = `SELECT n.n AS code, ${characterKeySql('CHAR(n.n USING utf8mb4)')} AS k FROM numbers n WHERE n.n BETWEEN 32 AND 126`;

/**
 * The keys (see name-grams.ts) of the printable ASCII characters, read from
 * MySQL/MariaDB once at start, so that a `q` of one or two such characters is
 * looked up by its gram as a plain parameter: MariaDB spends about 0.08 ms
 * optimising a statement that computes the key itself. The keys
 * come from the database's own collation, so they are the ones the triggers
 * store. Empty on SQLite, and in processes that do not migrate at start (the
 * CLI): there, every gram is computed in SQL.
 */
@Injectable()
export class NameGramKeys implements OnApplicationBootstrap {
  private keys: ReadonlyMap<string, string> = new Map();

  constructor(
    private readonly transactions: Transactions,
    @Inject(SCHEMA_MIGRATED_AT_START) private readonly schemaMigrated: boolean,
  ) {}

  @GenerateSql()
  async onApplicationBootstrap(): Promise<void> {
    const manager = this.transactions.manager;
    if (manager.connection.options.type !== 'mysql' || !this.schemaMigrated) return;
    const rows: { code: number; k: string }[] = await manager.query(PRINTABLE_ASCII_KEYS_SQL);
    this.keys = new Map(rows.map((row) => [String.fromCharCode(row.code), row.k]));
  }

  /** The gram of `q` (one or two characters) when each of its characters' keys is known, else `undefined`. */
  gramOf(q: string): string | undefined {
    const keys = [...q].map((character) => this.keys.get(character));
    if (keys.length < 1 || keys.length > 2 || keys.some((key) => key === undefined)) return undefined;
    return keys.join('.');
  }
}
