/**
 * A new Standard Webhooks secret made in the browser: `whsec_` and 32 random bytes (the Web Crypto CSPRNG) in
 * base64, as docs/api.md#validation accepts. It leaves the page only in the `PUT /callback/{event}` that sets it.
 */
export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return `whsec_${btoa(String.fromCharCode(...bytes))}`;
}
