import { lookup } from 'node:dns/promises';

import { BlockedAddressError } from './blocked-address.error.js';
import { isPublicAddress } from '../../common/public-address.js';

/** An address as `dns.lookup(..., {all: true})` returns it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/**
 * A DNS lookup for the HTTP client that resolves a callback host at delivery
 * time and refuses it when any of its addresses is not public, so the
 * connection is made only to the addresses that were checked (no rebinding
 * between check and connect).
 *
 * @throws BlockedAddressError when an address is not public; DNS errors as is.
 */
export async function publicOnlyLookup(hostname: string, options: { family?: number } = {}): Promise<ResolvedAddress[]> {
  const family = options.family === 4 || options.family === 6 ? options.family : 0;
  const addresses = await lookup(hostname, { all: true, family });
  const blocked = addresses.find((entry) => !isPublicAddress(entry.address));
  if (blocked) throw new BlockedAddressError(hostname);
  return addresses;
}
