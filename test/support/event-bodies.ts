import { expect } from 'vitest';

/** `occurred_at` of an event body (docs/api.md#events): RFC 3339, UTC, milliseconds. */
export const OCCURRED_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The exact body of an `account_team_update` delivery for `account` (the Account object as the PATCH answered
 * it, or a matcher): the account, its team, the type, an `occurred_at` of {@link OCCURRED_AT}'s form and `sequence`.
 */
export function teamUpdateBody(account: any, sequence: number | unknown = expect.any(Number)) {
  return {
    account,
    team: account.team ?? null,
    type: 'account_team_update',
    occurred_at: expect.stringMatching(OCCURRED_AT),
    sequence,
  };
}
