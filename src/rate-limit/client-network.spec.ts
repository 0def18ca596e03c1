import { describe, expect, it } from 'vitest';

import { failureBucket } from './client-network.js';

describe('failureBucket', () => {
  it('counts an IPv4 address alone, mapped or not', () => {
    expect(failureBucket('203.0.113.7', 64)).toEqual({ key: 'ip:203.0.113.7', label: 'this address' });
    expect(failureBucket('::ffff:203.0.113.7', 64)).toEqual({ key: 'ip:203.0.113.7', label: 'this address' });
  });

  it('counts an IPv6 address with its network of the configured prefix', () => {
    const bucket = { key: 'net:2001:db8:1:2::/64', label: 'this network (2001:db8:1:2::/64)' };
    expect(failureBucket('2001:db8:1:2::1', 64)).toEqual(bucket);
    expect(failureBucket('2001:0db8:0001:0002:ffff:ffff:ffff:fffe', 64)).toEqual(bucket);
    expect(failureBucket('2001:db8:1:3::1', 64)).toEqual({ key: 'net:2001:db8:1:3::/64', label: 'this network (2001:db8:1:3::/64)' });
    expect(failureBucket('2001:db8:1:3::1', 48).key).toBe('net:2001:db8:1::/48');
    expect(failureBucket('2001:db8:1:3::1', 128)).toEqual({ key: 'ip:2001:db8:1:3::1', label: 'this address' });
  });

  it('counts an address that does not parse alone', () => {
    expect(failureBucket('unknown', 64)).toEqual({ key: 'ip:unknown', label: 'this address' });
  });
});
