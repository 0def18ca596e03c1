// What counts as a citation of the source documents this service was built from (an
// interface document and a service contract, not in this repository), and where each
// of their sections is documented here: docs/api.md, by stable anchor. Shared by
// scripts/cite-docs.mjs (rewrites citations into links) and scripts/check-citations.mjs
// (lint: fails on any citation left).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, dirname, posix } from 'node:path';

/** Folders and files scanned, relative to the repository root. */
export const ROOTS = [
  'src',
  'test',
  'docs',
  'README.md',
  'clients',
  'ops',
  'bench',
  '.ci',
  'scripts',
  'openapi.json',
  'ormconfig.ts',
  'vitest.config.ts',
  'eslint.config.js',
  '.dependency-cruiser.cjs',
  'Dockerfile',
  'docker-compose.yml',
  'package.json',
];

/** Never scanned: dependencies, build output, and this module and the check (they spell the patterns). */
const SKIP_DIRS = new Set(['node_modules', 'dist', 'coverage', 'results', 'data', '.git']);
const SKIP_FILES = new Set(['scripts/citations.mjs', 'scripts/check-citations.mjs', 'scripts/cite-docs.mjs']);
const TEXT = /\.(ts|mts|cts|js|mjs|cjs|json|md|ya?ml|sh|sql|txt|toml)$|(^|\/)[^./]+$/;

/** Anchors of docs/api.md, with the words a Markdown link shows for them. */
export const ANCHORS = {
  conventions: 'wire conventions',
  errors: 'errors',
  objects: 'objects',
  pagination: 'pagination',
  authentication: 'authentication',
  permissions: 'permissions',
  validation: 'validation bounds',
  'identity-provider': 'identity provider',
  events: 'events',
  operating: 'operating',
  'delivery-log': 'delivery log',
  scaling: 'past one machine',
  routes: 'routes',
  'routes-accounts': 'account routes',
  'routes-teams': 'team routes',
  'routes-awards': 'award routes',
  'routes-callbacks': 'callback routes',
  'routes-auth': 'authentication routes',
  'get-accounts-signups': 'signups',
};

/** Service contract section → anchor. */
const CONTRACT = {
  1: 'conventions',
  2: 'objects',
  3: 'pagination',
  4: 'authentication',
  5: 'permissions',
  6: 'validation',
  7: 'identity-provider',
  8: 'events',
  9: 'operating',
  10: 'delivery-log',
  11: 'scaling',
};

/** Interface document section (most specific first) → anchor. */
const INTERFACE = {
  1.1: 'routes-accounts',
  1.2: 'routes-teams',
  1.3: 'routes-awards',
  1.4: 'routes-callbacks',
  1.5: 'routes-auth',
  1.6: 'get-accounts-signups',
  1.7: 'pagination',
  1.8: 'errors',
  1: 'routes',
  2: 'objects',
  3: 'routes',
  4.1: 'routes-accounts',
  4.2: 'routes-teams',
  4.3: 'routes-awards',
  4.4: 'routes-callbacks',
  4.5: 'routes-auth',
  4: 'routes',
  5.1: 'authentication',
  5.1: 'permissions',
  5: 'authentication',
  6: 'events',
  7: 'errors',
  8: 'pagination',
  9: 'conventions',
};

/**
 * The anchor of one cited section, or null when the table has none (a new section:
 * add it to docs/api.md and here). A subsection falls back to its section.
 */
export function anchorOf(document, section) {
  const table = document === 'interface' ? INTERFACE : CONTRACT;
  for (let key = section; key; key = key.includes('.') ? key.slice(0, key.lastIndexOf('.')) : '') {
    if (Object.hasOwn(table, key)) return table[key];
  }
  return null;
}

const SECTION = String.raw`§\s*(\d+(?:\.\d+)*)`;
const MORE = String.raw`(?:\s*(?:,|;|and|or|/)\s*§\s*\d+(?:\.\d+)*)*`;
/** `contract §8`, `interface.md §4.4, §6`, `Contract §4 and §5`, `the contract's §1`: document, sections. */
export const NAMED = new RegExp(String.raw`\b(contract|interface)(?:\.md)?(?:'s)?\s*(${SECTION}${MORE})`, 'gi');
/** A bare `§N` (in README.md and docs/, whose section numbers always meant the contract's). */
export const BARE = new RegExp(String.raw`(?<!RFC\s*\d+\s*)(${SECTION}${MORE})`, 'g');
/** A path to the source documents, with the sections cited after it if any (`shared/spec/contract.md` §8): document, sections. */
export const SPEC_PATH = new RegExp(
  String.raw`\x60?(?:[\w./-]*\/)?shared\/spec\/?(?:(contract|interface)\.md)?\x60?(?:\s*(${SECTION}${MORE}))?`,
  'g',
);

/**
 * Replaces the bare `§N` citations of one line; a `§` that continues an `RFC 9110` ending the
 * previous line is the RFC's, not the contract's.
 */
export function replaceBare(line, previousLine, replacer) {
  const prefix = /RFC\s*\d+\s*$/.test(previousLine ?? '') ? 'RFC 1 ' : '';
  return (prefix + line).replace(BARE, replacer).slice(prefix.length);
}

/** Every section number in a run like `§4, §5 and §6`. */
export function sectionsIn(run) {
  return [...run.matchAll(/§\s*(\d+(?:\.\d+)*)/g)].map((m) => m[1]);
}

/** True when bare `§` numbers in this file are the contract's (the repository's prose documents). */
export function bareMeansContract(file) {
  return file.endsWith('.md') && (file === 'README.md' || file.startsWith('docs/'));
}

/** Every scanned text file, as repository-relative POSIX paths. */
export function scannedFiles(root) {
  const out = [];
  const walk = (path) => {
    const rel = relative(root, path).split('\\').join('/');
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      if (SKIP_DIRS.has(path.split(/[\\/]/).pop())) return;
      for (const name of readdirSync(path).sort()) walk(join(path, name));
    } else if (TEXT.test(rel) && !SKIP_FILES.has(rel)) {
      out.push(rel);
    }
  };
  for (const entry of ROOTS) walk(join(root, entry));
  return out;
}

/** The path from a file's folder to docs/api.md, for Markdown links. */
export function apiLinkFrom(file) {
  const rel = posix.relative(posix.dirname(file), 'docs/api.md');
  return rel || 'api.md';
}

/** Every citation left in a text: [line number, the text cited]. */
export function citationsIn(file, text) {
  const found = [];
  text.split('\n').forEach((line, index, lines) => {
    const hits = [...line.matchAll(NAMED), ...line.matchAll(SPEC_PATH)].map((m) => m[0]);
    if (bareMeansContract(file)) {
      replaceBare(line, lines[index - 1], (match) => {
        hits.push(match);
        return match;
      });
    }
    for (const hit of hits) found.push([index + 1, hit]);
  });
  return found;
}

export function read(root, file) {
  return readFileSync(join(root, file), 'utf8');
}

export { dirname };
