import { randomUUID } from 'node:crypto';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestPaymentGateway } from '@piste/commerce/server';

/** Any well-formed token: the double submit only needs the header to echo the cookie. */
export const XSRF = 'x'.repeat(43);

/** What `app.inject` needs of an app, and the test payment provider paying needs (our app's services). */
interface Injectable {
  inject(options: InjectOptions): Promise<LightMyRequestResponse>;
  services?: { embeddedOnly: { testGateway: TestPaymentGateway | null } | null };
}

export interface BrowserCallOptions {
  payload?: unknown;
  headers?: Record<string, string>;
  /** Leave out the X-XSRF-TOKEN header (the cookie is still sent), as a cross-site form would. */
  noCsrf?: boolean;
  /** The storefront region (`x-bc-region`). */
  region?: string;
}

let browsers = 0;

/**
 * A browser for `app.inject`: it keeps the cookies answers set (and forgets cleared ones),
 * sends the XSRF cookie and header the storefront's script would, and has an address of its
 * own, so per-IP rate limits of one test never reach another.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  readonly ip: string;

  constructor(
    private readonly app: Injectable,
    options: { ip?: string } = {},
  ) {
    browsers += 1;
    this.ip = options.ip ?? `10.${(browsers >> 16) & 255}.${(browsers >> 8) & 255}.${browsers & 255}`;
    this.cookies.set('XSRF-TOKEN', XSRF);
  }

  async call(
    method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
    url: string,
    options: BrowserCallOptions = {},
  ): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    if (!options.noCsrf) headers['x-xsrf-token'] ??= XSRF;
    if (options.region) headers['x-bc-region'] = options.region;
    const response = await this.app.inject({
      method,
      url,
      headers,
      cookies: Object.fromEntries(this.cookies),
      remoteAddress: this.ip,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      if (cookie.value === '' || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return response;
  }

  get = (url: string, options?: BrowserCallOptions) => this.call('GET', url, options);
  post = (url: string, payload?: unknown, options?: BrowserCallOptions) =>
    this.call('POST', url, { ...options, payload: payload ?? {} });
  put = (url: string, payload?: unknown, options?: BrowserCallOptions) =>
    this.call('PUT', url, { ...options, payload: payload ?? {} });
  delete = (url: string, payload?: unknown, options?: BrowserCallOptions) =>
    this.call('DELETE', url, { ...options, ...(payload === undefined ? {} : { payload }) });

  /** The app's test payment provider, where the shopper confirms a payment (its card element's side). */
  get paymentGateway(): TestPaymentGateway {
    const gateway = this.app.services?.embeddedOnly?.testGateway;
    if (!gateway) throw new Error('This app takes no payments with the test provider.');
    return gateway;
  }

  get session(): string | undefined {
    return this.cookies.get('piste_session');
  }

  get cart(): string | undefined {
    return this.cookies.get('piste_cart');
  }

  /** Signs in; fails the test unless it worked. Returns the customer. */
  async signIn(email: string, pw: string): Promise<{ id: number; email: string } & Record<string, unknown>> {
    const response = await this.post('/api/customers/login', { email, pw });
    if (response.statusCode !== 200) throw new Error(`Sign-in as ${email} failed: ${response.body}`);
    return response.json().data;
  }
}

/** The demo accounts of data/seed/commerce/customers.json. */
export const DEMO = {
  shopper: { email: 'shopper@piste.test', pw: 'piste-demo-shopper' },
  proUs: { email: 'pro.us@piste.test', pw: 'piste-demo-pro-us' },
  proEu: { email: 'pro.eu@piste.test', pw: 'piste-demo-pro-eu' },
  employee: { email: 'employee@piste.test', pw: 'piste-demo-employee' },
} as const;

export const US_ADDRESS = {
  first_name: 'Tessa',
  last_name: 'Calloway',
  street_1: '1450 South West Temple',
  city: 'Salt Lake City',
  state: 'UT',
  zip: '84115',
  country_iso2: 'US',
};

/**
 * Fills a new cart in the browser and checks it out with the authorising test card, as the
 * checkout page would. Answers the checkout's response (201 with the order, or the refusal) and its key.
 */
export async function checkOut(
  client: TestBrowser,
  lines: { product_id: number; variant_id: number; quantity: number }[],
  options: { region?: string; email?: string; address?: Record<string, string> } = {},
) {
  const region = options.region ?? 'us';
  const address = options.address ?? US_ADDRESS;
  const created = await client.post('/api/cart/create', { line_items: lines }, { region });
  if (created.statusCode !== 201) throw new Error(`Cart not created: ${created.body}`);
  const cartId = created.json().data.id as string;
  const quote = await client.post(
    `/api/cart/${cartId}/checkout/quote`,
    { country_iso2: address.country_iso2, ...(address.state ? { state: address.state } : {}) },
    { region },
  );
  if (quote.statusCode !== 200) throw new Error(`No quote: ${quote.body}`);
  const key = randomUUID();
  const shippingMethodId = quote.json().data.shipping.id as number;
  const paying = await client.post(
    `/api/cart/${cartId}/payments`,
    {
      shipping_address: { country_iso2: address.country_iso2, ...(address.state ? { state: address.state } : {}) },
      shipping_method_id: shippingMethodId,
    },
    { region, headers: { 'idempotency-key': key } },
  );
  const quoted = quote.json().data as { totals: { totalMinor: number }; shipping: { id: number } };
  // Refused before any money is held (a pro past the spend limit): that refusal is the answer.
  if (paying.statusCode !== 201) return { response: paying, cartId, key, quote: quoted };
  const intentId = paying.json().data.id as string;
  await client.paymentGateway.confirmWithToken(intentId, 'pm_card_visa');
  const response = await client.post(
    `/api/cart/${cartId}/checkout`,
    {
      email: options.email ?? 'tessa@example.com',
      shipping_address: address,
      shipping_method_id: shippingMethodId,
      payment: { intent_id: intentId },
    },
    { region, headers: { 'idempotency-key': key } },
  );
  return {
    response,
    cartId,
    key,
    quote: quoted,
  };
}
