import { createHmac, randomUUID } from 'node:crypto';

/**
 * A Customer Login JWT (developer.bigcommerce.com/docs/start/authentication/customer-login):
 * HS256 signed with the API account's client secret; BigCommerce signs the customer in at
 * `{storefront}/login/token/{jwt}` and sends them on to `redirect_to`.
 */
export interface CustomerLoginClaims {
  iss: string;
  iat: number;
  jti: string;
  operation: 'customer_login';
  store_hash: string;
  customer_id: number;
  channel_id: number;
  redirect_to: string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function signCustomerLoginJwt(
  claims: Omit<CustomerLoginClaims, 'iat' | 'jti' | 'operation'>,
  clientSecret: string,
  now = new Date(),
): string {
  const payload: CustomerLoginClaims = {
    ...claims,
    iat: Math.floor(now.getTime() / 1000),
    jti: randomUUID(),
    operation: 'customer_login',
  };
  const signingInput = `${base64url(JSON.stringify({ typ: 'JWT', alg: 'HS256' }))}.${base64url(JSON.stringify(payload))}`;
  const signature = createHmac('sha256', clientSecret).update(signingInput).digest('base64url');
  return `${signingInput}.${signature}`;
}
