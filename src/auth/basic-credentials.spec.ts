import { describe, expect, it } from 'vitest';

import { parseBasicCredentials } from './basic-credentials.js';

const basic = (userPass: string) => `Basic ${Buffer.from(userPass).toString('base64')}`;

describe('parseBasicCredentials (docs/api.md#authentication)', () => {
  it('reads an app credential', () => {
    expect(parseBasicCredentials(basic('A12:tok'))).toEqual({ kind: 'app', id: 12, token: 'tok' });
  });

  it('reads a session credential', () => {
    expect(parseBasicCredentials(basic('S3:abc-_DEF'))).toEqual({ kind: 'session', id: 3, token: 'abc-_DEF' });
  });

  it('accepts lower-case prefixes and scheme', () => {
    expect(parseBasicCredentials(basic('a12:tok').replace('Basic', 'basic'))).toEqual({ kind: 'app', id: 12, token: 'tok' });
    expect(parseBasicCredentials(basic('s3:tok').replace('Basic', 'BASIC'))).toEqual({ kind: 'session', id: 3, token: 'tok' });
  });

  it('keeps colons after the first one in the token (RFC 7617)', () => {
    expect(parseBasicCredentials(basic('A1:a:b'))).toEqual({ kind: 'app', id: 1, token: 'a:b' });
  });

  it('accepts the largest 32-bit id', () => {
    expect(parseBasicCredentials(basic('S2147483647:t'))).toEqual({ kind: 'session', id: 2147483647, token: 't' });
  });

  it.each([
    ['another scheme', 'Bearer abc'],
    ['no credentials after the scheme', 'Basic '],
    ['not base64', 'Basic ***'],
    ['no colon', basic('A1tok')],
    ['an empty token', basic('A1:')],
    ['an unknown prefix', basic('X1:tok')],
    ['no prefix', basic('1:tok')],
    ['no id', basic('A:tok')],
    ['id 0', basic('A0:tok')],
    ['a leading zero', basic('A01:tok')],
    ['a negative id', basic('A-1:tok')],
    ['an id above 2^31-1', basic('S2147483648:tok')],
    ['an id of 11 digits', basic('S12345678901:tok')],
    ['an empty header', ''],
  ])('rejects %s', (_what, header) => {
    expect(parseBasicCredentials(header)).toBeUndefined();
  });
});
