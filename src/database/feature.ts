/**
 * The database (infrastructure): connections, transactions, migrations (which create every table and trigger) and the tables of no feature.
 * Plain data read by scripts/features.cjs (docs/architecture.md#feature-manifests).
 */
export const feature = {
  layer: 'infrastructure',
  // SQL here may name and write every table: the migrations create them.
  everyTable: 'write',
  tables: { replication_heartbeat: '', account_counts: '', table_totals: '' },
  keptByTriggers: {
    // Triggers on `accounts` and `teams`: the "no team" row (team_key 0) stays, its count back to 0.
    account_counts: { keep: 'team_key = 0', zero: 'accounts' },
    // Triggers on `accounts` and `teams`: slot 0 of each counted table stays, its total back to 0.
    table_totals: { keep: 'slot = 0', zero: 'total' },
  },
};
