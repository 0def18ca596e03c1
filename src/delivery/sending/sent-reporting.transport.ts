import { type ClientRequest, type IncomingMessage, request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';

/** What axios calls to open a request (its `transport` option), in place of `http` or `https`. */
export interface RequestTransport {
  request(options: RequestOptions, callback: (response: IncomingMessage) => void): ClientRequest;
}

/**
 * A transport that opens the request with Node's `http` or `https` (by the
 * URL's protocol, as axios does with `maxRedirects: 0`) and calls `onSent`
 * when the request is sent: its `finish` event, once its last byte has been
 * written to the socket (after the address lookup and the connection). A
 * callback's rate limit counts the attempt from there (docs/api.md#rate-limit).
 */
export function sentReportingTransport(onSent: () => void): RequestTransport {
  return {
    request(options, callback) {
      const request = (options.protocol === 'https:' ? httpsRequest : httpRequest)(options, callback);
      request.once('finish', onSent);
      return request;
    },
  };
}
