import { createHmac } from 'node:crypto';

import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { verifyWebhook, type WebhookHeaders, WebhookVerificationError } from '../clients/typescript/src/index.js';

/** The Standard Webhooks test vector (the `standardwebhooks` package's tests: "sign function works"). */
const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const MSG_ID = 'msg_p5jXN8AQM9LWM0D4loKWxJek';
const TIMESTAMP = 1614265330;
const PAYLOAD = '{"test": 2432232314}';
const SIGNATURE = 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=';
const KEY = Buffer.from(SECRET.slice('whsec_'.length), 'base64');

/** `v1,` + base64 HMAC-SHA256 (node:crypto) of `{id}.{timestamp}.` and then exactly `body`'s bytes. */
function sign(body: string | Uint8Array, timestamp: number | string = TIMESTAMP, id = MSG_ID): string {
  return `v1,${createHmac('sha256', KEY).update(`${id}.${timestamp}.`).update(body).digest('base64')}`;
}

/** The headers of a delivery of `body` at `timestamp`, signed over its exact bytes. */
function headersOf(body: string | Uint8Array, timestamp: number = TIMESTAMP): Record<string, string> {
  return {
    'webhook-id': MSG_ID,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': sign(body, timestamp),
    'x-callback-event': 'account_team_update',
  };
}

/** The refusal `verifyWebhook` throws: its reason. */
function refusal(body: string | Uint8Array, headers: WebhookHeaders, secrets: string | string[] = SECRET): string {
  try {
    verifyWebhook(body, headers, secrets);
  } catch (error) {
    if (error instanceof WebhookVerificationError) return error.reason;
    throw error;
  }
  throw new Error('verified');
}

/** An event body holding U+FFFD (signed as its UTF-8 bytes EF BF BD). */
const EVENT = '{"account":{"id":"42","name":"Ann\uFFFD"},"team":null}';
const UTF8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

