import { createRequire } from 'node:module';

import type BetterSqlite3 from 'better-sqlite3';

/** The oldest Node-API version better-sqlite3 13 loads on (Node 22.14 and later; Node 20 has 9). */
const NODE_API_OF_BETTER_SQLITE3_13 = 10;

const require = createRequire(import.meta.url);

let loaded: typeof BetterSqlite3 | undefined;

/**
 * The better-sqlite3 module the embedded SQLite backend opens its file with (docs/database-support.md, "Which Node?" in docs/decisions.md),
 * loaded once per process: better-sqlite3 13 (the `better-sqlite3-node-api` optional dependency, built on Node-API)
 * where the runtime has Node-API 10, as Node 24 does; better-sqlite3 12 on older runtimes (Node 20), which 13 does
 * not run on. 12 wraps its handles in `node::ObjectWrap`, whose finaliser aborts Node 24.19 and later
 * ("Assertion failed: (env) != nullptr") when the garbage collector frees a handle outside a JavaScript context,
 * at exit or in a quiet moment (nodejs/node#65446). Both share one API, typed by `@types/better-sqlite3`.
 * Throws Node's MODULE_NOT_FOUND error when neither is installed.
 */
export function sqliteDriver(): typeof BetterSqlite3 {
  loaded ??= require(
    Number(process.versions.napi) >= NODE_API_OF_BETTER_SQLITE3_13 ? 'better-sqlite3-node-api' : 'better-sqlite3',
  ) as typeof BetterSqlite3;
  return loaded;
}
