import { maxHeaderSize } from 'node:http';
import type { Socket } from 'node:net';

import type { ConnectionError } from 'fastify';

/** Node's limit on the request line and headers together (`--max-http-header-size`, 16 KB by default), in words. */
const HEADER_LIMIT = `${Math.round(maxHeaderSize / 1024)} KB`;

/** Parser error codes (llhttp `HPE_*`) by the detail they are answered with; every one is a 400. */
const BAD_REQUEST_DETAILS: [codes: readonly string[], detail: string][] = [
  [['HPE_INVALID_METHOD'], 'Bad request: unknown or malformed method.'],
  [['HPE_INVALID_URL', 'HPE_INVALID_VERSION', 'HPE_INVALID_CONSTANT'], 'Bad request: malformed request line.'],
  [
    ['HPE_UNEXPECTED_CONTENT_LENGTH', 'HPE_INVALID_CONTENT_LENGTH', 'HPE_INVALID_TRANSFER_ENCODING'],
    'Bad request: malformed Content-Length or Transfer-Encoding.',
  ],
  [['HPE_INVALID_CHUNK_SIZE', 'HPE_CHUNK_EXTENSIONS_OVERFLOW', 'HPE_STRICT'], 'Bad request: malformed chunked body.'],
  [['HPE_INVALID_HEADER_TOKEN', 'HPE_CR_EXPECTED', 'HPE_LF_EXPECTED'], 'Bad request: malformed header.'],
];

/**
 * Node's `clientError` handler (Fastify's `clientErrorHandler` option): the
 * answers to requests the HTTP parser refuses before any route, hook or
 * filter sees them, in the `{"detail": "..."}` shape of docs/api.md#conventions (Fastify's
 * own is `{"error", "message", "statusCode"}`). Unparseable method, request
 * line, header, `Content-Length`/`Transfer-Encoding` (two lengths, both
 * headers) or chunk: 400; a request line over Node's 16 KB header limit: 414;
 * headers over it: 431; a request not received within `REQUEST_TIMEOUT_MS`:
 * 408. The connection is closed after the answer (the parser cannot resume).
 * Nothing is written once an answer has started on the connection, or after
 * a reset.
 *
 * @param requestTimeoutMs `REQUEST_TIMEOUT_MS`, named in the 408's detail.
 */
export function clientErrorHandler(requestTimeoutMs: number): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (socket.writable && !inFlight?.headersSent) {
      const [status, reason, detail] = describe(error, requestTimeoutMs);
      const body = JSON.stringify({ detail });
      socket.end(
        `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroySoon();
  };
}

function describe(error: ConnectionError, requestTimeoutMs: number): [status: number, reason: string, detail: string] {
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return [408, 'Request Timeout', `Request timeout: the request was not received within ${requestTimeoutMs} ms.`];
    case 'HPE_HEADER_OVERFLOW':
      return isRequestLineOverflow(error.rawPacket)
        ? [414, 'URI Too Long', `URI too long: the request line must fit in ${HEADER_LIMIT}.`]
        : [
            431,
            'Request Header Fields Too Large',
            `Request header fields too large: the request line and headers must fit in ${HEADER_LIMIT}.`,
          ];
    default: {
      const detail = BAD_REQUEST_DETAILS.find(([codes]) => codes.includes(error.code))?.[1];
      return [400, 'Bad Request', detail ?? 'Bad request: the request could not be parsed.'];
    }
  }
}

/**
 * Whether the header overflow happened in the request line: the packet being
 * parsed (a `Buffer` at run time) starts with a line of at least
 * `maxHeaderSize` bytes. A request line split over several packets is told
 * apart only when the last one holds it whole: otherwise a 431, which also
 * says what to shorten.
 */
function isRequestLineOverflow(rawPacket: unknown): boolean {
  if (!Buffer.isBuffer(rawPacket)) return false;
  const lineEnd = rawPacket.indexOf('\n');
  return (lineEnd < 0 ? rawPacket.length : lineEnd) >= maxHeaderSize;
}
