import { TEST_PAYMENT_CARDS } from '@piste/commerce/server';
import { US_ADDRESS, XSRF } from '../support/test-browser';

export interface HttpAnswer {
  /** The method and path asked for. */
  request: string;
  status: number;
  headers: Headers;
  body: string;
  /** Milliseconds from sending to the last byte of the body. */
  ms: number;
}

/**
 * A shopper talking to a server process over real HTTP: it keeps the cookies answers set, sends
 * the XSRF cookie and header the storefront's script would, and may appear to come from an
 * address of its own (X-Forwarded-For, with TRUST_PROXY set for loopback), so per-IP limits
 * apply per shopper as behind a real proxy.
 */
export class HttpShopper {
  readonly cookies = new Map<string, string>([['XSRF-TOKEN', XSRF]]);

  constructor(
    private readonly baseUrl: string,
    private readonly options: { forwardedFor?: string; timeoutMs?: number } = {},
  ) {}

  /** Sends a request; rejects only when no answer arrives (connection refused or reset, timeout). */
  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    path: string,
    options: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<HttpAnswer> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
      ...options.headers,
    };
    if (method !== 'GET') headers['x-xsrf-token'] = XSRF;
    if (this.options.forwardedFor) headers['x-forwarded-for'] = this.options.forwardedFor;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      redirect: 'manual',
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
    });
    const body = await response.text();
    const ms = performance.now() - started;
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = cookie.split(';');
      const name = pair.slice(0, pair.indexOf('=')).trim();
      const value = pair.slice(pair.indexOf('=') + 1);
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { request: `${method} ${path}`, status: response.status, headers: response.headers, body, ms };
  }
}

/** Whether `call` failed for want of an answer: the connection was refused or cut, or time ran out. */
export function isUnanswered(error: unknown): boolean {
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
}

/** The checkout body naming the payment the shopper confirmed, to US_ADDRESS. */
export function intentCheckout(email: string, shippingMethodId: number, intentId: string) {
  return {
    email,
    shipping_address: US_ADDRESS,
    shipping_method_id: shippingMethodId,
    payment: { intent_id: intentId },
  };
}

/**
 * Sends the authorising test card for a payment intent to the test provider's own origin, as
 * its card element does.
 */
export function confirmTestCard(paymentsOrigin: string, intentId: string, clientSecret: string): Promise<Response> {
  return fetch(`${paymentsOrigin}/v1/payment_intents/${intentId}/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client_secret: clientSecret,
      card: {
        number: TEST_PAYMENT_CARDS.authorises.number,
        expiry: '12/30',
        cvc: '123',
        holder_name: 'Tessa Calloway',
      },
    }),
    signal: AbortSignal.timeout(15_000),
  });
}

/**
 * Pays for a cart over HTTP as the checkout page does (issue 28 'The payment flow'): an intent
 * for its total under the checkout's key, then the authorising test card sent to the test
 * provider's own origin, as its card element sends it. Answers the intent's id. Rejects only
 * when no answer arrives; a refusal throws with the answer.
 */
export async function payByCard(
  shopper: HttpShopper,
  testPaymentsUrl: string,
  payment: { cartId: string; key: string; shippingMethodId: number },
): Promise<string> {
  const created = await shopper.call('POST', `/api/cart/${payment.cartId}/payments`, {
    body: { shipping_address: { country_iso2: 'US', state: 'UT' }, shipping_method_id: payment.shippingMethodId },
    headers: { 'idempotency-key': payment.key },
  });
  if (created.status !== 201) throw new Error(`creating the payment answered ${created.status}: ${created.body}`);
  const { id, client_secret: clientSecret } = JSON.parse(created.body).data as { id: string; client_secret: string };
  const confirmed = await confirmTestCard(testPaymentsUrl, id, clientSecret);
  const answer = await confirmed.text();
  if (confirmed.status !== 200) throw new Error(`confirming the payment answered ${confirmed.status}: ${answer}`);
  return id;
}
