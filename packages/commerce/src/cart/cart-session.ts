import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The cart session (spec §3 'Cart': "The cart session holds id and uid"): an httpOnly cookie
 * `{cartId}.{secret}` that the API and the pages both read and write. The secret is the
 * guest's key to the cart; the engine stores only its hash.
 */
export const CART_COOKIE = 'piste_cart';
export const CART_COOKIE_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export interface CartSessionToken {
  cartId: string;
  secret: string;
}

const TOKEN_PATTERN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

export function newCartSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 is enough: the secret is 256 random bits, not a password anyone could guess. */
export function hashCartSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function cartSecretMatches(secret: string, storedHash: string): boolean {
  const given = Buffer.from(hashCartSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

function formatCartSessionToken(token: CartSessionToken): string {
  return `${token.cartId}.${token.secret}`;
}

/** The cookie's value, or null when it is missing or not one we wrote. */
export function parseCartSessionToken(value: string | undefined | null): CartSessionToken | null {
  const match = value ? TOKEN_PATTERN.exec(value) : null;
  return match ? { cartId: match[1]!, secret: match[2]! } : null;
}

/**
 * The `Set-Cookie` value that stores a cart session, or with `null` clears it. httpOnly: page
 * scripts never need the secret; SameSite=Lax: other sites' forms cannot carry it.
 */
export function cartSessionCookie(token: CartSessionToken | null, options: { secure: boolean }): string {
  const value = token ? formatCartSessionToken(token) : '';
  const maxAge = token ? CART_COOKIE_MAX_AGE_SECONDS : 0;
  return `${CART_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}
