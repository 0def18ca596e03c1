import { describe, expect, it } from 'vitest';

import { eventAccountId } from './event-account.js';

describe('eventAccountId (docs/api.md#delivery-log)', () => {
  it("reads the account of an account_team_update's body, canonical", () => {
    const payload = JSON.stringify({ account: { id: '18446744073709551615', name: 'a' }, team: null, type: 'account_team_update' });
    expect(eventAccountId({ type: 'account_team_update', payload })).toBe('18446744073709551615');
    expect(eventAccountId({ type: 'account_team_update', payload: '{"account":{"id":"007"}}' })).toBe('7');
  });

  it('is null for a ping, or a body without an account', () => {
    expect(eventAccountId({ type: 'ping', payload: '{"event":"ping","callback":{}}' })).toBeNull();
    expect(eventAccountId({ type: 'account_team_update', payload: '{}' })).toBeNull();
    expect(eventAccountId({ type: 'account_team_update', payload: '{"account":{"id":"x"}}' })).toBeNull();
  });
});
