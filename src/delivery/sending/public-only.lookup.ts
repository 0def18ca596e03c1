import { lookup } from 'node:dns';
import type { LookupFunction } from 'node:net';

import { BlockedAddressError } from './blocked-address.error.js';
import { isPublicAddress } from '../../common/public-address.js';

/**
 * A DNS lookup for Node's HTTP client (its `lookup` option) that resolves a
 * callback host at delivery time and refuses it when any of its addresses is
 * not public, so the connection is made only to the addresses that were
 * checked (no rebinding between check and connect). Answers as `dns.lookup`
 * does: every address when asked for `all`, else the first.
 *
 * Fails with BlockedAddressError when an address is not public; DNS errors as is.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '');
    if (addresses.some((entry) => !isPublicAddress(entry.address))) return callback(new BlockedAddressError(hostname), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
