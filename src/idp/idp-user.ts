import { parse, parseNumberAndBigInt } from 'lossless-json';

import { parseAccountId } from '../common/account-id.js';
import { UpstreamFailedError } from '../errors/domain-errors.js';

/** The scope a provider token needs before the service trusts it (docs/api.md#identity-provider). */
const IDENTIFY_SCOPE = 'identify';

/** A provider user as the account mirrors it (docs/api.md#identity-provider). */
export interface IdpUser {
  /** Canonical decimal account id (unsigned 64-bit, kept exact). */
  readonly id: string;
  /** The provider's `username`, trimmed: the account's `name`. */
  readonly name: string;
  /** A string of 1..32 decimal digits. */
  readonly discriminator: string;
  /** `{IDP_CDN_URL}/avatars/{id}/{avatar}.png`, or `{IDP_CDN_URL}/embed/avatars/{discriminator mod 5}.png` without an avatar. */
  readonly avatarUrl: string;
}

/** An avatar hash safe to put in a URL path (the provider's are hex, optionally `a_`-prefixed). */
const AVATAR_HASH = /^[A-Za-z0-9_-]{1,255}$/;
const DISCRIMINATOR = /^\d{1,32}$/;

/**
 * Reads the body of a 200 answer of `GET {IDP_API_URL}/oauth2/@me`:
 * `{"scopes": [...], "user": {"id", "username", "discriminator", "avatar"}}`
 * (docs/api.md#identity-provider). Numbers are parsed losslessly, so an id sent as a JSON number
 * above 2^53 stays exact.
 *
 * @param cdnUrl `IDP_CDN_URL` without a trailing slash.
 * @returns the user, or `undefined` when `scopes` lacks `identify` (the token is then invalid).
 * @throws BadGatewayException (502) when the answer is malformed.
 */
export function parseIdpAnswer(body: string, cdnUrl: string): IdpUser | undefined {
  let answer: unknown;
  try {
    answer = parse(body, undefined, parseNumberAndBigInt);
  } catch {
    throw malformed('its body is not JSON');
  }
  if (!isRecord(answer)) throw malformed('its body is not an object');
  const { scopes, user } = answer;
  if (!Array.isArray(scopes) || !scopes.every((scope) => typeof scope === 'string')) throw malformed('"scopes" is not a list of strings');
  if (!scopes.includes(IDENTIFY_SCOPE)) return undefined;
  if (!isRecord(user)) throw malformed('"user" is not an object');

  const id = parseAccountId(user.id);
  if (id === undefined) throw malformed('"user.id" is not an unsigned 64-bit integer');
  const name = typeof user.username === 'string' ? user.username.trim() : '';
  if (name.length < 1 || name.length > 255) throw malformed('"user.username" is not a string of 1 to 255 characters');
  const { discriminator, avatar } = user;
  if (typeof discriminator !== 'string' || !DISCRIMINATOR.test(discriminator)) {
    throw malformed('"user.discriminator" is not a string of 1 to 32 digits');
  }
  if (avatar !== undefined && avatar !== null && (typeof avatar !== 'string' || !AVATAR_HASH.test(avatar))) {
    throw malformed('"user.avatar" is not null or an avatar hash');
  }
  const avatarUrl =
    typeof avatar === 'string' ? `${cdnUrl}/avatars/${id}/${avatar}.png` : `${cdnUrl}/embed/avatars/${BigInt(discriminator) % 5n}.png`;
  return { id, name, discriminator, avatarUrl };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function malformed(reason: string): UpstreamFailedError {
  return new UpstreamFailedError(`The identity provider sent a malformed answer: ${reason}.`);
}
