import { describe, expect, it } from 'vitest';

import { redactedRequestUrl, redactedUrl } from './redacted-url.js';

describe('callback URLs in telemetry keep no query value (docs/operations.md#tracing)', () => {
  it('replaces every query value by REDACTED, keeps the keys, drops user info and fragment', () => {
    expect(redactedUrl('https://hooks.example/in?token=s3cr3t&v=2')).toBe('https://hooks.example/in?token=REDACTED&v=REDACTED');
    expect(redactedUrl('https://u:pw@hooks.example:8443/a/b?s3cr3t#frag')).toBe('https://hooks.example:8443/a/b?REDACTED');
    expect(redactedUrl('http://h/p?a=&&b=x=y')).toBe('http://h/p?a=REDACTED&&b=REDACTED');
    expect(redactedUrl('http://h/p')).toBe('http://h/p');
    expect(redactedUrl('not a url?token=x')).toBe('not a url?REDACTED');
  });

  it('builds url.full from the options of an outgoing request', () => {
    expect(redactedRequestUrl({ protocol: 'http:', hostname: '127.0.0.1', port: 4000, path: '/hook?token=abc' })).toBe(
      'http://127.0.0.1:4000/hook?token=REDACTED',
    );
    expect(redactedRequestUrl({ protocol: 'https:', hostname: '::1', port: '443', path: '/h?k=v' })).toBe('https://[::1]/h?k=REDACTED');
    expect(redactedRequestUrl({ host: 'example.com' })).toBe('http://example.com/');
  });
});
