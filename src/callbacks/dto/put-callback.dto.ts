import { Matches, ValidateBy } from 'class-validator';

import { hasUserInfo } from '../callback-url.js';
import { isUsableSecret } from '../webhook-signer.js';
import { HttpUrlField, IntegerField, Optional, Required, TextField } from '../../http/field.decorators.js';

/** The largest `rate_limit` (attempts per second, docs/api.md#isolation-between-apps). */
export const MAX_RATE_LIMIT = 10_000;

/** Body of `PUT /callback/{event}` (docs/api.md#routes-callbacks, docs/api.md#validation). */
export class PutCallbackDto {
  /**
   * Absolute http(s) URL, at most 2048 characters, without user info
   * (`user:password@`): deliveries authenticate with the secret.
   */
  @ValidateBy({
    name: 'isUrlWithoutUserInfo',
    validator: {
      validate: (value: unknown) => typeof value !== 'string' || !hasUserInfo(value),
      defaultMessage: () => 'the URL must not hold a user name or password: deliveries send the secret as Authorization: Bearer',
    },
  })
  @Required()
  @HttpUrlField()
  url: string;

  /**
   * 1..2048 characters, kept exactly. A plain secret is sent as
   * `Authorization: Bearer <secret>`, so it must be printable ASCII without
   * leading or trailing spaces (anything else cannot travel in an HTTP header
   * unchanged). A secret starting with `whsec_` must carry a base64 key
   * (docs/api.md#events signs with it), and is never sent.
   */
  @ValidateBy({
    name: 'isWebhookSecret',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && isUsableSecret(value),
      defaultMessage: () => 'a secret starting with whsec_ must continue with a base64 key',
    },
  })
  @Matches(/^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/, {
    message: 'the secret must be printable ASCII without leading or trailing spaces',
  })
  @Required()
  @TextField(1, 2048, { trim: false })
  secret: string;

  /**
   * Attempts per second the receiver accepts (1..10,000), or `null` for no
   * limit; absent keeps the callback's current value (none for a new one).
   */
  @Optional()
  @IntegerField({ min: 1, max: MAX_RATE_LIMIT })
  rate_limit?: number | null;
}
