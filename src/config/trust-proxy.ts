import ipaddr from 'ipaddr.js';

/**
 * Which proxies' `X-Forwarded-For` the API believes (`TRUST_PROXY`): `false`
 * (the default: the client is the socket's peer), a hop count (the last `n`
 * proxies in front of the API), or the proxies' addresses and CIDR ranges.
 * `true` (trust any sender) is refused: every client could choose its own
 * address and so its own rate-limit bucket.
 */
export type TrustProxy = false | number | readonly string[];

/** `TRUST_PROXY`'s rule, for the boot-time validation message. */
export const TRUST_PROXY_RULE =
  'TRUST_PROXY must be false, a hop count (1, 2, ...) or a comma-separated list of proxy addresses or CIDR ranges (true would let any client choose its address)';

/** @returns the setting, or `undefined` when `value` is not a valid `TRUST_PROXY`. */
export function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d{1,3}$/.test(text)) return Number(text);
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every((entry) => ipaddr.isValid(entry) || ipaddr.isValidCIDR(entry)) ? entries : undefined;
}

/** Fastify's `trustProxy` option for a setting (a hop count as a function: Fastify 5 reads only `true` as a number-free form). */
export function fastifyTrustProxy(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return [...setting];
}
