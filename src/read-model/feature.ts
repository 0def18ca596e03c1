/**
 * The read model: every read query, across tables; it knows no feature.
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'read-model',
  // Its SQL reads every table and writes only `upkeep`.
  everyTable: 'read',
  upkeep: ['account_name_ranges', 'account_name_range_counts'],
  tables: {
    account_name_grams: 'account-search/',
    name_gram_counts: 'account-search/',
    team_name_grams: 'team-search.reader.ts',
    team_name_gram_counts: 'team-search.reader.ts',
    account_name_ranges: 'account-search/',
    account_name_range_counts: 'account-search/',
    account_name_range_gate: 'account-search/',
    numbers: 'account-search/',
  },
  // Triggers on `accounts` and `teams` keep these (MySQL/MariaDB only); the range starting at '' stays.
  keptByTriggers: {
    account_name_grams: { mysqlOnly: true },
    name_gram_counts: { mysqlOnly: true },
    team_name_grams: { mysqlOnly: true },
    team_name_gram_counts: { mysqlOnly: true },
    account_name_ranges: { keep: "boundary = ''", mysqlOnly: true },
    account_name_range_counts: { mysqlOnly: true },
  },
};
