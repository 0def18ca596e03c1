/** A credential presented with HTTP Basic: `A<id>` for an app, `S<id>` for a session (docs/api.md#authentication). */
export interface BasicCredentials {
  readonly kind: 'app' | 'session';
  readonly id: number;
  readonly token: string;
}

const USERNAME = /^([AaSs])([1-9]\d{0,9})$/;

/** The `user:password` text of a Basic `Authorization` header value, or `undefined` for another scheme or bad base64 characters. */
function decodeBasic(header: string): string | undefined {
  const match = /^Basic[ ]+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  return match ? Buffer.from(match[1], 'base64').toString('utf8') : undefined;
}

/**
 * Parses an `Authorization` header value of the Basic scheme (RFC 7617).
 *
 * @returns the credentials, or `undefined` when the header is not a
 *   well-formed Basic credential of this service (any other scheme included).
 */
export function parseBasicCredentials(header: string): BasicCredentials | undefined {
  const decoded = decodeBasic(header);
  if (decoded === undefined) return undefined;
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  const user = USERNAME.exec(decoded.slice(0, colon));
  const token = decoded.slice(colon + 1);
  if (!user || token.length === 0) return undefined;
  const id = Number(user[2]);
  if (id > 2_147_483_647) return undefined;
  return { kind: user[1].toUpperCase() === 'A' ? 'app' : 'session', id, token };
}

/**
 * The 401 detail for a header {@link parseBasicCredentials} refused: it names
 * an empty password (`curl -u "A1:$UNSET"`) or user name, since "malformed"
 * alone blames the wrong part (docs/api.md#authentication).
 */
export function malformedCredentialsDetail(header: string): string {
  const decoded = decodeBasic(header);
  const colon = decoded?.indexOf(':') ?? -1;
  const usage = 'use HTTP Basic with A<app id> or S<session id> and its token.';
  if (decoded === undefined || colon < 0) return `Malformed credentials: ${usage}`;
  const user = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  if (user === '' && password === '') return `Malformed credentials: the user name and the password are empty; ${usage}`;
  if (password === '') return `Malformed credentials: the password (token) is missing; ${usage}`;
  if (user === '') return `Malformed credentials: the user name is missing; ${usage}`;
  return `Malformed credentials: ${usage}`;
}
