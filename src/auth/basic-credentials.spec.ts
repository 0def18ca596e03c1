import { describe, expect, it } from 'vitest';

import { malformedCredentialsDetail, parseBasicCredentials } from './basic-credentials.js';

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

describe('malformedCredentialsDetail', () => {
  const usage = 'use HTTP Basic with A<app id> or S<session id> and its token.';

  it.each([
    ['a password left empty (curl -u "A1:$UNSET")', basic('A1:'), `Malformed credentials: the password (token) is missing; ${usage}`],
    ['an empty user name', basic(':tok'), `Malformed credentials: the user name is missing; ${usage}`],
    ['both empty', basic(':'), `Malformed credentials: the user name and the password are empty; ${usage}`],
    ['a user name of another form', basic('admin:tok'), `Malformed credentials: ${usage}`],
    ['no colon', basic('A1'), `Malformed credentials: ${usage}`],
    ['another scheme', 'Bearer abc', `Malformed credentials: ${usage}`],
  ])('names what is wrong: %s', (_what, header, detail) => {
    expect(parseBasicCredentials(header)).toBeUndefined();
    expect(malformedCredentialsDetail(header)).toBe(detail);
  });
});
