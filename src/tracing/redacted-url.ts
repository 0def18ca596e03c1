import type { RequestOptions } from 'node:http';

/** What stands for a query value in telemetry, as OpenTelemetry's `url.full` guidance writes it. */
export const REDACTED = 'REDACTED';

/**
 * `url` with every value of its query string replaced by `REDACTED`, its keys
 * kept (`https://hooks.example/in?token=REDACTED&v=REDACTED`), and a member
 * without `=` replaced whole; user info is dropped and the fragment too. A
 * callback URL's query often carries the receiver's own credential, so it never
 * reaches a span or a log line (docs/operations.md#tracing). A text that is
 * not a URL is cut at its first `?`.
 */
export function redactedUrl(url: string): string {
  if (!URL.canParse(url)) {
    const at = url.indexOf('?');
    return at < 0 ? url : `${url.slice(0, at)}?${REDACTED}`;
  }
  const parsed = new URL(url);
  const query = parsed.search === '' ? '' : `?${redactedQuery(parsed.search.slice(1))}`;
  return `${parsed.protocol}//${parsed.host}${parsed.pathname}${query}`;
}

/**
 * The `url.full` of an outgoing request as the HTTP instrumentation is given
 * it (Node's `http.request` options, `path` with its query), with
 * {@link redactedUrl}'s redaction.
 */
export function redactedRequestUrl(request: RequestOptions): string {
  const protocol = request.protocol ?? 'http:';
  const host = request.hostname ?? request.host ?? 'localhost';
  const port = request.port === undefined || request.port === null || request.port === '' ? '' : `:${request.port}`;
  const bracketed = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return redactedUrl(`${protocol}//${bracketed}${port}${request.path ?? '/'}`);
}

function redactedQuery(query: string): string {
  return query
    .split('&')
    .map((member) => {
      const at = member.indexOf('=');
      return at < 0 ? (member === '' ? '' : REDACTED) : `${member.slice(0, at)}=${REDACTED}`;
    })
    .join('&');
}
