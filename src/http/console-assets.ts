import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Where `npm run build` writes the console (`console/build.mjs`): `dist/console` of the project, found from this
 * file whether it runs compiled (`dist/http/`) or from source (`src/http/`, the tests).
 */
export const CONSOLE_DIR = fileURLToPath(new URL('../../dist/console/', import.meta.url));

/** The console's files and their content types; nothing else under `/console/` is served. */
const FILES: Record<string, string> = {
  'index.html': 'text/html; charset=utf-8',
  'console.js': 'text/javascript; charset=utf-8',
  'console.css': 'text/css; charset=utf-8',
};

/**
 * The console's Content-Security-Policy (docs/console.md#security): its own script, style and API only, no inline
 * script or style, no plugin, no framing (clickjacking), forms only to itself.
 */
export const CONSOLE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Serves the app developers' console (docs/console.md) at `/console/` from the files `npm run build` wrote, read once
 * here: `GET /console` redirects to `/console/`, which answers `index.html`; `console.js` and `console.css` beside it.
 * Every answer carries {@link CONSOLE_CSP}, `X-Frame-Options: DENY` and `Cache-Control: no-cache` (a new build is
 * seen at once). Without a build the routes answer 404 saying so. The console is static: it calls the JSON API
 * from the page with the credentials the developer types, so no route here reads credentials.
 */
export function serveConsole(fastify: FastifyInstance, dir: string = CONSOLE_DIR): void {
  const files = new Map<string, Buffer>();
  for (const name of Object.keys(FILES)) {
    try {
      files.set(name, readFileSync(`${dir}${name}`));
    } catch {
      // Not built: answered below with a 404 that says so.
    }
  }
  const answer = (name: string) => async (_request: unknown, reply: FastifyReply) => {
    const body = files.get(name);
    if (!body) return reply.code(404).send({ detail: 'The console is not built: run npm run build (docs/console.md).' });
    return reply
      .header('content-type', FILES[name])
      .header('content-security-policy', CONSOLE_CSP)
      .header('x-frame-options', 'DENY')
      .header('cache-control', 'no-cache')
      .send(body);
  };
  fastify.get('/console', async (_request, reply) => reply.redirect('/console/', 301));
  fastify.get('/console/', answer('index.html'));
  for (const name of Object.keys(FILES)) fastify.get(`/console/${name}`, answer(name));
}
