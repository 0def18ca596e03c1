// The layers of src/ (docs/architecture.md#layers): every folder directly under src/ is in exactly one.
// .dependency-cruiser.cjs builds its rules from these lists, and `npm run lint` (scripts/check-modules.mjs)
// fails with one message naming a folder that is in none. A new feature folder goes in FEATURES.

/** Composition roots: the entrypoints and modules at src/*.ts, and the CLI's commands. */
const ROOTS = ['cli'];

/** Shared infrastructure: knows no feature and no read model. */
const INFRASTRUCTURE = [
  'collation',
  'clock',
  'config',
  'database',
  'errors',
  'health',
  'http',
  'idempotency',
  'logging',
  'metrics',
  'openapi',
  'rate-limit',
  'redis',
  'tracing',
];

/** The domain modules: they import each other without loops. */
const FEATURES = ['accounts', 'auth', 'awards', 'callbacks', 'delivery', 'events', 'idp', 'permissions', 'teams'];

/** Every read query, across tables; it knows no feature. */
const READ_MODEL = ['read-model'];

/** Shared value types and route-access markers, on top of http/ and openapi/. */
const COMMON = ['common'];

/** Folders without code: the generated statements (`npm run sql:generate`). */
const NO_CODE = ['queries'];

/** `^src/(a|b)/`: a path in one of `folders`. */
function under(folders) {
  return `^src/(${folders.join('|')})/`;
}

module.exports = { ROOTS, INFRASTRUCTURE, FEATURES, READ_MODEL, COMMON, NO_CODE, under };
