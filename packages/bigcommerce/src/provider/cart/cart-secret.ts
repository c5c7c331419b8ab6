import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A BigCommerce cart has no secret of its own, so the cart session's secret is derived: an
 * HMAC-SHA256 of our cart id under a key derived from the API account's client secret. Nothing is
 * stored, and the secret has the cookie's shape (43 base64url characters).
 */
export function cartSecretKey(clientSecret: string): Buffer {
  return createHmac('sha256', clientSecret).update('piste:bigcommerce:cart-secret').digest();
}

export function cartSecretFor(key: Buffer, cartId: string): string {
  return createHmac('sha256', key).update(cartId).digest('base64url');
}

export function cartSecretMatches(key: Buffer, cartId: string, secret: string | null | undefined): boolean {
  if (!secret) return false;
  const expected = Buffer.from(cartSecretFor(key, cartId));
  const given = Buffer.from(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
