import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { queryRows } from '@piste/db';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';
import { checkOut, DEMO, TestBrowser, US_ADDRESS } from '../../../test/support/test-browser';
import { payFor } from '../../../test/support/pay';

interface Variant {
  id: number;
  product_id: number;
  price: number;
  sale_price: number | null;
  calculated_price: number;
  inventory_level: number;
}
interface Product {
  id: number;
  custom_url: { url: string };
  price: number;
  calculated_price: number;
  variants: Variant[];
}

const minor = (amount: number) => Math.round(amount * 100);
/**
 * What a group's whole percentage off makes of a price: the minor units times (100 − percent) / 100,
 * a half rounded up (docs/accounts.md), in integers.
 */
const percentOff = (price: number, percent: number) => Math.floor((minor(price) * (100 - percent) + 50) / 100) / 100;

/**
 * Group prices (spec §3 customerDiscount), pro order totals and the pro spend limit
 * (docs/accounts.md 'Pro programme').
 */
describe.each(testDatabaseKinds())('pro pricing and spend limits on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;
  let catalogue: Map<string, Product>;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
    const response = await harness.app.inject({ url: '/api/products?limit=250&include=variants' });
    catalogue = new Map(
      (response.json().data as Product[]).map((product) => [product.custom_url.url.replaceAll('/', ''), product]),
    );
  });
  afterAll(() => harness.close());
  afterEach(() => vi.restoreAllMocks());

  const browser = () => new TestBrowser(harness.app);
  const product = (uid: string) => catalogue.get(uid)!;
  /** The variant of a product with the most stock. */
  const stocked = (uid: string) => [...product(uid).variants].sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  const line = (variant: Variant, quantity = 1) => ({
    product_id: variant.product_id,
    variant_id: variant.id,
    quantity,
  });
  const PASSWORD = 'a long enough passphrase';
  const GERMAN_ADDRESS = {
    first_name: 'Lena',
    last_name: 'Hofer',
    street_1: 'Bergstraße 12',
    city: 'München',
    zip: '80331',
    country_iso2: 'DE',
  };
  const CANADIAN_ADDRESS = {
    first_name: 'Maya',
    last_name: 'Tremblay',
    street_1: '88 Rue Sainte-Catherine',
    city: 'Montréal',
    state: 'QC',
    zip: 'H2X 1K4',
    country_iso2: 'CA',
  };

  async function signedIn(account: { email: string; pw: string }) {
    const client = browser();
    const customer = await client.signIn(account.email, account.pw);
    return { client, customer };
  }

  /** A new pro account (its own spend), signed in. */
  async function newPro(code = 'PRO-US-DEMO') {
    const client = browser();
    const response = await client.post('/api/customers/create', {
      email: `pro.${randomUUID().slice(0, 8)}@example.com`,
      password: PASSWORD,
      first_name: 'Jordan',
      last_name: 'Ellis',
      pro_code: code,
    });
    expect(response.statusCode, response.body).toBe(201);
    return { client, customer: response.json().data as { id: number; email: string; is_pro: boolean } };
  }

  const ordersOf = async (customerId: number) =>
    (
      await queryRows<{ count: number }>(
        harness.database.db,
        sql`select count(*)::int as count from orders where customer_id = ${customerId}`,
      )
    )[0]!.count;

  describe('prices follow the signed-in customer’s group', () => {
    it('shows a pro 30% off the same product a guest sees at list price, privately', async () => {
      const meridian = product('meridian-binding');
      const url = `/api/products/${meridian.id}?include=variants`;
      const guest = await browser().get(url);
      expect(guest.headers['cache-control']).toContain('public');
      const guestVariant = guest.json().data.variants[0] as Variant;
      expect(guestVariant.sale_price).toBeNull();
      expect(guestVariant.calculated_price).toBe(guestVariant.price);

      const { client } = await signedIn(DEMO.proUs);
      const pro = await client.get(url);
      expect(pro.statusCode).toBe(200);
      expect(pro.headers['cache-control']).toBe('private, no-store');
      expect(pro.headers['set-cookie']).toBeUndefined();
      const proData = pro.json().data;
      expect(proData.calculated_price).toBe(percentOff(proData.price, 30));
      for (const variant of proData.variants as Variant[]) {
        expect(variant.price).toBe(guestVariant.price);
        expect(variant.calculated_price).toBe(percentOff(variant.price, 30));
      }
      // The pro's answer is not served to the next guest (the in-process cache keys by group).
      const after = await browser().get(url);
      expect(after.json().data.variants[0].calculated_price).toBe(guestVariant.price);
      // Lists too.
      const listed = (await client.get('/api/products?limit=250&include=variants')).json().data as Product[];
      expect(listed.find((entry) => entry.id === meridian.id)!.calculated_price).toBe(percentOff(meridian.price, 30));
    });

    it('gives the employee group 40% off, and a plain shopper none', async () => {
      const meridian = product('meridian-binding');
      const { client: employee, customer } = await signedIn(DEMO.employee);
      expect(customer).toMatchObject({ is_employee: true, customer_group_id: 4, is_pro: false });
      const seen = (await employee.get(`/api/products/${meridian.id}?include=variants`)).json().data;
      expect(seen.variants[0].calculated_price).toBe(percentOff(meridian.variants[0]!.price, 40));
      const { client: shopper } = await signedIn(DEMO.shopper);
      const plain = (await shopper.get(`/api/products/${meridian.id}?include=variants`)).json().data;
      expect(plain.variants[0].calculated_price).toBe(meridian.variants[0]!.price);
    });

    it('prices a pro in their region’s currency: pro.eu in eu_region_1 pays 30% off the EUR price', async () => {
      const meridian = product('meridian-binding');
      const url = `/api/products/${meridian.id}?include=variants`;
      const guest = (await browser().get(url, { region: 'eu_region_1' })).json().data.variants[0] as Variant;
      const { client } = await signedIn(DEMO.proEu);
      const pro = (await client.get(url, { region: 'eu_region_1' })).json().data.variants[0] as Variant;
      expect(pro.price).toBe(guest.price);
      expect(pro.calculated_price).toBe(percentOff(guest.price, 30));
    });

    it('charges a pro the lower of the sale price and the group price', async () => {
      // Cornice is on sale for less than its price, but for more than the pro price.
      const cornice = product('cornice-binding');
      const onSale = cornice.variants.find((variant) => variant.sale_price !== null)!;
      expect(onSale.sale_price!).toBeGreaterThan(percentOff(onSale.price, 30));
      const { client } = await signedIn(DEMO.proUs);
      const seen = (await client.get(`/api/products/${cornice.id}/variants/${onSale.id}`)).json().data as Variant;
      expect(seen).toMatchObject({ price: onSale.price, sale_price: onSale.sale_price });
      expect(seen.calculated_price).toBe(percentOff(onSale.price, 30));

      // A deep sale below the pro price: the pro pays the sale price, never more than a guest.
      const meridian = stocked('meridian-binding');
      const deepSale = percentOff(meridian.price, 50);
      await harness.database.db.execute(
        sql`update variant_prices set sale_price = ${minor(deepSale)} where variant_id = ${meridian.id} and region_id = 'us'`,
      );
      harness.app.services.catalogue.invalidate();
      try {
        const forPro = (await client.get(`/api/products/${meridian.product_id}/variants/${meridian.id}`)).json().data;
        const forGuest = (await browser().get(`/api/products/${meridian.product_id}/variants/${meridian.id}`)).json()
          .data;
        expect(forGuest.calculated_price).toBe(deepSale);
        expect(forPro.calculated_price).toBe(deepSale);
        const cart = (await client.post('/api/cart/create', { line_items: [line(meridian)] })).json().data;
        expect(cart.line_items.physical_items[0].sale_price).toBe(deepSale);
      } finally {
        await harness.database.db.execute(
          sql`update variant_prices set sale_price = null where variant_id = ${meridian.id} and region_id = 'us'`,
        );
        harness.app.services.catalogue.invalidate();
      }
    });

    it('prices a pro’s cart lines at the group price, and re-prices a guest cart at sign-in', async () => {
      const summit = stocked('summit-pro-binding');
      const client = browser();
      const guestCart = (await client.post('/api/cart/create', { line_items: [line(summit, 2)] })).json().data;
      expect(guestCart.line_items.physical_items[0]).toMatchObject({
        list_price: summit.price,
        sale_price: summit.calculated_price,
      });
      await client.signIn(DEMO.proUs.email, DEMO.proUs.pw);
      const proCart = (await client.get(`/api/cart/${guestCart.id}`)).json().data;
      const groupPrice = percentOff(summit.price, 30);
      expect(proCart.line_items.physical_items[0]).toMatchObject({
        list_price: summit.price,
        sale_price: groupPrice,
        extended_sale_price: groupPrice * 2,
      });
      expect(proCart.cart_amount).toBe(groupPrice * 2);
      expect(proCart.discount_amount).toBeCloseTo(summit.price * 2 - groupPrice * 2, 2);
      // Signed out, the prices are a guest's again (and the cart is the pro's, not this browser's).
      await client.post('/api/customers/logout');
      const anonymous = (await client.get(`/api/products/${summit.product_id}/variants/${summit.id}`)).json().data;
      expect(anonymous.calculated_price).toBe(summit.calculated_price);
    });
  });

  describe('free shipping hidden from the pro group (spec §5, data/seed/commerce/shipping.json)', () => {
    const quoteFor = async (client: TestBrowser, quantity: number) => {
      const created = await client.post('/api/cart/create', {
        line_items: [line(stocked('summit-pro-binding'), quantity)],
      });
      expect(created.statusCode, created.body).toBe(201);
      const quote = await client.post(`/api/cart/${created.json().data.id}/checkout/quote`, {
        country_iso2: 'US',
        state: 'UT',
      });
      expect(quote.statusCode, quote.body).toBe(200);
      return quote.json().data as {
        shippingOptions: { id: number; type: string; costMinor: number }[];
        shipping: { type: string; costMinor: number };
        totals: { subtotalMinor: number };
      };
    };

    it('quotes the demo US pro (group 3) no free shipping on an order a shopper gets it free for', async () => {
      const { client: shopper } = await signedIn(DEMO.shopper);
      const forShopper = await quoteFor(shopper, 1);
      expect(forShopper.shippingOptions.map((option) => option.type)).toContain('freeshipping');
      expect(forShopper.shipping.costMinor).toBe(0);

      const { client: pro, customer } = await signedIn(DEMO.proUs);
      expect(customer).toMatchObject({ customer_group_id: 3, is_pro: true });
      const forPro = await quoteFor(pro, 1);
      expect(forPro.totals.subtotalMinor).toBeGreaterThan(10_000);
      expect(forPro.shippingOptions.length).toBeGreaterThan(0);
      expect(forPro.shippingOptions.map((option) => option.type)).not.toContain('freeshipping');
      expect(forPro.shipping.costMinor).toBeGreaterThan(0);
    });

    it('refuses the pro an order placed with the free method of another quote', async () => {
      const { client: shopper } = await signedIn(DEMO.shopper);
      const free = (await quoteFor(shopper, 1)).shippingOptions.find((option) => option.type === 'freeshipping')!;
      const { client } = await signedIn(DEMO.proUs);
      const created = await client.post('/api/cart/create', { line_items: [line(stocked('summit-pro-binding'))] });
      const cartId = created.json().data.id as string;
      const response = await client.post(
        `/api/cart/${cartId}/checkout`,
        {
          email: DEMO.proUs.email,
          shipping_address: US_ADDRESS,
          shipping_method_id: free.id,
          payment: { intent_id: 'pi_test_unpaid' },
        },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().error.code).toBe('INVALID_SHIPPING_METHOD');
    });
  });

  describe('GET pro/order_total', () => {
    it('answers the period’s spend per brand, the expiry, the employee flag and the limit', async () => {
      const { client, customer } = await newPro();
      const path = (brand: string) => `/api/pro/order_total?customer_id=${customer.id}&brand_id=${brand}`;
      const before = await client.get(path('us'));
      expect(before.statusCode).toBe(200);
      expect(before.headers['cache-control']).toBe('no-store');
      const year = new Date().getUTCFullYear();
      expect(before.json()).toEqual({
        order_total: 0,
        expiration_date: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        employee_group: false,
        spend_limit: 3000,
        currency_code: 'USD',
        period_start: `${year}-01-01T00:00:00.000Z`,
      });
      expect(Date.parse(before.json().expiration_date)).toBeGreaterThan(Date.now() + 300 * 24 * 3600 * 1000);

      const placed = await checkOut(client, [line(stocked('summit-pro-binding'), 2)], { email: customer.email });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
      const order = placed.response.json().data;
      const goods = percentOff(stocked('summit-pro-binding').price, 30) * 2;
      // The spend is what the goods cost after the group discount; shipping and added sales tax are not spend.
      expect(order.subtotal_inc_tax).toBeCloseTo(goods, 2);
      expect(order.total_inc_tax).toBeGreaterThan(goods);
      const after = (await client.get(path('us'))).json();
      expect(after.order_total).toBeCloseTo(goods, 2);
      expect((await client.get(path('ca'))).json()).toMatchObject({ order_total: 0, currency_code: 'CAD' });
      expect((await client.get(path('eu_region_1'))).json()).toMatchObject({ order_total: 0, currency_code: 'EUR' });
      expect((await client.get(path('no'))).json()).toMatchObject({ order_total: 0, currency_code: null });
    });

    it('flags the employee group, and answers a plain customer with the default limit', async () => {
      const { client, customer } = await signedIn(DEMO.employee);
      const employee = await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=us`);
      expect(employee.json()).toMatchObject({ employee_group: true, expiration_date: null, order_total: 0 });
      const { client: shopper, customer: sam } = await signedIn(DEMO.shopper);
      const plain = await shopper.get(`/api/pro/order_total?customer_id=${sam.id}&brand_id=ca`);
      expect(plain.json()).toMatchObject({ employee_group: false, expiration_date: null, spend_limit: 3000 });
    });

    it('refuses bad queries with a 400', async () => {
      const { client, customer } = await signedIn(DEMO.proUs);
      for (const query of [
        `customer_id=${customer.id}`,
        'brand_id=us',
        `customer_id=${customer.id}&brand_id=de`,
        `customer_id=abc&brand_id=us`,
        `customer_id=${customer.id}&brand_id=us&extra=1`,
      ]) {
        const response = await client.get(`/api/pro/order_total?${query}`);
        expect(response.statusCode, query).toBe(400);
      }
    });
  });

  describe('the pro spend limit at checkout', () => {
    it('refuses pro.us an order past 3000 USD in the year: 403 naming the limit, no order, no payment', async () => {
      const { client, customer } = await signedIn(DEMO.proUs);
      const summit = stocked('summit-pro-binding');
      const groupPrice = percentOff(summit.price, 30);
      const spentBefore = minor(
        (await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=us`)).json().order_total,
      );
      // Most of the limit in a first order.
      const firstQuantity = Math.floor((300_000 - spentBefore) / minor(groupPrice)) - 2;
      expect(firstQuantity).toBeGreaterThan(0);
      const first = await checkOut(client, [line(summit, firstQuantity)], { email: customer.email });
      expect(first.response.statusCode, first.response.body).toBe(201);
      const spent = spentBefore + minor(groupPrice) * firstQuantity;
      const left = 300_000 - spent;
      expect(left).toBeLessThan(minor(groupPrice) * 3);

      const createIntent = vi.spyOn(harness.app.services.embeddedOnly!.payments, 'createIntent');
      const capture = vi.spyOn(harness.app.services.embeddedOnly!.payments, 'capture');
      const ordersBefore = await ordersOf(customer.id);
      const stockBefore = (await browser().get(`/api/products/${summit.product_id}/variants/${summit.id}`)).json().data
        .inventory_level as number;
      const refused = await checkOut(client, [line(summit, 3)], { email: customer.email });
      expect(refused.response.statusCode, refused.response.body).toBe(403);
      const error = refused.response.json().error;
      expect(error.code).toBe('SPEND_LIMIT_EXCEEDED');
      const money = (minor: number) =>
        `$${(minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      expect(error.message).toContain('spend limit of $3,000.00 for this year');
      expect(error.message).toContain(`${money(left)} is left`);
      expect(createIntent).not.toHaveBeenCalled();
      expect(capture).not.toHaveBeenCalled();
      expect(await ordersOf(customer.id)).toBe(ordersBefore);
      // The cart stays, the stock stays, and the spend is unchanged.
      expect((await client.get(`/api/cart/${refused.cartId}`)).statusCode).toBe(200);
      const stockAfter = (await browser().get(`/api/products/${summit.product_id}/variants/${summit.id}`)).json().data
        .inventory_level as number;
      expect(stockAfter).toBe(stockBefore);
      const total = (await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=us`)).json();
      expect(minor(total.order_total)).toBe(spent);

      // What still fits goes through.
      const fits = await checkOut(client, [line(summit, 1)], { email: customer.email });
      expect(fits.response.statusCode, fits.response.body).toBe(201);
      expect(capture).toHaveBeenCalledTimes(1);
    });

    it('does not limit a customer who is not pro', async () => {
      const { client, customer } = await signedIn(DEMO.shopper);
      const summit = stocked('summit-pro-binding');
      const quantity = Math.ceil(3100 / summit.calculated_price);
      const placed = await checkOut(client, [line(summit, quantity)], { email: customer.email });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
      expect(placed.response.json().data.subtotal_inc_tax).toBeGreaterThan(3000);
    });

    it('counts an EU pro’s spend in euros, their home currency', async () => {
      const { client, customer } = await newPro('PRO-EU-DEMO');
      const meridian = stocked('meridian-binding');
      const placed = await checkOut(client, [line(meridian, 2)], {
        email: customer.email,
        region: 'eu_region_1',
        address: GERMAN_ADDRESS,
      });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
      const eur = (await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=eu_region_1`)).json();
      expect(eur).toMatchObject({ currency_code: 'EUR', spend_limit: 2500 });
      expect(eur.order_total).toBeCloseTo(placed.response.json().data.subtotal_inc_tax, 2);
      expect((await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=us`)).json().order_total).toBe(
        0,
      );
    });

    it('keeps one limit per pro: a US pro cannot order in CAD or EUR, so nothing escapes the USD limit', async () => {
      // decisions/016: pro.us once spent 2,835 USD, then 2,541 CAD and 2,677 EUR, each under "its" 3,000.
      const { client, customer } = await newPro('PRO-US-DEMO');
      const summit = stocked('summit-pro-binding');
      const quantity = Math.floor(300_000 / minor(percentOff(summit.price, 30)));
      const usd = await checkOut(client, [line(summit, quantity)], { email: customer.email });
      expect(usd.response.statusCode, usd.response.body).toBe(201);

      const createIntent = vi.spyOn(harness.app.services.embeddedOnly!.payments, 'createIntent');
      const elsewhere = [
        { region: 'ca', address: CANADIAN_ADDRESS, currency: 'CAD' },
        { region: 'pro_ca', address: CANADIAN_ADDRESS, currency: 'CAD' },
        { region: 'eu_region_1', address: GERMAN_ADDRESS, currency: 'EUR' },
        { region: 'pro_eu_region_1', address: GERMAN_ADDRESS, currency: 'EUR' },
      ];
      for (const { region, address, currency } of elsewhere) {
        const refused = await checkOut(client, [line(summit, 1)], { email: customer.email, region, address });
        expect(refused.response.statusCode, `${region}: ${refused.response.body}`).toBe(403);
        expect(refused.response.json().error).toMatchObject({
          code: 'PRO_CURRENCY',
          message: expect.stringContaining(`Your pro account buys in USD, not ${currency}`),
        });
      }
      expect(createIntent).not.toHaveBeenCalled();
      expect(await ordersOf(customer.id)).toBe(1);
      for (const brand of ['ca', 'eu_region_1']) {
        const total = (await client.get(`/api/pro/order_total?customer_id=${customer.id}&brand_id=${brand}`)).json();
        expect(total.order_total, brand).toBe(0);
      }
    });

    it('lets a shopper who is not pro order in any region’s currency', async () => {
      const { client, customer } = await signedIn(DEMO.shopper);
      const placed = await checkOut(client, [line(stocked('meridian-binding'))], {
        email: customer.email,
        region: 'ca',
        address: CANADIAN_ADDRESS,
      });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
    });

    it('lets only one of two checkouts at once fit under the limit', async () => {
      const { client, customer } = await newPro();
      const summit = stocked('summit-pro-binding');
      const groupPrice = minor(percentOff(summit.price, 30));
      // Each order takes more than half of the limit.
      const quantity = Math.floor(300_000 / groupPrice / 2) + 1;
      expect(groupPrice * quantity * 2).toBeGreaterThan(300_000);
      expect(groupPrice * quantity).toBeLessThanOrEqual(300_000);
      const carts: string[] = [];
      for (let index = 0; index < 2; index++) {
        const created = await client.post('/api/cart/create', { line_items: [line(summit, quantity)] });
        expect(created.json().data.customer_id).toBe(customer.id);
        carts.push(created.json().data.id);
      }
      const quote = (
        await client.post(`/api/cart/${carts[0]}/checkout/quote`, { country_iso2: 'US', state: 'UT' })
      ).json().data;
      const capture = vi.spyOn(harness.app.services.embeddedOnly!.payments, 'capture');
      const voided = vi.spyOn(harness.app.services.embeddedOnly!.payments, 'void');
      // Each order alone is within the limit, so each is paid for; only one may be placed.
      const paid = [];
      for (const cartId of carts) {
        const key = randomUUID();
        const post = (url: string, payload: unknown, headers: Record<string, string>) =>
          client.post(url, payload, { headers });
        const payment = {
          cartId,
          key,
          shipping_address: { country_iso2: 'US', state: 'UT' },
          shipping_method_id: quote.shipping.id,
        };
        paid.push({ cartId, key, intentId: await payFor(client.paymentGateway, post, payment) });
      }
      const results = await Promise.all(
        paid.map(({ cartId, key, intentId }) =>
          client.post(
            `/api/cart/${cartId}/checkout`,
            {
              email: customer.email,
              shipping_address: US_ADDRESS,
              shipping_method_id: quote.shipping.id,
              payment: { intent_id: intentId },
            },
            { headers: { 'idempotency-key': key } },
          ),
        ),
      );
      expect(results.map((result) => result.statusCode).sort()).toEqual([201, 403]);
      expect(results.find((result) => result.statusCode === 403)!.json().error.code).toBe('SPEND_LIMIT_EXCEEDED');
      expect(await ordersOf(customer.id)).toBe(1);
      expect(capture).toHaveBeenCalledTimes(1);
      // A refusal found before the card was charged needs no void; one found under the lock voids its hold.
      expect(voided.mock.calls.length).toBeLessThanOrEqual(1);
    });

    it('still limits a pro who unlinks their cart before checking out at pro prices', async () => {
      const { client, customer } = await newPro();
      const summit = stocked('summit-pro-binding');
      const quantity = Math.floor(300_000 / minor(percentOff(summit.price, 30))) + 1;
      const created = await client.post('/api/cart/create', { line_items: [line(summit, quantity)] });
      const cartId = created.json().data.id as string;
      const unlinked = await client.put(`/api/cart/${cartId}`, { customerID: null });
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json().data.customer_id).toBeNull();
      // Still signed in, so still pro prices.
      expect(unlinked.json().data.line_items.physical_items[0].sale_price).toBe(percentOff(summit.price, 30));
      const quote = (
        await client.post(`/api/cart/${cartId}/checkout/quote`, { country_iso2: 'US', state: 'UT' })
      ).json().data;
      const response = await client.post(
        `/api/cart/${cartId}/checkout`,
        {
          email: customer.email,
          shipping_address: US_ADDRESS,
          shipping_method_id: quote.shipping.id,
          payment: { intent_id: 'pi_test_unpaid' },
        },
        { headers: { 'idempotency-key': randomUUID() } },
      );
      expect(response.statusCode, response.body).toBe(403);
      expect(response.json().error.code).toBe('SPEND_LIMIT_EXCEEDED');
    });

    it('checks out a pro while the customer groups are not cached (PGlite has one connection)', async () => {
      const { client, customer } = await newPro();
      harness.app.services.customerGroups.invalidate();
      const placed = await checkOut(client, [line(stocked('meridian-binding'))], { email: customer.email });
      expect(placed.response.statusCode, placed.response.body).toBe(201);
      harness.app.services.customerGroups.invalidate();
      const signup = await browser().post('/api/customers/create', {
        email: `cold.${randomUUID().slice(0, 8)}@example.com`,
        password: PASSWORD,
        first_name: 'Cold',
        last_name: 'Cache',
      });
      expect(signup.statusCode).toBe(201);
      harness.app.services.customerGroups.invalidate();
      const joined = await client.put(`/api/customers/${customer.id}`, { first_name: 'Jordy' });
      expect(joined.statusCode).toBe(200);
    });
  });
});
