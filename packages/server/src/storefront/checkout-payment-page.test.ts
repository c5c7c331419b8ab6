import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { TestBrowser } from '../../test/support/test-browser';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
beforeAll(async () => {
  harness = await createSeededPagesApp({ PUBLIC_URL: 'http://shop.test', TEST_PAYMENTS_URL: 'http://pay.test' });
});
afterAll(() => harness.close());

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
type Response = Awaited<ReturnType<typeof harness.app.inject>>;
/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (response: Response) => response.body.slice(0, response.body.indexOf('window.__reactRouterContext'));

async function withCart(browser: TestBrowser) {
  const added = await browser.post('/en-us/p/summit-pro-binding', 'variantId=100001&quantity=1', { headers: FORM });
  expect(added.statusCode, added.body.slice(0, 300)).toBe(200);
}

/** A complete order for Denver, as the checkout form posts it. */
function orderForm(fields: Record<string, string>) {
  return new URLSearchParams({
    email: 'sam.rivers@piste.test',
    'shipping.country_iso2': 'US',
    'shipping.first_name': 'Sam',
    'shipping.last_name': 'Rivers',
    'shipping.street_1': '1200 Alpine Way',
    'shipping.city': 'Denver',
    'shipping.state': 'CO',
    'shipping.zip': '80202',
    billing_same: 'on',
    // Free standard shipping, over $100.
    shipping_method_id: '101',
    ...fields,
  }).toString();
}

/** The test provider's origin, as the card element's script calls it. */
const provider = () => {
  const testPayments = harness.app.testPayments;
  if (!testPayments) throw new Error('the embedded shop has no test payment provider');
  return testPayments;
};

describe('the checkout page’s payment', () => {
  it('frames the provider’s card element, names the test cards, and says paying needs JavaScript, with no card field of its own', async () => {
    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const page = await guest.get('/en-us/checkout');
    expect(page.statusCode).toBe(200);
    const html = markup(page);
    expect(html).toContain('4000 0027 6000 3184');
    expect(html).toContain('<noscript>');
    expect(html).toMatch(/Paying needs JavaScript: the card form is our payment provider(’|'|&#x27;)s/);
    expect(html).not.toMatch(/autoComplete="cc-number"|autocomplete="cc-number"|name="card_number"/);
    expect(page.body).toContain('\\"elementUrl\\",\\"http://pay.test/elements/card\\"');
    // The checkout page alone may frame the provider's origin.
    expect(page.headers['content-security-policy']).toMatch(/frame-src 'self'[^;]* http:\/\/pay\.test/);
    const cart = await guest.get('/en-us/cart');
    expect(cart.headers['content-security-policy']).not.toContain('pay.test');
  });

  it('answers an order without a confirmed payment (no JavaScript) with a 400 saying why', async () => {
    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const key = crypto.randomUUID();
    const answer = await guest.post('/en-us/checkout', orderForm({ intent: 'place', idempotency_key: key }), {
      headers: FORM,
    });
    expect(answer.statusCode).toBe(400);
    expect(markup(answer)).toMatch(/Paying needs JavaScript/);
  });

  it('pays in the provider’s element, then places the order naming the payment only', async () => {
    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const key = crypto.randomUUID();
    // 'Place order' first asks for a payment (the page's fetcher: a data request).
    const paid = await guest.post('/en-us/checkout.data', orderForm({ intent: 'pay', idempotency_key: key }), {
      headers: FORM,
    });
    expect(paid.statusCode, paid.body.slice(300, 1500)).toBe(200);
    const intentId = /"(pi_[A-Za-z0-9_]+?)"/.exec(paid.body)?.[1];
    const clientSecret = /"(pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_-]+)"/.exec(paid.body)?.[1];
    expect(intentId).toBeDefined();
    expect(clientSecret).toBeDefined();

    // The element posts the card to the provider's origin, never to the shop's.
    const confirmed = await provider().inject({
      method: 'POST',
      url: `/v1/payment_intents/${intentId}/confirm`,
      payload: {
        client_secret: clientSecret,
        card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', holder_name: 'Sam Rivers' },
      },
    });
    expect(confirmed.json()).toMatchObject({ status: 'requires_capture' });

    const placed = await guest.post(
      '/en-us/checkout',
      orderForm({ intent: 'place', idempotency_key: key, payment_intent_id: intentId! }),
      { headers: FORM },
    );
    expect(placed.statusCode, markup(placed).slice(0, 300)).toBe(302);
    expect(placed.headers.location).toMatch(/^\/en-us\/checkout\/confirmation\/\d+$/);
  });

  it('refuses to place an order with a payment that was declined, keeping the cart for another try', async () => {
    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const key = crypto.randomUUID();
    const paid = await guest.post('/en-us/checkout.data', orderForm({ intent: 'pay', idempotency_key: key }), {
      headers: FORM,
    });
    const intentId = /"(pi_[A-Za-z0-9_]+?)"/.exec(paid.body)![1]!;
    const clientSecret = /"(pi_[A-Za-z0-9_]+_secret_[A-Za-z0-9_-]+)"/.exec(paid.body)![1]!;
    const declined = await provider().inject({
      method: 'POST',
      url: `/v1/payment_intents/${intentId}/confirm`,
      payload: {
        client_secret: clientSecret,
        card: { number: '4000 0000 0000 0002', expiry: '12/34', cvc: '123', holder_name: 'Sam Rivers' },
      },
    });
    expect(declined.statusCode).toBe(402);

    const refused = await guest.post(
      '/en-us/checkout',
      orderForm({ intent: 'place', idempotency_key: key, payment_intent_id: intentId }),
      { headers: FORM },
    );
    expect(refused.statusCode).toBe(409);
    expect(markup(refused)).toContain('The payment did not go through. Try again, or use another card.');
    const checkout = await guest.get('/en-us/checkout');
    expect(checkout.statusCode).toBe(200);
  });
});
