/**
 * `@GenerateSql`: marks a method that runs SQL, with the arguments to call it
 * with when `npm run sql:generate` writes every statement of the service and
 * its MariaDB plan to `src/queries/*.sql` (docs/architecture.md#sql-files).
 * Metadata only: the method itself is left as it is, so a call costs nothing
 * more.
 */

/** One call of a decorated method: its arguments, and a name when the method has several cases. */
export interface SqlCase {
  /** Shown after the method in the file (`-- Class.method (name)`); needed when a method has more than one case. */
  readonly name?: string;
  /** The arguments. The call runs as the work of a transaction the generator rolls back afterwards. */
  readonly params?: readonly unknown[];
}

const CASES = Symbol('GenerateSql.cases');

/**
 * Records `cases` (none: one call without arguments) on the method. Each case
 * runs against the generator's small data set ({@link SqlSample}).
 */
export function GenerateSql(...cases: SqlCase[]) {
  return (_target: object, _key: string | symbol, descriptor: PropertyDescriptor): void => {
    Reflect.defineMetadata(CASES, cases.length > 0 ? cases : [{}], descriptor.value as object);
  };
}

/** The cases `@GenerateSql` recorded on `method`, or `undefined` when it has none. */
export function sqlCasesOf(method: unknown): readonly SqlCase[] | undefined {
  return typeof method === 'function' ? (Reflect.getMetadata(CASES, method) as SqlCase[] | undefined) : undefined;
}

/**
 * The rows of the generator's data set (`sql-files/sample-data.ts`) that cases
 * name: ids (account ids canonical), and its clock, `NOW` (Unix seconds).
 */
export const SqlSample = {
  NOW: 1_800_000_000,
  /** Accounts 1 and 2 are in team 1, 3 has no team, 4 is in team 2. */
  ACCOUNT: '1000000000000000001',
  ACCOUNT_2: '1000000000000000002',
  ACCOUNT_3: '1000000000000000003',
  /** An id no account has. */
  NEW_ACCOUNT: '1000000000000000099',
  TEAM: 1,
  TEAM_2: 2,
  /** Award 1 belongs to team 1 and is held by account 1; award 2 has no team and is held by accounts 1 and 2. */
  AWARD: 1,
  AWARD_2: 2,
  APP: 1,
  SESSION: 1,
  CALLBACK: 1,
  EVENT_TYPE: 'account_team_update',
  /** Events 1 to 3 are relayed (deliveries 1 to 3), event 4 is not. */
  EVENT: 1,
  /** Delivery 1 is pending, 2 failed, 3 succeeded; all of app 1 and callback 1, each of its own event. */
  DELIVERY: 1,
  DELIVERY_FAILED: 2,
  IDEMPOTENCY_SCOPE: 'S1',
  IDEMPOTENCY_KEY: 'key-1',
  /** The stored fields of account 1. */
  ACCOUNT_FIELDS: {
    id: '1000000000000000001',
    name: 'Ada',
    discriminator: '0001',
    avatarUrl: null,
    teamId: 1,
    permissions: 1,
    createdAt: 1_799_999_200,
  },
  /** What the outbox prune keeps: delivery/'s `EVENT_REFERENCES` (an event a delivery still refers to). */
  EVENT_REFERENCES: { subquery: 'SELECT 1 FROM deliveries WHERE deliveries.event_id = outbox_events.id' },
  /** The stored fields of team 1. */
  TEAM_FIELDS: { id: 1, name: 'Alpha', createdAt: 1_799_999_000 },
  /** A new callback of app 2, which has none (its fields but the id). */
  CALLBACK_FIELDS: {
    appId: 2,
    event: 'account_team_update',
    url: 'https://hooks.example.com/two',
    secret: 'whsec_two',
    sinceEpoch: 1,
    createdAt: 1_800_000_000,
    updatedAt: 1_800_000_000,
    disabledAt: null,
    failingSince: null,
    lastSuccessAt: null,
    rateLimit: null,
    previousSecrets: [],
    previousSecretsUntil: null,
  },
  /** A new delivery of event 4 (about account 1) to callback 1. */
  DELIVERY_FIELDS: {
    eventId: 4,
    callbackId: 1,
    appId: 1,
    accountId: '1000000000000000001',
    event: 'account_team_update',
    url: 'https://hooks.example.com/one',
    webhookId: 'msg_4',
    status: 'pending',
    attempts: 0,
    totalAttempts: 0,
    round: 0,
    lastError: null,
    nextAttemptAt: 1_800_000_000,
    createdAt: 1_800_000_000,
    updatedAt: 1_800_000_000,
  },
} as const;
