import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '@piste/db/testing';
import { createSeededApiApp } from '../../../test/support/app-harness';

describe.each(testDatabaseKinds())('shipping API on $name', (kind) => {
  let harness: Awaited<ReturnType<typeof createSeededApiApp>>;

  beforeAll(async () => {
    harness = await createSeededApiApp(kind);
  });
  afterAll(() => harness.close());

  const get = (url: string, headers: Record<string, string> = {}) =>
    harness.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const json = async (url: string, headers: Record<string, string> = {}) => {
    const response = await get(url, headers);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json();
  };
  const ids = (body: { data: { id: number }[] }) => body.data.map((item) => item.id);

  describe('GET shippingzones', () => {
    it('lists the region’s zones in BigCommerce’s v2 shape', async () => {
      const body = await json('/shippingzones');
      expect(body.meta).toEqual({});
      expect(body.data).toEqual([
        {
          id: 1,
          name: 'United States',
          type: 'country',
          locations: [{ id: expect.any(Number), country_iso2: 'US' }],
          enabled: true,
        },
        {
          id: 2,
          name: 'Alaska and Hawaii',
          type: 'state',
          locations: [
            { id: expect.any(Number), country_iso2: 'US', state_iso2: 'AK' },
            { id: expect.any(Number), country_iso2: 'US', state_iso2: 'HI' },
          ],
          enabled: true,
        },
      ]);
    });

    it('answers per x-bc-region; pro regions see their home region’s zones', async () => {
      expect(ids(await json('/shippingzones', { 'x-bc-region': 'ca' }))).toEqual([3, 4]);
      const eu = await json('/shippingzones', { 'x-bc-region': 'eu_region_1' });
      expect(eu.data.map((zone: { locations: { country_iso2: string }[] }) => zone.locations[0]!.country_iso2)).toEqual(
        ['DE', 'AT', 'FR', 'IT', 'ES'],
      );
      expect(await json('/shippingzones', { 'x-bc-region': 'pro' })).toEqual(await json('/shippingzones'));
      expect(ids(await json('/shippingzones', { 'x-bc-region': 'pro_eu_region_1' }))).toEqual(ids(eu));
    });

    it('reads one zone, and a zone of another region is not found', async () => {
      expect((await json('/shippingzones/4', { 'x-bc-region': 'ca' })).data).toMatchObject({
        id: 4,
        name: 'Northern Canada',
        type: 'state',
      });
      const other = await get('/shippingzones/4');
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({
        error: { code: 'NOT_FOUND', message: 'Shipping zone 4 does not exist in region us.' },
      });
      expect((await get('/shippingzones/999999')).statusCode).toBe(404);
    });

    it('may be cached by a CDN, varying by region; errors may not', async () => {
      const response = await get('/shippingzones');
      expect(response.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=600');
      expect(response.headers.vary).toContain('x-bc-region');
      expect((await get('/shippingzones/999')).headers['cache-control']).toBe('no-store');
    });
  });

  describe('GET shippingmethods/{zoneId}', () => {
    it('lists a zone’s methods with settings in the zone’s currency (spec §3)', async () => {
      expect((await json('/shippingmethods/1')).data).toEqual([
        {
          id: 101,
          name: 'Free standard shipping (3–5 business days)',
          type: 'freeshipping',
          settings: { carrier_options: { minimum_sub_total: 100 } },
          enabled: true,
          handling_fees: { fixed_surcharge: 0 },
        },
        {
          id: 102,
          name: 'Standard (3–5 business days)',
          type: 'flatrate',
          settings: { rate: 8.95 },
          enabled: true,
          handling_fees: { fixed_surcharge: 0 },
        },
        {
          id: 103,
          name: 'Express (1–2 business days)',
          type: 'total',
          settings: {
            range: [
              { lower_limit: 0, upper_limit: 100, shipping_cost: 24.95 },
              { lower_limit: 100, upper_limit: 250, shipping_cost: 19.95 },
              { lower_limit: 250, upper_limit: null, shipping_cost: 14.95 },
            ],
          },
          enabled: true,
          handling_fees: { fixed_surcharge: 0 },
        },
      ]);
    });

    it('answers EU zones in euros and refuses a zone of another region', async () => {
      const germany = await json('/shippingmethods/5', { 'x-bc-region': 'eu_region_1' });
      expect(germany.data[0].settings).toEqual({ carrier_options: { minimum_sub_total: 120 } });
      expect(germany.data[1].settings).toEqual({ rate: 4.95 });
      expect((await get('/shippingmethods/5')).statusCode).toBe(404);
    });
  });

  describe('GET /api/pro/shipping_method_settings', () => {
    it.each(['us', 'ca', 'eu_region_1', 'pro', ' EU_REGION_1 '])(
      'answers the groups free shipping is hidden for in %j',
      async (bcRegion) => {
        expect(await json(`/pro/shipping_method_settings?bcRegion=${encodeURIComponent(bcRegion)}`)).toEqual({
          hide_free_shipping_groups: [3],
        });
      },
    );
  });

  describe('bad input is a 4xx JSON error, never a 500', () => {
    it.each([
      ['/shippingzones/0', 400, '`id`'],
      ['/shippingzones/-1', 400, '`id`'],
      ['/shippingzones/abc', 400, '`id`'],
      ['/shippingzones/1.5', 400, '`id`'],
      ['/shippingzones/99999999999999999999', 400, '`id`'],
      ['/shippingzones/1%00', 400, '`id`'],
      ['/shippingzones/%00', 400, '`id`'],
      ['/shippingzones/%E2%80%8B1', 400, '`id`'],
      ['/shippingzones?page=1', 400, '`page`'],
      ['/shippingmethods/1?zone=1', 400, '`zone`'],
      ['/pro/shipping_method_settings', 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=', 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=mars', 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=us%00', 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=us&bcRegion=ca', 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=' + 'x'.repeat(5000), 400, '`bcRegion`'],
      ['/pro/shipping_method_settings?bcRegion=us&customer=3', 400, '`customer`'],
      ['/shippingzones/1/methods', 404, 'No API route'],
      ['/shippingmethods', 404, 'No API route'],
    ])('%s → %d naming %s', async (url, status, mentions) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(status);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error.message).toContain(mentions);
    });

    it.each(['mars', 'jp', 'US,CA', 'us\u0001', 'x'.repeat(500)])('refuses x-bc-region %j', async (region) => {
      for (const url of ['/shippingzones', '/shippingzones/1', '/shippingmethods/1']) {
        const response = await get(url, { 'x-bc-region': region });
        expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe('INVALID_REGION');
      }
    });
  });
});
