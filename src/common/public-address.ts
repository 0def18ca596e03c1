import { isIP } from 'node:net';

import ipaddr from 'ipaddr.js';

/**
 * True when `address` (an IPv4 or IPv6 literal) is a public unicast address:
 * not loopback, private, link-local, carrier-grade NAT, multicast, reserved,
 * unspecified or an IPv6 form embedding one of those (IPv4-mapped is checked as
 * the IPv4 it maps; 6to4, Teredo, NAT64 and the deprecated IPv4-compatible
 * `::/96` forms are refused). Used by the SSRF guard of callback deliveries.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed instanceof ipaddr.IPv6 && isIpv4Compatible(parsed)) return false;
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  return parsed.range() === 'unicast';
}

/** `::/96` (RFC 4291 §2.5.5.1, deprecated): `::a.b.c.d`, which some stacks still route to the embedded IPv4. */
function isIpv4Compatible(address: ipaddr.IPv6): boolean {
  return address.parts.slice(0, 6).every((part) => part === 0);
}

/**
 * The IP literal a URL names as its host (brackets of IPv6 removed), or
 * `undefined` when the host is a name. WHATWG URL parsing has already turned
 * forms such as `http://2130706433/` into dotted IPv4.
 */
export function ipLiteralHost(url: URL): string | undefined {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) === 0 ? undefined : host;
}

/**
 * True when a URL's host is an IP literal that is not public (checked at
 * registration; names are checked when resolved at delivery time).
 */
export function namesNonPublicAddress(url: string): boolean {
  const literal = ipLiteralHost(new URL(url));
  return literal !== undefined && !isPublicAddress(literal);
}
