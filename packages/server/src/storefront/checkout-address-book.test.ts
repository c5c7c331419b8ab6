import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeededPagesApp } from '../../test/support/app-harness';
import { DEMO, TestBrowser } from '../../test/support/test-browser';

let harness: Awaited<ReturnType<typeof createSeededPagesApp>>;
beforeAll(async () => {
  harness = await createSeededPagesApp();
});
afterAll(() => harness.close());

/** The first demo product's first variant (Summit Pro Binding). */
const VARIANT = 100001;
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const REFUSED = 'Choose one of your saved addresses, or a new address.';

type Response = Awaited<ReturnType<typeof harness.app.inject>>;
/** A page's rendered markup, without the loader data after it (which holds every display text). */
const markup = (response: Response) => response.body.slice(0, response.body.indexOf('window.__reactRouterContext'));

async function withCart(browser: TestBrowser, locale = 'en-us', path = 'summit-pro-binding', variantId = VARIANT) {
  const added = await browser.post(`/${locale}/p/${path}`, `variantId=${variantId}&quantity=1`, { headers: FORM });
  expect(added.statusCode, added.body.slice(0, 300)).toBe(200);
}

/** A complete order form for Denver, with the given address book choice, as 'Place order' first posts it to pay. */
function orderForm(shippingAddressId: string) {
  return new URLSearchParams({
    intent: 'pay',
    idempotency_key: crypto.randomUUID(),
    email: 'shopper@piste.test',
    shipping_address_id: shippingAddressId,
    'shipping.country_iso2': 'US',
    'shipping.first_name': 'Sam',
    'shipping.last_name': 'Rivers',
    'shipping.street_1': '1200 Alpine Way',
    'shipping.city': 'Denver',
    'shipping.state': 'CO',
    'shipping.zip': '80202',
    billing_same: 'on',
    shipping_method_id: '1',
  }).toString();
}

describe('the checkout’s address book', () => {
  it('fills in a signed-in shopper’s email and default address, and offers the book', async () => {
    const shopper = new TestBrowser(harness.app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    await withCart(shopper);
    const html = markup(await shopper.get('/en-us/checkout'));
    expect(html).toContain('value="shopper@piste.test"');
    expect(html).toMatch(/<input type="radio" name="shipping_address_id" checked="" value="\d+"\/>/);
    expect(html).toContain('value="1200 Alpine Way"');
    expect(html).toContain('value="new"');
  });

  it('fills in the EU pro’s German address on the German shop', async () => {
    const pro = new TestBrowser(harness.app);
    await pro.signIn(DEMO.proEu.email, DEMO.proEu.pw);
    await withCart(pro, 'de-de');
    const html = markup(await pro.get('/de-de/checkout'));
    expect(html).toContain('value="pro.eu@piste.test"');
    expect(html).toContain('value="Bergstraße 12"');
  });

  it('offers a guest no book and no email', async () => {
    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const html = markup(await guest.get('/en-us/checkout'));
    expect(html).not.toContain('name="shipping_address_id"');
    expect(html).toMatch(/autoComplete="email"|autocomplete="email"/);
    expect(html).not.toContain('shopper@piste.test');
  });

  it('refuses another customer’s saved address, and a guest’s guess, with a 400 on the form', async () => {
    const pro = new TestBrowser(harness.app);
    const { id: proId } = await pro.signIn(DEMO.proUs.email, DEMO.proUs.pw);
    const [proAddress] = await harness.app.services.customers.listAddresses(proId);
    expect(proAddress).toBeDefined();

    const shopper = new TestBrowser(harness.app);
    await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    await withCart(shopper);
    const stolen = await shopper.post('/en-us/checkout', orderForm(String(proAddress!.id)), { headers: FORM });
    expect(stolen.statusCode).toBe(400);
    expect(markup(stolen)).toContain(REFUSED);
    expect(markup(stolen)).not.toContain('45 Ridge Road');

    const guest = new TestBrowser(harness.app);
    await withCart(guest);
    const guessed = await guest.post('/en-us/checkout', orderForm(String(proAddress!.id)), { headers: FORM });
    expect(guessed.statusCode).toBe(400);
    expect(markup(guessed)).toContain(REFUSED);

    for (const nonsense of ['abc', '-1', '99999999999999999999']) {
      const answer = await shopper.post('/en-us/checkout', orderForm(nonsense), { headers: FORM });
      expect(answer.statusCode).toBe(400);
      expect(markup(answer)).toContain(REFUSED);
    }
  });

  it('accepts the shopper’s own saved address', async () => {
    const shopper = new TestBrowser(harness.app);
    const { id } = await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const [own] = await harness.app.services.customers.listAddresses(id);
    await withCart(shopper);
    const answer = await shopper.post('/en-us/checkout', orderForm(String(own!.id)), { headers: FORM });
    expect(markup(answer)).not.toContain(REFUSED);
  });

  it('without scripts, fills the fields from the chosen saved address when the shopper asks for shipping options', async () => {
    const shopper = new TestBrowser(harness.app);
    const { id } = await shopper.signIn(DEMO.shopper.email, DEMO.shopper.pw);
    const vermont = await harness.app.services.customers.addAddress(id, {
      first_name: 'Sam',
      last_name: 'Rivers',
      company: '',
      address1: '88 Church St',
      address2: '',
      city: 'Burlington',
      state_or_province: 'VT',
      postal_code: '05401',
      country_code: 'US',
      phone: '',
      address_type: 'residential',
      is_default: false,
    });
    await withCart(shopper);
    const form = new URLSearchParams(orderForm(String(vermont.id)));
    form.set('intent', 'quote');
    // The fields still hold the default address the page opened with.
    form.set('shipping_address_filled', 'default-address-id');
    const answer = markup(await shopper.post('/en-us/checkout', form.toString(), { headers: FORM }));
    expect(answer).toContain('value="88 Church St"');
    expect(answer).toContain('value="Burlington"');

    // Fields already filled from that address (and perhaps edited) are kept as posted.
    form.set('shipping_address_filled', String(vermont.id));
    const kept = markup(await shopper.post('/en-us/checkout', form.toString(), { headers: FORM }));
    expect(kept).toContain('value="1200 Alpine Way"');
    await harness.app.services.customers.removeAddress(id, vermont.id);
  });
});
