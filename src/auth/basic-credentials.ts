/** A credential presented with HTTP Basic: `A<id>` for an app, `S<id>` for a session (docs/api.md#authentication). */
export interface BasicCredentials {
  readonly kind: 'app' | 'session';
  readonly id: number;
  readonly token: string;
}

const USERNAME = /^([AaSs])([1-9]\d{0,9})$/;

/**
 * Parses an `Authorization` header value of the Basic scheme (RFC 7617).
 *
 * @returns the credentials, or `undefined` when the header is not a
 *   well-formed Basic credential of this service (any other scheme included).
 */
export function parseBasicCredentials(header: string): BasicCredentials | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const user = USERNAME.exec(decoded.slice(0, colon));
  const token = decoded.slice(colon + 1);
  if (!user || token.length === 0) return undefined;
  const id = Number(user[2]);
  if (id > 2_147_483_647) return undefined;
  return { kind: user[1].toUpperCase() === 'A' ? 'app' : 'session', id, token };
}
