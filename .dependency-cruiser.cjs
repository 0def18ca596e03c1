// Architecture rules checked by `npm run lint` (dependency-cruiser). Violations that
// exist today are listed in .dependency-cruiser-known-violations.json (the layering
// work still to do); any new one fails lint. Regenerate the list only when removing
// entries: npx depcruise src --output-type baseline > .dependency-cruiser-known-violations.json
const INFRASTRUCTURE = '^src/(clock|config|database|health|http|logging|metrics|openapi|rate-limit)/';
const FEATURES = '^src/(accounts|auth|awards|callbacks|delivery|events|idp|permissions|serialization|teams)/';

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
      name: 'infrastructure-imports-no-feature',
      severity: 'error',
      comment: 'Shared infrastructure (database, http, config, logging, ...) must not know the domain modules.',
      from: { path: INFRASTRUCTURE },
      to: { path: FEATURES },
    },
    {
      name: 'no-test-code-in-src',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^test/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
