// Builds the console (docs/console.md) into dist/console: console/src bundled and minified by esbuild into one
// script, with index.html and console.css beside it. Fails when the script is over 100 KB gzipped.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

import { build } from 'esbuild';

const MAX_GZIPPED_BYTES = 100 * 1024;
const out = 'dist/console';
mkdirSync(out, { recursive: true });
await build({
  entryPoints: ['console/src/main.tsx'],
  bundle: true,
  minify: true,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  jsxImportSource: 'preact',
  outfile: `${out}/console.js`,
  logLevel: 'warning',
});
copyFileSync('console/index.html', `${out}/index.html`);
copyFileSync('console/console.css', `${out}/console.css`);
const gzipped = gzipSync(readFileSync(`${out}/console.js`)).length;
console.log(`console: ${out}/console.js ${(gzipped / 1024).toFixed(1)} KB gzipped`);
if (gzipped > MAX_GZIPPED_BYTES) {
  console.error(`console: the script is over ${MAX_GZIPPED_BYTES / 1024} KB gzipped`);
  process.exit(1);
}
