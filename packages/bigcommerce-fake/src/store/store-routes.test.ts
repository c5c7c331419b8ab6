import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_ACCESS_TOKEN, FAKE_STORE_HASH } from '../demo-store';
import { createBigCommerceFake, type BigCommerceFake } from '../fake-server';

/**
 * The fake's store endpoints answer BigCommerce's documented shapes (github.com/bigcommerce/docs:
 * reference/store_information.v2.yml, currencies.v2.yml, geography.v2.yml, shipping.v2.yml).
 */
let fake: BigCommerceFake;
beforeAll(() => {
  fake = createBigCommerceFake({ storeHash: FAKE_STORE_HASH, accessToken: FAKE_ACCESS_TOKEN });
});
afterAll(() => fake.app.close());

const get = (path: string) =>
  fake.app.inject({
    method: 'GET',
    url: `/stores/${FAKE_STORE_HASH}${path}`,
    headers: { 'x-auth-token': FAKE_ACCESS_TOKEN },
  });

describe('the fake store endpoints', () => {
  it('answers GET /v2/store with StoreInformation fields', async () => {
    expect((await get('/v2/store')).json()).toMatchObject({
      name: 'Piste',
      currency: 'USD',
      currency_symbol_location: 'left',
      timezone: { name: 'America/Denver' },
      default_channel_id: 1,
    });
  });

  it('answers currencies with the embedded ids, and an unknown one with a v2 404', async () => {
    const currencies = (await get('/v2/currencies')).json() as { id: number; currency_code: string }[];
    expect(currencies.map((currency) => [currency.id, currency.currency_code])).toEqual([
      [1, 'USD'],
      [2, 'CAD'],
      [3, 'EUR'],
    ]);
    const missing = await get('/v2/currencies/9');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual([{ status: 404, message: expect.any(String) }]);
  });

  it('pages countries, answering 204 No Content past the last page', async () => {
    const first = (await get('/v2/countries?limit=2')).json() as unknown[];
    expect(first).toEqual([
      {
        id: 1,
        country: 'Australia',
        country_iso2: 'AU',
        country_iso3: 'AUS',
        states: { url: expect.stringContaining('/v2/countries/1/states'), resource: '/countries/1/states' },
      },
      expect.objectContaining({ id: 2, country_iso2: 'AT' }),
    ]);
    expect((await get('/v2/countries?page=99')).statusCode).toBe(204);
    expect((await get('/v2/countries/999/states')).statusCode).toBe(404);
  });

  it("answers a zone's free shipping on the zone, and its methods as perorder and total", async () => {
    const zone = (await get('/v2/shipping/zones/1')).json();
    expect(zone).toMatchObject({
      name: 'United States',
      type: 'country',
      locations: [{ country_iso2: 'US' }],
      free_shipping: { enabled: true, minimum_sub_total: '100.0000' },
    });
    const methods = (await get('/v2/shipping/zones/1/methods')).json() as { type: string }[];
    expect(methods).toEqual([
      expect.objectContaining({ id: 102, type: 'perorder', settings: { rate: 8.95 } }),
      expect.objectContaining({
        id: 103,
        type: 'total',
        settings: {
          default_cost: 14.95,
          default_cost_type: 'fixed_amount',
          range: [
            { lower_limit: 0, upper_limit: 100, shipping_cost: 24.95 },
            { lower_limit: 100, upper_limit: 250, shipping_cost: 19.95 },
          ],
        },
      }),
    ]);
  });
});
