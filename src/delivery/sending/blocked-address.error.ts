import { isIP } from 'node:net';

/**
 * Thrown by the SSRF guard when a callback host is, or resolves to, an address
 * that is not public while `CALLBACK_ALLOW_PRIVATE_NETWORKS` is off. The
 * delivery fails at once (not retried). Its message becomes the delivery's
 * `last_error`, which the app reads (docs/api.md#delivery-log): it names the
 * host the app registered, never an address a name resolved to
 * (`Refused to deliver to vm: its name resolves to a non-public address ...`).
 */
export class BlockedAddressError extends Error {
  /** @param host the URL's host: a name, or an IP address written in the URL. */
  constructor(readonly host: string) {
    const why = isIP(host) === 0 ? 'its name resolves to a non-public address' : 'not a public address';
    super(`Refused to deliver to ${host}: ${why} (CALLBACK_ALLOW_PRIVATE_NETWORKS is off).`);
    this.name = 'BlockedAddressError';
  }
}
