// Checks rendered Kubernetes manifests offline: `kubectl kustomize ops/k8s | node scripts/validate-k8s.mjs - Deployment=2,Job=1`.
// Each document must
// - be of a kind the schemas know, and valid for it: types, required fields, enums (the kubernetes-models package's
//   validators; the Prometheus Operator's kinds by @kubernetes-models/prometheus-operator);
// - have no field the Kubernetes 1.34 API does not define, at any depth (the field lists of the official client,
//   @kubernetes/client-node, generated from the API's OpenAPI document): a misspelt `readinessProbes` fails here
//   instead of being dropped by the API server;
// - if it runs pods, meet the "restricted" Pod Security Standard (scripts/pod-security.mjs) and name its images by
//   tag (not latest) or digest.
// Each kind named after the input ('-' for standard input) must appear that many times. Prints one line per
// document, exits 1 on any error.
import { readFileSync } from 'node:fs';

// The models alone, not the whole client (its HTTP and WebSocket code): a quicker start.
import * as client from '@kubernetes/client-node/dist/gen/models/all.js';
import { parseAllDocuments } from 'yaml';

import { podSpecOf, restrictedViolations } from './pod-security.mjs';

const [source = '-', expected = ''] = process.argv.slice(2);
const input = readFileSync(source === '-' ? 0 : source, 'utf8');
const documents = parseAllDocuments(input)
  .map((document) => document.toJSON())
  .filter((document) => document !== null);
if (documents.length === 0) {
  console.error('FATAL: no Kubernetes object in the input');
  process.exit(1);
}

/** Where the validators of an apiVersion are: the Prometheus Operator's group has a package of its own. */
function modelsPath(apiVersion) {
  return apiVersion.startsWith('monitoring.coreos.com/')
    ? `@kubernetes-models/prometheus-operator/${apiVersion}`
    : `kubernetes-models/${apiVersion}`;
}

/** The client's model of a built-in kind (V1Deployment for apps/v1 Deployment), or undefined (custom resources). */
function clientModel(apiVersion, kind) {
  const version = apiVersion.split('/').pop();
  const model = client[`${version[0].toUpperCase()}${version.slice(1)}${kind}`];
  return typeof model?.getAttributeTypeMap === 'function' ? model : undefined;
}

/** Appends to `problems` each field of `value` (of the client's type `type`) that the type does not define. */
function unknownFields(value, type, path, problems) {
  if (value === null || value === undefined) return;
  const array = /^Array<(.+)>$/.exec(type);
  if (array) {
    if (Array.isArray(value)) value.forEach((item, index) => unknownFields(item, array[1], `${path}[${index}]`, problems));
    return;
  }
  const map = /^\{ \[key: string\]: (.+); \}$/.exec(type);
  if (map) {
    if (typeof value === 'object') for (const [key, item] of Object.entries(value)) unknownFields(item, map[1], `${path}.${key}`, problems);
    return;
  }
  const model = client[type];
  // Primitives, IntOrString, Date, any; a value of the wrong type is the schema validator's to report.
  if (typeof model?.getAttributeTypeMap !== 'function' || typeof value !== 'object' || Array.isArray(value)) return;
  const fields = new Map(model.getAttributeTypeMap().map((attribute) => [attribute.baseName, attribute.type]));
  for (const [key, item] of Object.entries(value)) {
    if (!fields.has(key)) problems.push(`${path}.${key}: unknown field`);
    else unknownFields(item, fields.get(key), `${path}.${key}`, problems);
  }
}

/** The images of a pod spec that are neither pinned by digest nor tagged with something other than latest. */
function unpinnedImages(spec) {
  return [...(spec.initContainers ?? []), ...(spec.containers ?? [])]
    .map((container) => container.image ?? '')
    .filter((image) => !image.includes('@sha256:') && !/:[^/:]+$/.test(image.replace(/:latest$/, '')));
}

/**
 * Base64 fields as the API server decodes them: kustomize wraps long values at 76 characters, and Go's decoder
 * ignores the line breaks (the format validator does not).
 */
function withUnwrappedBase64(object) {
  const field = object.kind === 'Secret' ? 'data' : object.kind === 'ConfigMap' ? 'binaryData' : undefined;
  if (!field || !object[field]) return object;
  const values = Object.entries(object[field]).map(([key, value]) => [
    key,
    typeof value === 'string' ? value.replace(/[\r\n]/g, '') : value,
  ]);
  return { ...object, [field]: Object.fromEntries(values) };
}

let failed = 0;
for (const original of documents) {
  const object = withUnwrappedBase64(original);
  const { apiVersion, kind } = object;
  const name = `${kind}/${object.metadata?.name ?? '?'} (${apiVersion})`;
  const problems = [];
  let models;
  try {
    models = await import(modelsPath(apiVersion));
  } catch {
    models = {};
  }
  const Model = models[kind];
  if (typeof Model !== 'function') {
    problems.push(`no schema for kind ${kind} of ${apiVersion}`);
  } else {
    try {
      new Model(object).validate();
    } catch (error) {
      problems.push(error instanceof Error ? error.message : String(error));
    }
  }
  const builtIn = clientModel(apiVersion, kind);
  if (builtIn) unknownFields(object, builtIn.name, kind, problems);
  const podSpec = podSpecOf(object);
  if (podSpec) {
    problems.push(...restrictedViolations(podSpec).map((problem) => `not "restricted": ${problem}`));
    problems.push(...unpinnedImages(podSpec).map((image) => `image ${image} has no tag or digest (or is latest)`));
  }
  if (problems.length === 0) {
    console.log(`valid: ${name}${podSpec ? ', pods "restricted"' : ''}${builtIn ? '' : ', fields not checked (custom resource)'}`);
  } else {
    for (const problem of problems) console.error(`${name}: ${problem}`);
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
