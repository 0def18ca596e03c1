// Checks Kubernetes manifests against the Kubernetes API's OpenAPI schemas (the kubernetes-models package's
// validators, Kubernetes 1.27): `kubectl kustomize ops/k8s | node scripts/validate-k8s.mjs - Deployment=2,Job=1`.
// Every document must be of a kind the schemas know and valid for it, and each kind named after the input
// ('-' for standard input) must appear that many times; prints one line per document, exits 1 on any error.
import { readFileSync } from 'node:fs';

import { parseAllDocuments } from 'yaml';

const [source = '-', expected = ''] = process.argv.slice(2);
const input = readFileSync(source === '-' ? 0 : source, 'utf8');
const documents = parseAllDocuments(input)
  .map((document) => document.toJSON())
  .filter((document) => document !== null);
if (documents.length === 0) {
  console.error('FATAL: no Kubernetes object in the input');
  process.exit(1);
}
let failed = 0;
for (const object of documents) {
  const { apiVersion, kind } = object;
  const path = `kubernetes-models/${apiVersion}`;
  const name = `${kind}/${object.metadata?.name ?? '?'} (${apiVersion})`;
  let models;
  try {
    models = await import(path);
  } catch {
    console.error(`${name}: no schema for ${apiVersion}`);
    failed++;
    continue;
  }
  const Model = models[kind];
  if (typeof Model !== 'function') {
    console.error(`${name}: no schema for kind ${kind}`);
    failed++;
    continue;
  }
  try {
    new Model(object).validate();
    console.log(`valid: ${name}`);
  } catch (error) {
    console.error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    failed++;
  }
}
for (const [kind, count] of expected
  .split(',')
  .filter(Boolean)
  .map((entry) => entry.split('='))) {
  const found = documents.filter((object) => object.kind === kind).length;
  if (found !== Number(count)) {
    console.error(`expected ${count} ${kind}, found ${found}`);
    failed++;
  }
}
console.log(`${documents.length - failed} valid, ${failed} invalid`);
process.exit(failed === 0 ? 0 : 1);