/** verifyWebhook of the TypeScript client (clients/typescript/src/webhooks.ts): exact bytes, strict headers. */
describe('verifyWebhook', () => {
  beforeAll(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(TIMESTAMP * 1000);
  });
  afterAll(() => {
    vi.useRealTimers();
  });

  describe('the Standard Webhooks test vectors', () => {
    const vector = { 'webhook-id': MSG_ID, 'webhook-timestamp': String(TIMESTAMP), 'webhook-signature': SIGNATURE };
    const headers = { ...vector, 'x-callback-event': 'account_team_update' };

    it('verifies the signed vector, as a string, a Buffer, a Uint8Array and with fetch Headers', () => {
      expect(sign(PAYLOAD)).toBe(SIGNATURE);
      expect(new Webhook(SECRET).sign(MSG_ID, new Date(TIMESTAMP * 1000), PAYLOAD)).toBe(SIGNATURE);
      const expected = { type: 'account_team_update', id: MSG_ID, timestamp: new Date(TIMESTAMP * 1000), data: { test: 2432232314 } };
      expect(verifyWebhook(PAYLOAD, headers, SECRET)).toEqual(expected);
      expect(verifyWebhook(Buffer.from(PAYLOAD), headers, [SECRET])).toEqual(expected);
      expect(verifyWebhook(UTF8(PAYLOAD), new Headers(headers), ['whsec_b3RoZXI=', SECRET])).toEqual(expected);
    });

    it('refuses a missing id, timestamp or signature', () => {
      for (const name of ['webhook-id', 'webhook-timestamp', 'webhook-signature'] as const) {
        expect(refusal(PAYLOAD, { ...headers, [name]: undefined }), name).toBe('missing-headers');
      }
    });

    it('refuses an invalid timestamp, an invalid or partial signature, an old or a new timestamp', () => {
      expect(refusal(PAYLOAD, { ...headers, 'webhook-timestamp': 'hello' })).toBe('timestamp');
      expect(refusal(PAYLOAD, { ...headers, 'webhook-signature': 'v1,dawfeoifkpqwoekfpqoekf' })).toBe('signature');
      expect(refusal(PAYLOAD, { ...headers, 'webhook-signature': SIGNATURE.slice(0, 8) })).toBe('signature');
      expect(refusal(PAYLOAD, { ...headers, 'webhook-signature': 'v1,' })).toBe('signature');
      expect(refusal(PAYLOAD, headersOf(PAYLOAD, TIMESTAMP - 301))).toBe('timestamp');
      expect(refusal(PAYLOAD, headersOf(PAYLOAD, TIMESTAMP + 301))).toBe('timestamp');
      expect(verifyWebhook(PAYLOAD, headersOf(PAYLOAD, TIMESTAMP - 300), SECRET).timestamp).toEqual(new Date((TIMESTAMP - 300) * 1000));
      expect(verifyWebhook(PAYLOAD, headersOf(PAYLOAD, TIMESTAMP + 300), SECRET).timestamp).toEqual(new Date((TIMESTAMP + 300) * 1000));
    });

    it('accepts one header with several signatures (v1 and v2 items), any of which matches', () => {
      const other = 'Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
      const several = [`v1,${other}`, `v2,${other}`, SIGNATURE, `v1,${other}`].join(' ');
      expect(verifyWebhook(PAYLOAD, { ...headers, 'webhook-signature': several }, SECRET).id).toBe(MSG_ID);
      expect(verifyWebhook(PAYLOAD, new Headers({ ...headers, 'webhook-signature': several }), SECRET).id).toBe(MSG_ID);
      expect(verifyWebhook(PAYLOAD, { ...headers, 'webhook-signature': [several] }, SECRET).id).toBe(MSG_ID);
      expect(refusal(PAYLOAD, { ...headers, 'webhook-signature': `v1,${other} v2,${SIGNATURE.slice(3)}` })).toBe('signature');
    });
  });

  describe('verifies the exact bytes it is given', () => {
    it('refuses a body with a UTF-8 BOM before the signed bytes', () => {
      const signed = UTF8(EVENT);
      const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...signed]);
      expect(verifyWebhook(signed, headersOf(EVENT), SECRET).data).toEqual({ account: { id: '42', name: 'Ann\uFFFD' }, team: null });
      expect(refusal(withBom, headersOf(EVENT))).toBe('signature');
      expect(refusal(Buffer.from(withBom), new Headers(headersOf(EVENT)))).toBe('signature');
      expect(refusal('\uFEFF' + EVENT, headersOf(EVENT))).toBe('signature');
      // Bytes signed with their BOM match (the BOM is not stripped), but they are not a JSON event.
      expect(refusal(withBom, headersOf(withBom))).toBe('event');
    });

    it('refuses byte 0xFF where U+FFFD (EF BF BD) was signed', () => {
      const signed = UTF8(EVENT);
      const at = signed.indexOf(0xef);
      const invalid = new Uint8Array([...signed.subarray(0, at), 0xff, ...signed.subarray(at + 3)]);
      expect(new TextDecoder().decode(invalid)).toBe(EVENT);
      expect(refusal(invalid, headersOf(EVENT))).toBe('signature');
      expect(refusal(Buffer.from(invalid), headersOf(EVENT))).toBe('signature');
      expect(verifyWebhook(Buffer.from(signed), headersOf(EVENT), SECRET).id).toBe(MSG_ID);
      expect(verifyWebhook(EVENT, headersOf(EVENT), SECRET).id).toBe(MSG_ID);
    });

    it('throws a TypeError for a body that is neither a string nor bytes (a parsed object)', () => {
      expect(() => verifyWebhook(JSON.parse(EVENT) as string, headersOf(EVENT), SECRET)).toThrow(TypeError);
    });
  });

  describe('takes webhook-timestamp only as decimal digits', () => {
    // Each is signed as parseInt reads it, so only the strict reading refuses it.
    it.each([`${TIMESTAMP}abc`, ` ${TIMESTAMP}`, `${TIMESTAMP}.9`, `+${TIMESTAMP}`, `${TIMESTAMP}e0`, '1'.repeat(16)])(
      'refuses "%s"',
      (value) => {
        expect(refusal(EVENT, { ...headersOf(EVENT), 'webhook-timestamp': value })).toBe('timestamp');
      },
    );

    it('refuses two timestamp headers, however the headers hold them', () => {
      const headers = headersOf(EVENT);
      const ts = String(TIMESTAMP);
      expect(refusal(EVENT, { ...headers, 'webhook-timestamp': [ts, ts] })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'webhook-timestamp': `${ts}, ${ts}` })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'Webhook-Timestamp': ts })).toBe('repeated-headers');
      const fetchHeaders = new Headers(headers);
      fetchHeaders.append('webhook-timestamp', ts);
      expect(refusal(EVENT, fetchHeaders)).toBe('repeated-headers');
    });
  });

  describe('refuses a repeated webhook-id or webhook-signature', () => {
    it('webhook-id: an array, a comma-joined value (Node), two spellings, or appended to fetch Headers', () => {
      const headers = headersOf(EVENT);
      expect(refusal(EVENT, { ...headers, 'webhook-id': [MSG_ID, 'msg_other'] })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'webhook-id': [MSG_ID, MSG_ID] })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'webhook-id': `${MSG_ID}, ${MSG_ID}` })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'WEBHOOK-ID': MSG_ID })).toBe('repeated-headers');
      const fetchHeaders = new Headers(headers);
      fetchHeaders.append('webhook-id', MSG_ID);
      expect(refusal(EVENT, fetchHeaders)).toBe('repeated-headers');
      expect(verifyWebhook(EVENT, { ...headers, 'webhook-id': [MSG_ID] }, SECRET).id).toBe(MSG_ID);
    });

    it('webhook-signature: an array, a comma-joined value (Node), or appended to fetch Headers; one value with several signatures verifies', () => {
      const headers = headersOf(EVENT);
      const valid = headers['webhook-signature'];
      const other = sign('another body');
      expect(refusal(EVENT, { ...headers, 'webhook-signature': [other, valid] })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'webhook-signature': `${other}, ${valid}` })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'webhook-signature': `${other},${valid}` })).toBe('repeated-headers');
      const fetchHeaders = new Headers(headers);
      fetchHeaders.append('webhook-signature', other);
      expect(refusal(EVENT, fetchHeaders)).toBe('repeated-headers');
      expect(verifyWebhook(EVENT, { ...headers, 'webhook-signature': `${other} ${valid}` }, SECRET).id).toBe(MSG_ID);
      expect(verifyWebhook(EVENT, new Headers({ ...headers, 'webhook-signature': `${valid} ${other}` }), SECRET).id).toBe(MSG_ID);
    });

    it('X-Callback-Event sent twice', () => {
      const headers = headersOf(EVENT);
      expect(refusal(EVENT, { ...headers, 'x-callback-event': ['account_team_update', 'account_team_update'] })).toBe('repeated-headers');
      expect(refusal(EVENT, { ...headers, 'x-callback-event': 'account_team_update, ping' })).toBe('repeated-headers');
    });
  });
});
