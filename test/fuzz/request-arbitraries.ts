import fc from 'fast-check';

import type { FuzzOperation, Schema } from './openapi-operations.js';

/** What exists when a fuzz run starts: ids to aim at and credentials of each principal kind. */
export interface FuzzWorld {
  accounts: string[];
  teams: number[];
  awards: number[];
  events: string[];
  /** `Authorization` header values: each principal kind, and malformed or wrong ones. */
  authorizations: (string | undefined)[];
}

/** One generated request. */
export interface FuzzRequest {
  method: string;
  url: string;
  authorization?: string;
  contentType?: string;
  body?: string;
  /** W3C Trace Context and baggage headers (`traceparent`, `tracestate`, `baggage`), of any size and form. */
  traceHeaders?: Record<string, string>;
}

/** Strings at the edges of Unicode and of the bounds of docs/api.md#validation. */
const EDGE_STRINGS = [
  '',
  ' ',
  '  padded  ',
  'a\u0301',
  'a\uFE0F'.repeat(200),
  'e\u0301'.repeat(128),
  '\uD800',
  'x\uDC00y',
  '\u0000',
  'nul\u0000inside',
  '\u202Eevil\u202C',
  'مرحبا',
  '\u{1F600}'.repeat(255),
  '\u{1F600}'.repeat(256),
  'x'.repeat(255),
  'x'.repeat(256),
  'x'.repeat(2049),
  '%_\\',
  "'; DROP TABLE accounts; --",
  'https://example.com/a.png',
  'http://example.0x1/',
  'http://xn--a.com/',
  'http://[::7f00:1]/',
  'http://127.0.0.1:1/x',
  'javascript:alert(1)',
  'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
];

/**
 * Characters the names' collation ignores (no weight in `utf8mb4_unicode_ci`): NUL and other controls,
 * zero-width and bidirectional format characters, the byte order mark, variation selectors, combining marks.
 */
const IGNORABLE_CHARACTERS = ['\u0000', '\u0007', '\u0085', '\u200B', '\u200D', '\u202E', '\u2060', '\uFEFF', '\uFE0F', '\u0301', '\u20DD'];

/** A search text `q`: ignorable characters only (a 422), or ignorable ones around a letter. */
const ignorableText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.constantFrom(...IGNORABLE_CHARACTERS), minLength: 1, maxLength: 12 }),
  fc
    .tuple(
      fc.string({ unit: fc.constantFrom(...IGNORABLE_CHARACTERS), maxLength: 4 }),
      fc.constantFrom('a', 'É', 'ß', '%', '😀'),
      fc.string({ unit: fc.constantFrom(...IGNORABLE_CHARACTERS), maxLength: 4 }),
    )
    .map((parts) => parts.join('')),
);

/** Path and query ids: valid-looking, huge, negative, exponent, non-numeric, encoded. */
const ODD_IDS = [
  '0',
  '-1',
  '1e3',
  '1.5',
  '00001',
  'abc',
  '%FF',
  '%00',
  '18446744073709551615',
  '18446744073709551616',
  '99999999999999999999999999',
  '9007199254740993',
  '+1',
  '0x10',
  '%20 1',
  '%E2%80%AE1',
];

/** Any JSON value, small. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(...EDGE_STRINGS),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);

/** A value for `schema`: usually of its type (within or at its bounds), sometimes any JSON at all. */
function valueFor(schema: Schema, world: FuzzWorld, name: string): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 4, arbitrary: typedValue(schema, world, name) }, { weight: 1, arbitrary: anyJson });
}

function typedValue(schema: Schema, world: FuzzWorld, name: string): fc.Arbitrary<unknown> {
  if (Array.isArray(schema.oneOf)) return fc.oneof(...schema.oneOf.map((option: Schema) => typedValue(option, world, name)));
  // OpenAPI 3.1 writes a nullable field's type as a list ending in "null".
  if (Array.isArray(schema.type))
    return fc.oneof(
      ...schema.type.map((type: string) => (type === 'null' ? fc.constant(null) : typedValue({ ...schema, type }, world, name))),
    );
  switch (schema.type) {
    case 'integer':
      return fc.oneof(
        fc.constantFrom(...(name === 'team' ? [0, ...world.teams] : name === 'award' ? world.awards : [0, 1, 7, 95, 127])),
        fc.integer({ min: -5, max: 300 }),
        fc.constantFrom(2 ** 31, 2 ** 53, Number.MAX_SAFE_INTEGER),
      );
    case 'string':
      if (schema.pattern === '^[0-9]{1,20}$')
        return fc.oneof(
          fc.constantFrom(...world.accounts),
          fc.constantFrom(...ODD_IDS),
          fc.bigInt({ min: 0n, max: 2n ** 64n + 5n }).map(String),
        );
      return fc.oneof(
        ...(name === 'q' ? [ignorableText] : []),
        fc.constantFrom(...EDGE_STRINGS),
        fc.string({ maxLength: 40 }),
        fc.string({ unit: 'grapheme', maxLength: 20 }),
        fc.string({ unit: 'binary', maxLength: 20 }),
      );
    case 'number':
      return fc.oneof(
        fc.double(),
        fc.integer({ min: -5, max: 2 ** 31 }),
        fc.constantFrom(0, -1, 1e300, Number.MAX_SAFE_INTEGER + 2, 1_795_700_000.5),
      );
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(typedValue(schema.items ?? {}, world, name), { maxLength: 4 });
    case 'object':
      return objectFor(schema, world);
    default:
      return anyJson;
  }
}

