#!/usr/bin/env node
// Rewrites every citation of the source documents ("contract §8", "interface §4.4, §6",
// a `shared/spec/...` path, and in README.md and docs/ a bare "§8") into a reference to
// the section of docs/api.md that documents it: `docs/api.md#events` in code and tests,
// a relative Markdown link in Markdown. In a Markdown heading the citation is dropped
// (a link there would change the heading's anchor) and links to the old anchor follow.
//
// Idempotent: a second run changes nothing; run it again after merging a branch that
// added citations. `node scripts/cite-docs.mjs [--check]`; --check writes nothing and
// exits 1 when a file would change. Exits 1 when a cited section has no anchor yet
// (add it to docs/api.md and scripts/citations.mjs).
import { writeFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  ANCHORS,
  NAMED,
  SPEC_PATH,
  anchorOf,
  apiLinkFrom,
  bareMeansContract,
  read,
  replaceBare,
  scannedFiles,
  sectionsIn,
} from './citations.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const checkOnly = process.argv.includes('--check');

/**
 * Heading anchors already renamed by an earlier run (file, old slug, new slug): links to an
 * old slug written by another branch meanwhile are pointed at the new one.
 */
const KNOWN_RENAMES = [
  ['README.md', 'configuration-9', 'configuration'],
  ['README.md', 'authentication-and-permissions-4-5', 'authentication-and-permissions'],
  ['README.md', 'operator-cli-9', 'operator-cli'],
  ['README.md', 'operating-deliveries-8', 'operating-deliveries'],
  ['docs/architecture.md', 'delivery-path-contract-8', 'delivery-path'],
  ['docs/decisions.md', 'requests-and-errors-1-3-6', 'requests-and-errors'],
  ['docs/decisions.md', 'authentication-4-5', 'authentication'],
  ['docs/decisions.md', 'awards-interface-43', 'awards'],
  ['docs/decisions.md', 'identity-provider-sign-in-7-interface-45', 'identity-provider-sign-in'],
  ['docs/decisions.md', 'callbacks-and-events-8', 'callbacks-and-events'],
  ['docs/decisions.md', 'running-9', 'running'],
  ['docs/decisions.md', 'past-one-machine-11', 'past-one-machine'],
  ['docs/operations.md', 'callbacks-and-event-delivery-interface-44-6-contract-8', 'callbacks-and-event-delivery'],
];

const unmapped = [];
const renames = [...KNOWN_RENAMES];

/** The anchors a citation names, in order, without repeats; null (the citation is left as it is) if a section has none. */
function anchorsFor(document, run, file, lineNumber) {
  const anchors = [];
  for (const section of sectionsIn(run)) {
    const anchor = anchorOf(document, section);
    if (!anchor) {
      unmapped.push(`${file}:${lineNumber}: ${document} §${section}`);
      return null;
    }
    if (!anchors.includes(anchor)) anchors.push(anchor);
  }
  return anchors;
}

/** Rewrites the citations of one line. `style` is 'link' (Markdown prose), 'plain' (code, fenced blocks) or 'drop' (headings). */
function rewriteLine(line, file, lineNumber, style, previousLine) {
  const link = apiLinkFrom(file);
  const render = (anchors) => {
    if (style === 'drop') return '';
    if (style === 'plain') return anchors.map((a) => `docs/api.md#${a}`).join(', ');
    return anchors
      .map((a) => `[${ANCHORS[a] ?? a.replace(/-/g, ' ')}](${link === 'api.md' && file === 'docs/api.md' ? '' : link}#${a})`)
      .join(', ');
  };
  const replace = (document) => (match, run) => {
    const anchors = anchorsFor(document, run, file, lineNumber);
    return anchors ? render(anchors) : match;
  };
  let out = line.replace(SPEC_PATH, (match, document, run) => {
    if (run) return replace(document ? document.toLowerCase() : 'contract')(match, run);
    return style === 'link' ? `[docs/api.md](${link})` : style === 'plain' ? 'docs/api.md' : '';
  });
  out = out.replace(NAMED, (match, document, run) => replace(document.toLowerCase())(match, run));
  if (bareMeansContract(file)) out = replaceBare(out, previousLine, (match, run) => replace('contract')(match, run));
  if (style === 'drop' && out !== line) {
    // "Title (§1, §3)" or "Title (interface §4.4, §6; contract §8)" → "Title".
    out = out
      .replace(/\s*\(\s*(?:[,;/]|\band\b|\bor\b|\s)*\)/g, '')
      .replace(/\s+$/, '')
      .replace(/\s{2,}/g, ' ');
  }
  return out;
}

/** GitHub's heading anchor. */
function slug(heading) {
  return heading
    .replace(/^#+\s*/, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function rewriteFile(file, text) {
  const markdown = file.endsWith('.md');
  let fenced = false;
  return text
    .split('\n')
    .map((line, index, lines) => {
      if (markdown && /^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return line;
      }
      const heading = markdown && !fenced && /^#{1,6}\s/.test(line);
      const style = !markdown || fenced ? 'plain' : heading ? 'drop' : 'link';
      const out = rewriteLine(line, file, index + 1, style, lines[index - 1]);
      if (heading && out !== line && slug(line) !== slug(out)) renames.push([file, slug(line), slug(out)]);
      return out;
    })
    .join('\n');
}

/** Points links to renamed heading anchors at their new anchors. */
function followRenames(file, text) {
  let out = text;
  for (const [target, from, to] of renames) {
    const escaped = from.replace(/[-]/g, '\\-');
    if (file === target) out = out.replace(new RegExp(`\\]\\(#${escaped}\\)`, 'g'), `](#${to})`);
    const path = posix.relative(posix.dirname(file), target) || posix.basename(target);
    const pathPattern = path.replace(/[.]/g, '\\.').replace(/\//g, '\\/');
    out = out.replace(new RegExp(`(\\]\\((?:\\.\\/)?${pathPattern})#${escaped}\\)`, 'g'), `$1#${to})`);
  }
  return out;
}

const files = scannedFiles(ROOT);
const rewritten = new Map();
for (const file of files) {
  const text = read(ROOT, file);
  rewritten.set(file, [text, rewriteFile(file, text)]);
}
const changed = [];
for (const [file, [before, after]] of rewritten) {
  const final = file.endsWith('.md') ? followRenames(file, after) : after;
  if (final === before) continue;
  changed.push(file);
  if (!checkOnly) writeFileSync(join(ROOT, file), final);
}

for (const file of changed) console.log(`${checkOnly ? 'would rewrite' : 'rewrote'} ${file}`);
for (const [file, from, to] of renames.slice(KNOWN_RENAMES.length)) console.log(`heading anchor ${file}#${from} -> #${to}`);
if (unmapped.length) {
  console.error(
    `Sections with no anchor in docs/api.md (add them there and to scripts/citations.mjs):\n${[...new Set(unmapped)].join('\n')}`,
  );
}
process.exitCode = unmapped.length || (checkOnly && changed.length) ? 1 : 0;
