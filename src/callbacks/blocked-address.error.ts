/**
 * Thrown by the SSRF guard when a callback host is, or resolves to, an address
 * that is not public while `CALLBACK_ALLOW_PRIVATE_NETWORKS` is off. The
 * delivery fails at once (not retried).
 */
export class BlockedAddressError extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`Refused to deliver to ${host}: ${address} is not a public address (CALLBACK_ALLOW_PRIVATE_NETWORKS is off).`);
    this.name = 'BlockedAddressError';
  }
}
