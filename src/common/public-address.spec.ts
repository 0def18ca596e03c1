import { describe, expect, it } from 'vitest';

import { isPublicAddress, namesNonPublicAddress } from './public-address.js';

describe('isPublicAddress (SSRF guard)', () => {
  it('accepts public unicast addresses', () => {
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700:4700::1111', '::ffff:8.8.8.8'])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and unspecified addresses, in IPv4 and IPv6 forms', () => {
    const refused = [
      '127.0.0.1',
      '127.5.6.7',
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '240.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fc00::1',
      'fd12:3456::1',
      'ff02::1',
      '::ffff:127.0.0.1',
      '::ffff:10.0.0.1',
      '2002:7f00:1::1',
      '64:ff9b::7f00:1',
      'not an address',
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it('refuses the deprecated IPv4-compatible IPv6 form (::/96), whatever IPv4 it embeds', () => {
    for (const address of ['::7f00:1', '::127.0.0.1', '::a00:1', '::808:808', '::0:0:1:2'])
      expect(isPublicAddress(address), address).toBe(false);
    expect(namesNonPublicAddress('http://[::7f00:1]:8080/x')).toBe(true);
  });

  it('checks IP literal hosts of URLs and leaves names to delivery time', () => {
    expect(namesNonPublicAddress('http://127.0.0.1:8080/x')).toBe(true);
    expect(namesNonPublicAddress('http://[::1]/x')).toBe(true);
    expect(namesNonPublicAddress('http://0x7f.1/x')).toBe(true);
    expect(namesNonPublicAddress('http://8.8.8.8/x')).toBe(false);
    expect(namesNonPublicAddress('http://localhost/x')).toBe(false);
    expect(namesNonPublicAddress('https://hooks.example.com/x')).toBe(false);
  });
});
