import { Webhook } from 'standardwebhooks';

/** Prefix of Standard Webhooks secrets whose remainder is the base64 key. */
export const WHSEC_PREFIX = 'whsec_';

/**
 * The Standard Webhooks signer for a callback secret (docs/api.md#events): the key
 * is the base64-decoded part after `whsec_` when the secret starts with
 * `whsec_`, else the secret's UTF-8 bytes.
 *
 * @throws Error when a `whsec_` secret is not valid base64 or decodes to nothing.
 */
export function webhookSigner(secret: string): Webhook {
  return secret.startsWith(WHSEC_PREFIX) ? new Webhook(secret) : new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' });
}

/** True when `secret` can sign deliveries (a `whsec_` secret must carry a base64 key). */
export function isUsableSecret(secret: string): boolean {
  try {
    webhookSigner(secret);
    return true;
  } catch {
    return false;
  }
}
