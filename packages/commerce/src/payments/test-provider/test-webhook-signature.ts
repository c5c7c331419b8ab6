import { createHmac, timingSafeEqual } from 'node:crypto';
import { DomainError } from '@piste/core';

/**
 * The test provider's webhook signature, Stripe's scheme under our own header name
 * (docs.stripe.com/webhooks 'Verify signatures manually'): `t=<unix seconds>,v1=<hex HMAC-SHA256
 * of "<t>.<raw body>" with the shared secret>`. A delivery older or newer than the tolerance is
 * refused, so a captured one cannot be replayed later.
 */
export const TEST_SIGNATURE_HEADER = 'piste-test-signature';
export const SIGNATURE_TOLERANCE_SECONDS = 5 * 60;

const hmac = (secret: string, timestamp: number, body: string | Buffer) =>
  createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest();

/** The header value signing `body` at `now`. */
export function signWebhook(secret: string, body: string, now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return `t=${timestamp},v1=${hmac(secret, timestamp, body).toString('hex')}`;
}

const refused = (why: string) =>
  new DomainError('INVALID_DATA', `The webhook signature does not verify: ${why}.`, 'WEBHOOK_SIGNATURE');

/** Throws DomainError INVALID_DATA WEBHOOK_SIGNATURE unless `header` signs `rawBody` within the tolerance. */
export function verifyWebhookSignature(
  secret: string,
  rawBody: Buffer,
  header: string | string[] | undefined,
  now: Date,
): void {
  if (typeof header !== 'string' || header.length > 1024) throw refused(`send one ${TEST_SIGNATURE_HEADER} header`);
  const parts = header.split(',').map((part) => part.split('=', 2) as [string, string | undefined]);
  const timestamp = Number(parts.find(([name]) => name === 't')?.[1]);
  if (!Number.isSafeInteger(timestamp)) throw refused('it has no timestamp');
  if (Math.abs(now.getTime() / 1000 - timestamp) > SIGNATURE_TOLERANCE_SECONDS) {
    throw refused('its timestamp is outside the 5-minute tolerance');
  }
  const expected = hmac(secret, timestamp, rawBody);
  const matches = parts
    .filter(([name, value]) => name === 'v1' && value !== undefined && /^[0-9a-f]{64}$/.test(value))
    .some(([, value]) => timingSafeEqual(Buffer.from(value!, 'hex'), expected));
  if (!matches) throw refused('no v1 signature matches the body');
}
