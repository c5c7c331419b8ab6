import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyCustomerLoginJwt } from './customer-login';

/** developer.bigcommerce.com/docs/start/authentication/customer-login: HS256 with the client secret. */
const secret = 'client-secret-for-tests';
const expected = () => ({ clientId: 'client', clientSecret: secret, storeHash: 'store', usedJtis: new Set<string>() });
const now = new Date('2026-05-01T12:00:00Z');

function sign(claims: Record<string, unknown>, key = secret): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${part({ typ: 'JWT', alg: 'HS256' })}.${part(claims)}`;
  return `${input}.${createHmac('sha256', key).update(input).digest('base64url')}`;
}

const claims = {
  iss: 'client',
  iat: Math.floor(now.getTime() / 1000),
  jti: 'one',
  operation: 'customer_login',
  store_hash: 'store',
  customer_id: 7,
  channel_id: 1,
  redirect_to: '/checkout?cart=1',
};

describe('Customer Login JWT check', () => {
  it('accepts a token once and answers where it sends the customer', () => {
    const check = expected();
    expect(verifyCustomerLoginJwt(sign(claims), check, now)).toEqual({
      customer_id: 7,
      redirect_to: '/checkout?cart=1',
    });
    expect(verifyCustomerLoginJwt(sign(claims), check, now)).toBe('the token was already used');
  });

  it('refuses another key, another client, an old token and an off-site redirect', () => {
    expect(verifyCustomerLoginJwt(sign(claims, 'another-secret'), expected(), now)).toBe('bad signature');
    expect(verifyCustomerLoginJwt(sign({ ...claims, iss: 'x' }), expected(), now)).toBe('iss is not the client id');
    expect(verifyCustomerLoginJwt(sign({ ...claims, iat: claims.iat - 120 }), expected(), now)).toBe(
      'the token has expired',
    );
    expect(verifyCustomerLoginJwt(sign({ ...claims, redirect_to: 'https://evil.test/' }), expected(), now)).toEqual({
      customer_id: 7,
      redirect_to: '/',
    });
  });
});
