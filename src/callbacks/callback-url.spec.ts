import { describe, expect, it } from 'vitest';

import { hasUserInfo, withoutUserInfo } from './callback-url.js';

describe('callback URL user info', () => {
  it('finds a user name, a password or both', () => {
    expect(hasUserInfo('http://user:pass@example.com/hook')).toBe(true);
    expect(hasUserInfo('http://user@example.com/hook')).toBe(true);
    expect(hasUserInfo('https://:pass@example.com/hook')).toBe(true);
    expect(hasUserInfo('https://example.com/a@b?c=d@e')).toBe(false);
    expect(hasUserInfo('not a url')).toBe(false);
  });

  it('removes it, and leaves other URLs exactly as they are', () => {
    expect(withoutUserInfo('http://user:pass@example.com:8080/hook?x=1')).toBe('http://example.com:8080/hook?x=1');
    expect(withoutUserInfo('https://:pass@example.com')).toBe('https://example.com/');
    expect(withoutUserInfo('https://Example.com/a@b')).toBe('https://Example.com/a@b');
    expect(withoutUserInfo('http://user:pa ss@[bad/x')).toBe('http://[bad/x');
  });
});
