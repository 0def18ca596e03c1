import { describe, expect, it } from 'vitest';

import { ReplicaSet, replicaName } from './replica-set.js';

const URLS = ['mysql://app:secret@replica1:3306/db', 'mysql://app:secret@replica2/db', 'mysql://app:secret@replica3:3307/db'];

describe('ReplicaSet (docs/api.md#scaling)', () => {
  it('starts with every replica out of rotation, named without credentials', () => {
    const set = new ReplicaSet(URLS);
    expect(set.pick()).toBeUndefined();
    expect(set.statuses()).toEqual([
      { replica: 'replica1:3306', available: false, lag_seconds: null, reason: 'not checked yet' },
      { replica: 'replica2:3306', available: false, lag_seconds: null, reason: 'not checked yet' },
      { replica: 'replica3:3307', available: false, lag_seconds: null, reason: 'not checked yet' },
    ]);
    expect(replicaName('mysql://u:p@[::1]:3310/db')).toBe('[::1]:3310');
  });

  it('hands out the replicas within the lag bound in round robin, skipping the others', () => {
    const set = new ReplicaSet(URLS);
    set.recordLag(0, 0.2, 1);
    set.recordLag(1, 1.5, 1);
    set.recordLag(2, 1, 1);
    expect([set.pick(), set.pick(), set.pick(), set.pick()]).toEqual([0, 2, 0, 2]);
    expect(set.statuses()[1]).toEqual({
      replica: 'replica2:3306',
      available: false,
      lag_seconds: 1.5,
      reason: 'lag 1.5 s over REPLICA_MAX_LAG (1 s)',
    });
  });

  it('takes a failed replica out at once and puts it back when a check finds it caught up', () => {
    const set = new ReplicaSet(URLS.slice(0, 1));
    set.recordLag(0, 0, 1);
    expect(set.pick()).toBe(0);
    set.recordFailure(0, 'ECONNREFUSED: connect ECONNREFUSED');
    expect(set.pick()).toBeUndefined();
    expect(set.statuses()[0]).toMatchObject({ available: false, lag_seconds: null, reason: 'ECONNREFUSED: connect ECONNREFUSED' });
    set.recordLag(0, 0.1, 1);
    expect(set.pick()).toBe(0);
    expect(set.statuses()[0]).toEqual({ replica: 'replica1:3306', available: true, lag_seconds: 0.1 });
  });
});
