/**
 * Rules on the user info part of callback URLs (`http://user:password@host/`).
 * The receiver authenticates deliveries by `Authorization: Bearer <secret>`
 * (docs/api.md#events); credentials in the URL would replace that header (HTTP
 * clients turn them into `Basic` credentials) and would be shown wherever the
 * URL is. Registration refuses them; a URL stored before that rule keeps them
 * in the database only: deliveries and every display use {@link withoutUserInfo}.
 */

/** Whether `url` holds user info (a user name or a password before `@`). An unparseable URL holds none. */
export function hasUserInfo(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const parsed = new URL(url);
  return parsed.username !== '' || parsed.password !== '';
}

/**
 * `url` without its user info: the URL deliveries call, and the only form
 * shown to apps and operators. A URL without user info is returned unchanged.
 */
export function withoutUserInfo(url: string): string {
  if (!URL.canParse(url)) return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1');
  const parsed = new URL(url);
  if (parsed.username === '' && parsed.password === '') return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.href;
}
