import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks a Customer Login JWT as BigCommerce does
 * (developer.bigcommerce.com/docs/start/authentication/customer-login): HS256 with the API
 * account's client secret, `iss` the client id, `operation` 'customer_login', the store's hash, a
 * customer, an `iat` no older than the token's short life, and a `jti` used once.
 */
export interface CustomerLoginClaims {
  customer_id: number;
  redirect_to: string;
}

/** How long after `iat` a token is accepted (BigCommerce's tokens are short-lived). */
const TOKEN_LIFE_SECONDS = 30;
const CLOCK_SKEW_SECONDS = 5;

export function verifyCustomerLoginJwt(
  jwt: string,
  expected: { clientId: string; clientSecret: string; storeHash: string; usedJtis: Set<string> },
  now = new Date(),
): CustomerLoginClaims | string {
  const parts = jwt.split('.');
  if (parts.length !== 3) return 'not a JWT';
  const [header, payload, signature] = parts as [string, string, string];
  const expectedSignature = createHmac('sha256', expected.clientSecret).update(`${header}.${payload}`).digest();
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expectedSignature.length || !timingSafeEqual(given, expectedSignature)) return 'bad signature';
  let head: { alg?: string };
  let claims: Record<string, unknown>;
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: string };
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    return 'unreadable token';
  }
  if (head.alg !== 'HS256') return 'alg must be HS256';
  if (claims.iss !== expected.clientId) return 'iss is not the client id';
  if (claims.operation !== 'customer_login') return 'operation must be customer_login';
  if (claims.store_hash !== expected.storeHash) return 'store_hash is not this store';
  if (typeof claims.customer_id !== 'number') return 'customer_id is missing';
  if (typeof claims.jti !== 'string' || claims.jti === '') return 'jti is missing';
  const seconds = Math.floor(now.getTime() / 1000);
  if (typeof claims.iat !== 'number' || claims.iat > seconds + CLOCK_SKEW_SECONDS) return 'iat is missing or ahead';
  if (seconds - claims.iat > TOKEN_LIFE_SECONDS) return 'the token has expired';
  if (expected.usedJtis.has(claims.jti)) return 'the token was already used';
  expected.usedJtis.add(claims.jti);
  const redirectTo = typeof claims.redirect_to === 'string' ? claims.redirect_to : '/';
  return { customer_id: claims.customer_id, redirect_to: redirectTo.startsWith('/') ? redirectTo : '/' };
}
