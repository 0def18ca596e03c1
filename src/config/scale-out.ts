/** A `host:port` of a Redis Sentinel or Cluster node. */
export interface RedisNode {
  readonly host: string;
  readonly port: number;
}

/**
 * How the service reaches Redis (docs/api.md#operating, docs/api.md#scaling): one server (`REDIS_URL`),
 * a master found through Sentinels (`REDIS_SENTINELS` + `REDIS_SENTINEL_NAME`,
 * following failovers) or a Cluster (`REDIS_CLUSTER_NODES`). With Sentinel or
 * Cluster, `REDIS_URL` still gives the user, password, TLS and (Sentinel
 * only) the database number.
 */
export type RedisTopology =
  | { readonly kind: 'single'; readonly url: string }
  | { readonly kind: 'sentinel'; readonly sentinels: readonly RedisNode[]; readonly name: string; readonly url: string | undefined }
  | { readonly kind: 'cluster'; readonly nodes: readonly RedisNode[]; readonly url: string | undefined };

/**
 * Parses `host:port,host:port` (IPv6 hosts in brackets: `[::1]:26379`).
 *
 * @returns the nodes in order, or `undefined` when an entry is not `host:port`
 *   with a port in 1..65535 or the list is empty.
 */
export function parseRedisNodes(text: string): RedisNode[] | undefined {
  const nodes = text
    .split(',')
    .map((part) => part.trim())
    .map((part) => /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$/.exec(part));
  if (nodes.length === 0 || nodes.some((match) => match === null)) return undefined;
  const parsed = nodes.map((match) => ({ host: match![1].replace(/^\[(.*)\]$/, '$1'), port: Number(match![2]) }));
  return parsed.every((node) => node.port >= 1 && node.port <= 65535) ? parsed : undefined;
}

/**
 * Parses `DATABASE_REPLICA_URLS`: comma-separated `mysql://` (or
 * `mariadb://`) URLs with a host, written back as `mysql://`.
 *
 * @returns the URLs, or `undefined` when one of them does not parse.
 */
export function parseReplicaUrls(text: string): string[] | undefined {
  const urls = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (urls.length === 0) return undefined;
  for (const url of urls) {
    if (!/^(mysql|mariadb):\/\//.test(url) || !URL.canParse(url) || new URL(url).hostname === '') return undefined;
  }
  return urls.map((url) => url.replace(/^mariadb:/, 'mysql:'));
}
