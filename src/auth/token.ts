import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new token: 32 bytes from the CSPRNG, base64url (43 characters; docs/api.md#authentication). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored form of a token: hex SHA-256 (tokens are random, so no salt or KDF is needed). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares a presented token with a stored hash in constant time (docs/api.md#authentication). */
export function tokenMatches(token: string, storedHash: string): boolean {
  const presented = Buffer.from(hashToken(token), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
