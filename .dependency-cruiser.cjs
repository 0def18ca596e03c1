// Architecture rules checked by `npm run lint` (dependency-cruiser); docs/architecture.md
// draws the same layers. Any violation fails lint.
//
//   composition roots (src/*.ts, cli/)  ->  features  ->  read-model  ->  infrastructure + common
//
// - common/: shared value types and route-access markers (account id, Principal,
//   @Authenticated/@Public, public-address rules); it builds on http/ and openapi/ only.
// - infrastructure: clock, config, database, errors (the domain errors), health, http, idempotency, logging, metrics,
//   openapi, rate-limit, redis, tracing. It knows no feature and no read model; health, metrics, rate-limit and idempotency
//   use common/'s route markers.
// - read-model/: every read query; it knows no feature.
// - features import each other without loops (folder-level cycles are errors).
// - a repository (*.repository.ts) is imported only inside its own feature folder (and by the
//   composition roots and specs): other features call the owner's exported service or port
//   (e.g. callbacks/delivery-callbacks.ts), with no exception.
//
// - a feature imports only the features its manifest lists in `imports`.
//
// Each folder's layer, and a feature's imports, come from its manifest, src/<folder>/feature.ts
// (scripts/features.cjs, docs/architecture.md#feature-manifests).
const features = require('./scripts/features.cjs');

const INFRASTRUCTURE = features.under(features.foldersOf('infrastructure'));
const FEATURES = features.under(features.foldersOf('feature'));
const ROOTS = `^src/(${features
  .foldersOf('root')
  .map((folder) => `${folder}/`)
  .join('|')}|[^/]+\\.ts$)`;
const REPOSITORY = '\\.repository\\.ts$';

/** One rule per feature: it imports no feature but itself and those its manifest lists. */
const featureImports = features
  .manifests()
  .filter((manifest) => manifest.layer === 'feature')
  .map((manifest) => {
    const others = features.foldersOf('feature').filter((folder) => folder !== manifest.folder && !manifest.imports.includes(folder));
    return {
      name: `${manifest.folder}-imports-listed-features`,
      severity: 'error',
      comment: `src/${manifest.folder}/ imports only the features of \`imports\` in src/${manifest.folder}/feature.ts: add the feature there, keeping the features free of loops.`,
      from: { path: `^src/${manifest.folder}/` },
      to: { path: others.length ? features.under(others) : '^$' },
    };
  });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a loop: a module must be changeable without reading the whole loop.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      severity: 'error',
      comment: 'Folders must not depend on each other in a loop (e.g. accounts -> teams -> accounts).',
      scope: 'folder',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment: 'Shared infrastructure (database, http, config, logging, ...) must not know the domain modules or the read model.',
      from: { path: INFRASTRUCTURE },
      to: { path: [FEATURES, '^src/read-model/', ROOTS] },
    },
    {
      name: 'web-infrastructure-below-common',
      severity: 'error',
      comment: 'common/ builds on http/, openapi/, config/: these must not import it back.',
      from: { path: '^src/(clock|config|http|logging|openapi)/' },
      to: { path: '^src/common/' },
    },
    {
      name: 'common-is-low',
      severity: 'error',
      comment: 'common/ holds shared value types and route markers; it builds on http/ and openapi/ only.',
      from: { path: '^src/common/' },
      to: { path: '^src/', pathNot: '^src/(common|http|openapi|config)/' },
    },
    {
      name: 'read-model-imports-no-feature',
      severity: 'error',
      comment: 'The read model depends on plain filter and row types, not on feature DTOs, entities or services.',
      from: { path: '^src/read-model/' },
      to: { path: [FEATURES, ROOTS] },
    },
    {
      name: 'only-roots-import-roots',
      severity: 'error',
      comment: 'app.module, worker.module, cli.module and the entrypoints compose the modules; nothing below imports them.',
      from: { path: '^src/', pathNot: ROOTS },
      to: { path: ROOTS },
    },
    {
      name: 'repository-private-to-its-feature',
      severity: 'error',
      comment:
        "A repository holds its feature's tables (docs/architecture.md#tables): other features call the owner's exported service or port, never its repository.",
      from: { path: '^src/([^/]+)/', pathNot: ROOTS },
      to: { path: REPOSITORY, pathNot: '^src/$1/' },
    },
    {
      name: 'no-test-code-in-src',
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^test/' },
    },
    ...featureImports,
  ],
  options: {
    // Specs are test code beside what they test: they may use test/support, which imports src/ back.
    exclude: { path: '\\.spec\\.ts$' },
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
