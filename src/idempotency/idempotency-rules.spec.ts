import { describe, expect, it } from 'vitest';

import type { IdempotencyKeyEntity } from './idempotency-key.entity.js';
import { canonicalJson, decide, parseIdempotencyKey, requestFingerprint } from './idempotency-rules.js';

describe('parseIdempotencyKey', () => {
  it('takes 1 to 255 printable ASCII characters as they are', () => {
    expect(parseIdempotencyKey('8e03978e-40d5-43e8-bc93-6894a57f9324')).toBe('8e03978e-40d5-43e8-bc93-6894a57f9324');
    expect(parseIdempotencyKey('a')).toBe('a');
    expect(parseIdempotencyKey('with space ~!')).toBe('with space ~!');
    expect(parseIdempotencyKey('x'.repeat(255))).toBe('x'.repeat(255));
  });

  it('unwraps a Structured Field string, so that both spellings are one key', () => {
    expect(parseIdempotencyKey('"8e03978e"')).toBe('8e03978e');
    expect(parseIdempotencyKey('"a\\"b\\\\c"')).toBe('a"b\\c');
  });

  it('refuses empty, too long, non-printable and repeated keys', () => {
    for (const bad of ['', '""', 'x'.repeat(256), '"' + 'x'.repeat(256) + '"', 'tab\there', 'new\nline', 'é', '\u0000']) {
      expect(parseIdempotencyKey(bad), JSON.stringify(bad)).toBeUndefined();
    }
    expect(parseIdempotencyKey(['a', 'b'])).toBeUndefined();
  });
});

describe('requestFingerprint', () => {
  const fingerprint = (body: unknown, method = 'POST', url = '/teams/new') => requestFingerprint(method, url, body);

  it('is the same for the same JSON whatever the key order', () => {
    expect(fingerprint({ a: 1, b: { d: [1, 2], c: 'x' } })).toBe(fingerprint({ b: { c: 'x', d: [1, 2] }, a: 1 }));
    expect(canonicalJson({ b: 1, a: [null, true, 'é'] })).toBe('{"a":[null,true,"é"],"b":1}');
  });

  it('keeps integers beyond 2^53 exact', () => {
    expect(canonicalJson({ id: 18446744073709551615n })).toBe('{"id":18446744073709551615}');
    expect(fingerprint({ id: 18446744073709551615n })).not.toBe(fingerprint({ id: 18446744073709551614n }));
  });

  it('differs with the method, the path, the body or its types', () => {
    const base = fingerprint({ name: 'Red' });
    expect(fingerprint({ name: 'Red' }, 'PUT')).not.toBe(base);
    expect(fingerprint({ name: 'Red' }, 'POST', '/accounts/new')).not.toBe(base);
    expect(fingerprint({ name: 'Blue' })).not.toBe(base);
    expect(fingerprint({ id: 1 })).not.toBe(fingerprint({ id: '1' }));
    expect(fingerprint(undefined)).not.toBe(fingerprint({}));
  });
});

describe('decide', () => {
  const stored = (fields: Partial<IdempotencyKeyEntity> = {}): IdempotencyKeyEntity => ({
    scope: 'A1',
    key: 'k',
    fingerprint: 'f1',
    status: 201,
    body: '{}',
    createdAt: 1000,
    expiresAt: 1000 + 86400,
    ...fields,
  });

  it('runs a request whose key has no answer', () => {
    expect(decide(null, 'f1', 2000)).toEqual({ action: 'run', expired: false });
  });

  it('replays the answer to the same request until it expires', () => {
    const row = stored();
    expect(decide(row, 'f1', 2000)).toEqual({ action: 'replay', stored: row });
    expect(decide(row, 'f1', 1000 + 86400 - 0.001)).toEqual({ action: 'replay', stored: row });
  });

  it('refuses another request with the key (422) until it expires', () => {
    expect(decide(stored(), 'f2', 2000)).toEqual({ action: 'mismatch' });
  });

  it('treats an expired answer as none, whatever the request', () => {
    expect(decide(stored(), 'f1', 1000 + 86400)).toEqual({ action: 'run', expired: true });
    expect(decide(stored(), 'f2', 1000 + 86400)).toEqual({ action: 'run', expired: true });
  });
});
