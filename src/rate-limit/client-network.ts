import ipaddr from 'ipaddr.js';

/** Whose failed authentications one bucket counts: its storage key and how the 429 names it. */
export interface FailureBucket {
  readonly key: string;
  /** e.g. `this address` or `this network (2001:db8:1:2::/64)`. */
  readonly label: string;
}

/**
 * The bucket of failed authentications for a client address (as
 * `TRUST_PROXY` decides it): an IPv4 address (IPv4-mapped IPv6 included)
 * counts alone; an IPv6 address counts with its whole `/ipv6Prefix` network
 * (`LOGIN_LIMIT_IPV6_PREFIX`, 64 by default), since one client is usually
 * given a whole /64 and can pick any address in it. A prefix of 128 counts
 * each IPv6 address alone. An address that does not parse counts alone.
 */
export function failureBucket(address: string, ipv6Prefix: number): FailureBucket {
  if (!ipaddr.isValid(address)) return { key: `ip:${address}`, label: 'this address' };
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4' || ipv6Prefix >= 128) return { key: `ip:${parsed.toString()}`, label: 'this address' };
  const network = `${ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${ipv6Prefix}`).toString()}/${ipv6Prefix}`;
  return { key: `net:${network}`, label: `this network (${network})` };
}