/** An object from the schema's properties, each present or not, plus unknown and prototype-named keys now and then. */
function objectFor(schema: Schema, world: FuzzWorld): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, Schema> = schema.properties ?? {};
  const known = Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, valueFor(property, world, key)]));
  return fc
    .tuple(
      fc.record(known, { requiredKeys: [] }),
      fc.dictionary(fc.constantFrom('extra', 'constructor', '__proto__', 'prototype', 'toString', 'id', 'name'), anyJson, { maxKeys: 2 }),
    )
    .map(([record, extra]) => ({ ...extra, ...record }));
}

/** `count` keys `k0`, `k1`... each holding 1. */
function keys(count: number, from = 0): Record<string, number> {
  return Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${from + index}`, 1]));
}

/** Long strings around the 8,192-unit bound of a body's strings (and far beyond), within the 128 KiB body limit. */
const LONG_STRING_LENGTHS = [4096, 8192, 8193, 20_000, 100_000];

/**
 * Bodies that cost the sender little and a careless server much, all within
 * the 128 KiB body limit: the schema's object with hundreds to thousands of
 * extra keys (around the 1,000-key bound) at its top, inside an ignored field
 * or spread over nested ones; or one field (known or ignored) holding a long
 * string, plain, as `\u00e9` escapes or as surrogate pairs.
 */
function hostileBodyFor(
  schemaObject: fc.Arbitrary<Record<string, unknown>>,
  fields: string[],
): fc.Arbitrary<{ contentType: string; body: string }> {
  const manyKeys = fc
    .tuple(
      schemaObject,
      fc.oneof(fc.integer({ min: 990, max: 1010 }), fc.integer({ min: 1, max: 10_000 })),
      fc.constantFrom('top', 'ignored', 'nested'),
    )
    .map(([value, count, where]) => {
      if (where === 'top') return JSON.stringify({ ...keys(count), ...value });
      if (where === 'ignored') return JSON.stringify({ ...value, extra: keys(count) });
      const half = Math.floor(count / 2);
      return JSON.stringify({ ...value, extra: [keys(half), { deeper: { deepest: keys(count - half, half) } }] });
    });
  const longString = fc
    .tuple(
      schemaObject,
      fc.constantFrom(...LONG_STRING_LENGTHS),
      fc.constantFrom(...fields, 'extra'),
      fc.constantFrom('plain', 'escaped', 'astral'),
    )
    .map(([value, length, field, form]) => {
      if (form === 'plain') return JSON.stringify({ ...value, [field]: 'x'.repeat(length) });
      if (form === 'escaped') return JSON.stringify({ ...value, [field]: '@'.repeat(Math.min(length, 18_000)) }).replaceAll('@', '\\u00e9');
      return JSON.stringify({ ...value, [field]: '\u{1F600}'.repeat(Math.min(length, 18_000) / 2) });
    });
  return fc.oneof(manyKeys, longString).map((body) => ({ contentType: 'application/json', body }));
}

/** A raw body: the schema's object serialized (ids above 2^53 as bare numbers), or something that is not one. */
function bodyFor(operation: FuzzOperation, world: FuzzWorld): fc.Arbitrary<{ contentType?: string; body?: string }> {
  const json = (value: unknown) => JSON.stringify(value, (_key, item) => (typeof item === 'bigint' ? item.toString() : item));
  const schemaBody = operation.body
    ? objectFor(operation.body, world).map((value) => ({ contentType: 'application/json', body: json(value) }))
    : fc.constant({});
  const hostileBody = operation.body
    ? hostileBodyFor(
        objectFor(operation.body, world).map((value) => JSON.parse(json(value)) as Record<string, unknown>),
        Object.keys(operation.body.properties ?? {}),
      )
    : fc.constant({});
  return fc.oneof(
    { weight: 6, arbitrary: schemaBody },
    { weight: 1, arbitrary: hostileBody },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        {},
        { contentType: 'application/json', body: '' },
        { contentType: 'application/octet-stream', body: '' },
        { contentType: 'application/octet-stream', body: '{"name":"x"}' },
        { contentType: 'text/plain', body: '{"name":"x"}' },
        { contentType: 'application/json', body: '{"name": "x"' },
        { contentType: 'application/json', body: '[1,2]' },
        { contentType: 'application/json', body: 'null' },
        { contentType: 'application/json', body: '{"id": 18446744073709551616, "team": 1e400}' },
        { contentType: 'application/json', body: `{"x": ${'['.repeat(3000)}${']'.repeat(3000)}}` },
        { contentType: 'application/json', body: '{"a": {"constructor": {"prototype": {"x": 1}}}}' },
        { contentType: 'application/merge-patch+json; charset=utf-8', body: '{"name": "Merged"}' },
        { contentType: 'application/json', body: '{"name": "\\ud800"}' },
      ),
    },
  );
}

/** A generated value as URL text: JSON for objects (some have no prototype, so no `toString`), else `String`. */
function asText(value: unknown): string {
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

/** Query strings: the declared parameters with typed or odd values, and now and then an unknown or repeated key. */
function queryFor(operation: FuzzOperation, world: FuzzWorld): fc.Arbitrary<string> {
  const parameters = operation.queryParameters.map((parameter) =>
    fc.option(
      fc
        .oneof(
          typedValue(parameter.schema, world, parameter.name).map((value) => encodeURIComponent(asText(value).toWellFormed())),
          fc.constantFrom(...ODD_IDS),
        )
        .map((value) => `${parameter.name}=${value}`),
      { nil: undefined },
    ),
  );
  const extra = fc.option(
    fc.constantFrom('page=1&page=2', 'q[]=a', 'per_page[x]=1', 'unknown=1', '%ZZ=1', 'q=%E0%A4', 'q=%E2%80%8B', 'q=%00%CC%81'),
    { nil: undefined },
  );
  return fc.tuple(fc.tuple(...parameters), extra).map(([values, more]) => [...values, more].filter((part) => part !== undefined).join('&'));
}

const TRACEPARENT = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';

/** `text` repeated to exactly `chars` characters. */
function sized(text: string, chars: number): string {
  return text.repeat(Math.ceil(chars / text.length)).slice(0, chars);
}

/** Header text a client can send: visible ASCII and spaces, up to 4 KiB (three of them stay under Node's 16 KiB of headers). */
const headerText = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 300 }),
  fc
    .tuple(fc.constantFrom('a=b,', 'k=v;p=1,', '\\"=,', 'ff-', '=', ','), fc.integer({ min: 1, max: 4096 }))
    .map(([text, chars]) => sized(text, chars)),
);

/**
 * Trace headers a caller may send (docs/operations.md#tracing): none, valid, over-long, malformed, members by the
 * thousand; none of them may fail a request, and a caller's baggage is never stored or sent on.
 */
const traceHeadersArbitrary: fc.Arbitrary<Record<string, string> | undefined> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  {
    weight: 2,
    arbitrary: fc
      .record(
        {
          traceparent: fc.oneof(fc.constant(TRACEPARENT), fc.constant(sized(`${TRACEPARENT}-`, 4096)), headerText),
          tracestate: headerText,
          baggage: fc.oneof(fc.constant('internal.user=alice,session.token=s3cr3t'), headerText),
        },
        { requiredKeys: [] },
      )
      .map((headers) => Object.fromEntries(Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined))),
  },
);

/** A request to any operation of `operations`, with generated path ids, query, credentials and body. */
export function requestArbitrary(operations: FuzzOperation[], world: FuzzWorld): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) =>
    fc
      .record({
        path: fc.tuple(
          ...operation.pathParameters.map((parameter) =>
            parameter.name === 'event'
              ? fc.constantFrom(...world.events)
              : fc.oneof(
                  {
                    weight: 3,
                    arbitrary: fc.constantFrom(
                      ...(parameter.name === 'account'
                        ? world.accounts
                        : parameter.name === 'team'
                          ? world.teams.map(String)
                          : world.awards.map(String)),
                    ),
                  },
                  { weight: 2, arbitrary: fc.constantFrom(...ODD_IDS) },
                ),
          ),
        ),
        query: operation.queryParameters.length > 0 ? queryFor(operation, world) : fc.constant(''),
        authorization: fc.constantFrom(...world.authorizations),
        body: operation.method === 'GET' ? fc.constant({}) : bodyFor(operation, world),
        traceHeaders: traceHeadersArbitrary,
      })
      .map(({ path, query, authorization, body, traceHeaders }) => {
        let index = 0;
        const filled = operation.path.replace(/\{[^}]+\}/g, () => String(path[index++]));
        return {
          method: operation.method,
          url: query ? `${filled}?${query}` : filled,
          authorization,
          ...body,
          ...(traceHeaders && { traceHeaders }),
        };
      }),
  );
}
