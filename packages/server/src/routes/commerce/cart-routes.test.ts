import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';

/** Any well-formed token: the double submit only needs the header to echo the cookie. */
const XSRF = 'x'.repeat(43);

interface Variant {
  id: number;
  product_id: number;
  sku: string;
  price: number;
  sale_price: number | null;
  calculated_price: number;
  inventory_level: number;
  is_in_stock: boolean;
}
interface Product {
  id: number;
  name: string;
  custom_url: { url: string };
  inventory_tracking: 'none' | 'product' | 'variant';
  variants: Variant[];
}
interface Line {
  id: string;
  product_id: number;
  variant_id: number;
  quantity: number;
  list_price: number;
  sale_price: number;
  extended_sale_price: number;
}

describe.each(testDatabaseKinds())('cart API on $name', (kind) => {
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

  const product = (uid: string) => catalogue.get(uid)!;
  /** A variant of the product with the most stock, or the first matching `test`. */
  const variantOf = (uid: string, test: (variant: Variant) => boolean = () => true) =>
    product(uid)
      .variants.filter(test)
      .sort((a, b) => b.inventory_level - a.inventory_level)[0]!;
  const line = (variant: Variant, quantity = 1) => ({
    product_id: variant.product_id,
    variant_id: variant.id,
    quantity,
  });

  interface CallOptions {
    session?: string | null;
    region?: string;
    xsrf?: { cookie?: string; header?: string; headerName?: string } | null;
    payload?: unknown;
    headers?: Record<string, string>;
  }

  /** A call as the storefront's browser makes it: XSRF cookie and header, and the cart session cookie. */
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, options: CallOptions = {}) => {
    const xsrf = options.xsrf === null ? null : { cookie: XSRF, header: XSRF, ...options.xsrf };
    const cookies: Record<string, string> = {};
    if (xsrf?.cookie) cookies['XSRF-TOKEN'] = xsrf.cookie;
    if (options.session) cookies.piste_cart = options.session;
    const headers: Record<string, string> = { ...options.headers };
    if (xsrf?.header) headers[xsrf.headerName ?? 'x-xsrf-token'] = xsrf.header;
    if (options.region) headers['x-bc-region'] = options.region;
    return harness.app.inject({
      method,
      url: `/api${url}`,
      cookies,
      headers,
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  };

  const sessionOf = (response: Awaited<ReturnType<typeof call>>) =>
    response.cookies.find((cookie) => cookie.name === 'piste_cart')?.value;

  /** A new cart holding the lines; its id and session cookie. */
  const createCart = async (lines: ReturnType<typeof line>[], region?: string) => {
    const response = await call('POST', '/cart/create', { payload: { line_items: lines }, region });
    expect(response.statusCode, response.body).toBe(201);
    return { cart: response.json().data, session: sessionOf(response)! };
  };

  const expectError = (response: Awaited<ReturnType<typeof call>>, status: number, code?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json();
    expect(body).toEqual({ error: { code: code ?? expect.any(String), message: expect.any(String) } });
    return body.error.message as string;
  };

  describe('CSRF (spec §6, §7)', () => {
    const create = (xsrf: CallOptions['xsrf']) =>
      call('POST', '/cart/create', { xsrf, payload: { line_items: [line(variantOf('summit-pro-binding'))] } });

    it('refuses a change without the header, or with one that does not match the cookie', async () => {
      expectError(await create({ header: '' }), 403, 'CSRF');
      expectError(await create({ cookie: '' }), 403, 'CSRF');
      expectError(await create(null), 403, 'CSRF');
      expectError(await create({ header: 'y'.repeat(43) }), 403, 'CSRF');
      expectError(await create({ cookie: 'short', header: 'short' }), 403, 'CSRF');
    });

    it('accepts X-XSRF-TOKEN or csrf-token equal to the cookie', async () => {
      expect((await create({})).statusCode).toBe(201);
      expect((await create({ headerName: 'csrf-token' })).statusCode).toBe(201);
    });

    it('checks every mutating method, and not reads', async () => {
      const { cart, session } = await createCart([line(variantOf('summit-pro-binding'))]);
      const itemId = cart.line_items.physical_items[0].id;
      const noHeader = { session, xsrf: { header: '' } };
      expectError(await call('POST', `/cart/${cart.id}/items`, { ...noHeader, payload: { line_items: [] } }), 403);
      expectError(
        await call('PUT', `/cart/${cart.id}/items/${itemId}`, { ...noHeader, payload: { productID: 1, quantity: 1 } }),
        403,
      );
      expectError(await call('PUT', `/cart/${cart.id}`, { ...noHeader, payload: { customerID: null } }), 403);
      expectError(await call('DELETE', `/cart/${cart.id}/items/${itemId}`, noHeader), 403);
      expectError(await call('DELETE', `/cart/${cart.id}`, noHeader), 403);
      expect((await call('GET', `/cart/${cart.id}`, { session, xsrf: null })).statusCode).toBe(200);
    });

    it('hands out the XSRF-TOKEN cookie, readable by scripts, on API answers without one', async () => {
      const response = await call('GET', `/cart/${randomUUID()}`, { xsrf: null });
      const cookie = response.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN');
      expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax', value: expect.stringMatching(/^[\w-]{43}$/) });
      expect(cookie!.httpOnly).toBeFalsy();
      const held = await call('GET', `/cart/${randomUUID()}`);
      expect(held.cookies.find((candidate) => candidate.name === 'XSRF-TOKEN')).toBeUndefined();
    });

    it('sets no cookie on catalogue answers that CDNs may cache', async () => {
      const response = await harness.app.inject({ url: '/api/products?limit=1' });
      expect(response.headers['cache-control']).toContain('public');
      expect(response.headers['set-cookie']).toBeUndefined();
    });
  });

  describe('POST cart/create and GET cart/{cartId}', () => {
    it('creates a cart with its lines, priced from the region, and a session cookie for it', async () => {
      const binding = variantOf('summit-pro-binding');
      const response = await call('POST', '/cart/create', {
        payload: { line_items: [line(binding, 2)] },
      });
      expect(response.statusCode).toBe(201);
      expect(response.headers['cache-control']).toBe('no-store');
      const cookie = response.cookies.find((candidate) => candidate.name === 'piste_cart')!;
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      const { data: cart } = response.json();
      expect(cookie.value).toMatch(new RegExp(`^${cart.id}\\.[\\w-]{43}$`));
      expect(cart).toEqual({
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        customer_id: null,
        currency: { code: 'USD' },
        base_amount: binding.price * 2,
        discount_amount: 0,
        cart_amount: binding.calculated_price * 2,
        // No promotion holds for this binding (docs/promotions.md): BigCommerce's shapes, empty.
        coupons: [],
        discounts: [],
        free_shipping: false,
        line_items: {
          physical_items: [
            {
              id: expect.stringMatching(/^[0-9a-f-]{36}$/),
              product_id: binding.product_id,
              variant_id: binding.id,
              sku: binding.sku,
              name: 'Summit Pro Binding',
              url: '/summit-pro-binding/',
              image_url: expect.stringMatching(/^\/media\/i\/piste\/summit-pro-binding-[\w-]+\?w=220&fmt=auto$/),
              quantity: 2,
              list_price: binding.price,
              sale_price: binding.calculated_price,
              extended_list_price: binding.price * 2,
              extended_sale_price: binding.calculated_price * 2,
              options: [
                { name: 'Colour', value: expect.any(String) },
                { name: 'Size', value: expect.any(String) },
              ],
              discounts: [],
              coupon_amount: 0,
            },
          ],
        },
        created_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        updated_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const read = await call('GET', `/cart/${cart.id}`, { session: cookie.value });
      expect(read.statusCode).toBe(200);
      expect(read.json().data).toEqual(cart);
    });

    it('makes one line of a variant sent twice', async () => {
      const helmet = variantOf('vanta-mips-helmet');
      const { cart } = await createCart([line(helmet, 1), line(helmet, 2)]);
      expect(cart.line_items.physical_items).toHaveLength(1);
      expect(cart.line_items.physical_items[0].quantity).toBe(3);
    });

    it('answers sale prices as sale_price, and the savings as discount_amount', async () => {
      const onSale = [...catalogue.values()]
        .flatMap((candidate) => candidate.variants)
        .find((variant) => variant.sale_price !== null && variant.inventory_level > 2)!;
      const { cart } = await createCart([line(onSale, 2)]);
      const [item] = cart.line_items.physical_items as Line[];
      expect(item).toMatchObject({ list_price: onSale.price, sale_price: onSale.sale_price });
      expect(cart.base_amount).toBe(onSale.price * 2);
      expect(cart.cart_amount).toBe(onSale.sale_price! * 2);
      expect(cart.discount_amount).toBeCloseTo(cart.base_amount - cart.cart_amount, 2);
    });

    it('prices every read in the caller’s region, never from when the line was added', async () => {
      const binding = variantOf('summit-pro-binding');
      const { cart, session } = await createCart([line(binding, 2)]);
      const euro = await call('GET', `/cart/${cart.id}`, { session, region: 'eu_region_1' });
      const euroPrice = (
        await harness.app.inject({
          url: `/api/products/${binding.product_id}/variants/${binding.id}`,
          headers: { 'x-bc-region': 'eu_region_1' },
        })
      ).json().data.calculated_price;
      expect(euroPrice).not.toBe(binding.calculated_price);
      expect(euro.json().data).toMatchObject({ currency: { code: 'EUR' }, cart_amount: euroPrice * 2 });

      await harness.database.db.execute(
        sql`update variant_prices set price = 12345, sale_price = null where variant_id = ${binding.id} and region_id = 'us'`,
      );
      const repriced = (await call('GET', `/cart/${cart.id}`, { session })).json().data;
      expect(repriced.line_items.physical_items[0]).toMatchObject({ list_price: 123.45, sale_price: 123.45 });
      expect(repriced).toMatchObject({ currency: { code: 'USD' }, cart_amount: 246.9 });
    });

    it('creates EUR carts in eu_region_1 and CAD carts in ca', async () => {
      expect((await createCart([line(variantOf('cornice-binding'))], 'eu_region_1')).cart.currency.code).toBe('EUR');
      expect((await createCart([line(variantOf('cornice-binding'))], 'ca')).cart.currency.code).toBe('CAD');
      expectError(
        await call('POST', '/cart/create', {
          region: 'mars',
          payload: { line_items: [line(variantOf('cornice-binding'))] },
        }),
        400,
        'INVALID_REGION',
      );
    });

    it('answers 404 for a cart without its session, with another session, or unknown', async () => {
      const mine = await createCart([line(variantOf('cornice-binding'))]);
      const theirs = await createCart([line(variantOf('cornice-binding'))]);
      expectError(await call('GET', `/cart/${mine.cart.id}`), 404, 'NOT_FOUND');
      expectError(await call('GET', `/cart/${mine.cart.id}`, { session: theirs.session }), 404, 'NOT_FOUND');
      const forged = `${mine.cart.id}.${theirs.session.split('.')[1]}`;
      expectError(await call('GET', `/cart/${mine.cart.id}`, { session: forged }), 404, 'NOT_FOUND');
      const unknown = randomUUID();
      expectError(await call('GET', `/cart/${unknown}`, { session: `${unknown}.${'z'.repeat(43)}` }), 404);
      expectError(await call('GET', '/cart/not-a-uuid'), 400, 'INVALID_PARAMETER');
    });
  });

  describe('stock and quantity rules', () => {
    it('refuses quantities that are not whole numbers from 1 to 99', async () => {
      const variant = variantOf('nordvik-tech-fleece-beanie');
      for (const quantity of [0, -1, 1.5, 100, '2', null, true, Number.MAX_SAFE_INTEGER + 2]) {
        const message = expectError(
          await call('POST', '/cart/create', { payload: { line_items: [{ ...line(variant), quantity }] } }),
          400,
          'INVALID_PARAMETER',
        );
        expect(message).toBe('Field `line_items.0.quantity` must be a whole number from 1 to 99.');
      }
    });

    it('never holds more of a variant than is in stock', async () => {
      const low = variantOf('summit-pro-binding', (variant) => variant.inventory_level === 2);
      const message = expectError(
        await call('POST', '/cart/create', { payload: { line_items: [line(low, 3)] } }),
        400,
        'INSUFFICIENT_STOCK',
      );
      expect(message).toBe(`Only 2 of "Summit Pro Binding" (${low.sku}) are in stock; the cart cannot hold 3.`);

      const { cart, session } = await createCart([line(low, 2)]);
      expectError(
        await call('POST', `/cart/${cart.id}/items`, { session, payload: { line_items: [line(low, 1)] } }),
        400,
        'INSUFFICIENT_STOCK',
      );
      const itemId = cart.line_items.physical_items[0].id;
      expectError(
        await call('PUT', `/cart/${cart.id}/items/${itemId}`, {
          session,
          payload: { productID: low.product_id, quantity: 3 },
        }),
        400,
        'INSUFFICIENT_STOCK',
      );
    });

    it('shares stock tracked per product between its variants', async () => {
      const beanie = product('fisherman-beanie');
      expect(beanie.inventory_tracking).toBe('product');
      const [first, second] = beanie.variants;
      const { cart, session } = await createCart([line(first!, 3)]);
      expectError(
        await call('POST', `/cart/${cart.id}/items`, { session, payload: { line_items: [line(second!, 3)] } }),
        400,
        'INSUFFICIENT_STOCK',
      );
      const added = await call('POST', `/cart/${cart.id}/items`, {
        session,
        payload: { line_items: [line(second!, 2)] },
      });
      expect(added.statusCode).toBe(200);
    });

    it('caps untracked stock at 99 a line, also when adding to a line', async () => {
      const untracked = variantOf('nordvik-tech-fleece-beanie');
      const { cart, session } = await createCart([line(untracked, 99)]);
      expectError(
        await call('POST', `/cart/${cart.id}/items`, { session, payload: { line_items: [line(untracked, 1)] } }),
        400,
        'QUANTITY_LIMIT',
      );
    });

    it('answers 409 for a variant that is out of stock or cannot be bought', async () => {
      const soldOut = variantOf('talus-binding');
      expect(soldOut.inventory_level).toBe(0);
      expectError(
        await call('POST', '/cart/create', { payload: { line_items: [line(soldOut)] } }),
        409,
        'OUT_OF_STOCK',
      );
      expectError(
        await call('POST', '/cart/create', { payload: { line_items: [line(variantOf('sierra-goggle'))] } }),
        409,
        'OUT_OF_STOCK',
      );
      const disabled = variantOf('rodeo-binding');
      await harness.database.db.execute(sql`update variants set purchasing_disabled = true where id = ${disabled.id}`);
      expectError(
        await call('POST', '/cart/create', { payload: { line_items: [line(disabled)] } }),
        409,
        'NOT_PURCHASABLE',
      );
    });

    it('refuses a variant of another product, or one that does not exist', async () => {
      const binding = variantOf('summit-pro-binding');
      const helmet = variantOf('vanta-mips-helmet');
      for (const item of [
        { ...line(binding), product_id: helmet.product_id },
        { ...line(binding), variant_id: 2_000_000_000 },
      ]) {
        expectError(await call('POST', '/cart/create', { payload: { line_items: [item] } }), 400, 'UNKNOWN_VARIANT');
      }
    });

    it('adds concurrent requests for one cart one at a time', async () => {
      const variant = variantOf('ember-goggle');
      const { cart, session } = await createCart([line(variant, 1)]);
      const responses = await Promise.all(
        Array.from({ length: 8 }, () =>
          call('POST', `/cart/${cart.id}/items`, { session, payload: { line_items: [line(variant, 1)] } }),
        ),
      );
      expect(responses.map((response) => response.statusCode)).toEqual(Array(8).fill(200));
      const final = (await call('GET', `/cart/${cart.id}`, { session })).json().data;
      expect(final.line_items.physical_items[0].quantity).toBe(9);
    });
  });

  describe('POST cart/{cartId}/items, PUT and DELETE items', () => {
    it('adds to the line of a variant the cart holds, and a new line for another', async () => {
      const binding = variantOf('traverse-binding');
      const helmet = variantOf('orbit-mips-helmet');
      const { cart, session } = await createCart([line(binding, 1)]);
      const response = await call('POST', `/cart/${cart.id}/items`, {
        session,
        payload: { line_items: [line(binding, 2), line(helmet, 1)] },
      });
      expect(response.statusCode).toBe(200);
      const lines = response.json().data.line_items.physical_items as Line[];
      expect(lines.map((item) => [item.variant_id, item.quantity])).toEqual([
        [binding.id, 3],
        [helmet.id, 1],
      ]);
      expect(lines[0]!.id).toBe(cart.line_items.physical_items[0].id);
    });

    it('sets a line’s quantity, and changes its variant, merging with a line of that variant', async () => {
      const [first, second, third] = product('meridian-binding').variants.filter(
        (variant) => variant.inventory_level > 10,
      );
      const { cart, session } = await createCart([line(first!, 1), line(second!, 2)]);
      const [firstLine, secondLine] = cart.line_items.physical_items as Line[];
      const put = (itemId: string, payload: object) =>
        call('PUT', `/cart/${cart.id}/items/${itemId}`, { session, payload });

      let response = await put(firstLine!.id, { productID: first!.product_id, quantity: 4 });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.line_items.physical_items[0]).toMatchObject({ id: firstLine!.id, quantity: 4 });

      response = await put(firstLine!.id, { productID: first!.product_id, quantity: 4, variantID: third!.id });
      expect(response.json().data.line_items.physical_items[0]).toMatchObject({
        id: firstLine!.id,
        variant_id: third!.id,
        quantity: 4,
      });

      response = await put(firstLine!.id, { productID: first!.product_id, quantity: 1, variantID: second!.id });
      const lines = response.json().data.line_items.physical_items as Line[];
      expect(lines.map((item) => [item.id, item.variant_id, item.quantity])).toEqual([[secondLine!.id, second!.id, 3]]);

      expectError(await put(secondLine!.id, { productID: 100, quantity: 1 }), 400, 'PRODUCT_MISMATCH');
      expectError(await put(secondLine!.id, { productID: second!.product_id, quantity: 0 }), 400);
      expectError(await put(secondLine!.id, { productID: second!.product_id }), 400);
      expectError(await put(firstLine!.id, { productID: first!.product_id, quantity: 1 }), 404, 'NOT_FOUND');
    });

    it('removes a line, keeps the emptied cart, and answers 404 for a line it does not hold', async () => {
      const { cart, session } = await createCart([line(variantOf('cornice-binding'))]);
      const itemId = cart.line_items.physical_items[0].id;
      const response = await call('DELETE', `/cart/${cart.id}/items/${itemId}`, { session });
      expect(response.statusCode).toBe(200);
      expect(response.json().data).toMatchObject({
        base_amount: 0,
        cart_amount: 0,
        line_items: { physical_items: [] },
      });
      expectError(await call('DELETE', `/cart/${cart.id}/items/${itemId}`, { session }), 404, 'NOT_FOUND');
      expectError(await call('DELETE', `/cart/${cart.id}/items/${randomUUID()}`, { session }), 404, 'NOT_FOUND');
      expect((await call('GET', `/cart/${cart.id}`, { session })).statusCode).toBe(200);
    });

    it('changes nothing in another session’s cart', async () => {
      const mine = await createCart([line(variantOf('cornice-binding'))]);
      const theirs = await createCart([line(variantOf('cornice-binding'))]);
      const itemId = mine.cart.line_items.physical_items[0].id;
      const as = { session: theirs.session };
      expectError(
        await call('POST', `/cart/${mine.cart.id}/items`, {
          ...as,
          payload: { line_items: [line(variantOf('cornice-binding'))] },
        }),
        404,
      );
      expectError(
        await call('PUT', `/cart/${mine.cart.id}/items/${itemId}`, {
          ...as,
          payload: { productID: mine.cart.line_items.physical_items[0].product_id, quantity: 2 },
        }),
        404,
      );
      expectError(await call('DELETE', `/cart/${mine.cart.id}/items/${itemId}`, as), 404);
      expectError(await call('PUT', `/cart/${mine.cart.id}`, { ...as, payload: { customerID: null } }), 404);
      expectError(await call('DELETE', `/cart/${mine.cart.id}`, as), 404);
      const unchanged = (await call('GET', `/cart/${mine.cart.id}`, { session: mine.session })).json().data;
      expect(unchanged.line_items.physical_items[0].quantity).toBe(1);
    });
  });

  describe('PUT cart/{cartId} and DELETE cart/{cartId}', () => {
    it('refuses to link a cart to a customer who is not signed in, and accepts unlinking', async () => {
      const { cart, session } = await createCart([line(variantOf('cornice-binding'))]);
      expectError(await call('PUT', `/cart/${cart.id}`, { session, payload: { customerID: 5 } }), 403, 'NOT_ALLOWED');
      const unlinked = await call('PUT', `/cart/${cart.id}`, { session, payload: { customerID: null } });
      expect(unlinked.statusCode).toBe(200);
      expect(unlinked.json().data.customer_id).toBeNull();
      expectError(await call('PUT', `/cart/${cart.id}`, { session, payload: { customerID: 'me' } }), 400);
    });

    it('keeps a customer’s cart closed to a session secret', async () => {
      const { cart, session } = await createCart([line(variantOf('cornice-binding'))]);
      await harness.database.db.execute(
        sql`update carts set customer_id = (select id from customers where email = 'shopper@piste.test') where id = ${cart.id}`,
      );
      expectError(await call('GET', `/cart/${cart.id}`, { session }), 404, 'NOT_FOUND');
    });

    it('deletes a cart and clears the session cookie', async () => {
      const { cart, session } = await createCart([line(variantOf('cornice-binding'))]);
      const response = await call('DELETE', `/cart/${cart.id}`, { session });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      expect(response.cookies.find((cookie) => cookie.name === 'piste_cart')).toMatchObject({ value: '', maxAge: 0 });
      expectError(await call('GET', `/cart/${cart.id}`, { session }), 404);
      expectError(await call('DELETE', `/cart/${cart.id}`, { session }), 404);
    });
  });

  describe('bad input answers 4xx JSON, never 500', () => {
    it.each([
      ['GET', '/cart/%00'],
      ['GET', `/cart/${'f'.repeat(36)}`],
      ['GET', '/cart/00000000-0000-0000-0000-00000000000g'],
      ['GET', `/cart/${randomUUID()}?include=everything`],
      ['DELETE', '/cart/123'],
      ['DELETE', `/cart/${randomUUID()}/items/1`],
      ['PUT', `/cart/${randomUUID()}/items/%27%20or%201=1`],
    ])('%s %s', async (method, url) => {
      const response = await call(method as 'GET', url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    });

    it.each([
      ['text', { 'content-type': 'text/plain' }, 'hello'],
      ['form', { 'content-type': 'application/x-www-form-urlencoded' }, 'line_items=1'],
      ['malformed JSON', { 'content-type': 'application/json' }, '{"line_items":'],
      ['JSON null', { 'content-type': 'application/json' }, 'null'],
      ['JSON array', { 'content-type': 'application/json' }, '[]'],
      ['JSON string', { 'content-type': 'application/json' }, '"\u0000"'],
      ['no line items', { 'content-type': 'application/json' }, '{"line_items":[]}'],
      ['unknown field', { 'content-type': 'application/json' }, '{"line_items":[],"customer_id":1}'],
      [
        'NUL bytes',
        { 'content-type': 'application/json' },
        '{"line_items":[{"product_id":"\\u0000","variant_id":1,"quantity":1}]}',
      ],
      [
        'huge ids',
        { 'content-type': 'application/json' },
        '{"line_items":[{"product_id":1e20,"variant_id":99999999999,"quantity":1}]}',
      ],
      [
        'prices from the client',
        { 'content-type': 'application/json' },
        '{"line_items":[{"product_id":100,"variant_id":100001,"quantity":1,"list_price":0.01}]}',
      ],
      [
        'an overflowing quantity',
        { 'content-type': 'application/json' },
        '{"line_items":[{"product_id":100,"variant_id":100001,"quantity":1e400}]}',
      ],
      ['too many lines', { 'content-type': 'application/json' }, JSON.stringify({ line_items: Array(101).fill(1) })],
    ])('POST cart/create with %s', async (_name, headers, payload) => {
      const response = await call('POST', '/cart/create', { headers, payload });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.json()).toEqual({ error: { code: expect.any(String), message: expect.any(String) } });
    });

    it('answers POST cart/create without a body with a 400', async () => {
      expectError(await call('POST', '/cart/create'), 400, 'INVALID_BODY');
    });
  });
});
