import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveCommerceRegion, type ShippingService, type StoreService } from '@piste/commerce';
import {
  createShippingService,
  createStoreService,
  createShippingTaxSeed,
  referenceDataSeed,
} from '@piste/commerce/server';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { createBigCommerceStore } from '../src/provider/store/bigcommerce-store';
import { startFakeStore } from './fake-store';

/**
 * The store and shipping parts against the fake, whose v2 answers follow github.com/bigcommerce/docs
 * reference/store_information.v2.yml, currencies.v2.yml, geography.v2.yml and shipping.v2.yml.
 * Where both can answer, the embedded engine over the same demo data is the expected answer.
 */

const us = resolveCommerceRegion('us');
const ca = resolveCommerceRegion('ca');
const eu = resolveCommerceRegion('eu_region_1');
const pro = resolveCommerceRegion('pro');
const PRO_GROUP = 3;

const [pglite] = testDatabaseKinds();

describe('BigCommerce store and shipping', () => {
  let testDatabase: TestDatabase;
  let fakeStore: Awaited<ReturnType<typeof startFakeStore>>;
  let store: StoreService;
  let shipping: ShippingService;
  let embedded: { store: StoreService; shipping: ShippingService };

  beforeAll(async () => {
    testDatabase = await pglite!.create();
    const db = testDatabase.database.db;
    await runSeeds(db, [referenceDataSeed, createShippingTaxSeed()]);
    fakeStore = await startFakeStore();
    ({ store, shipping } = createBigCommerceStore(fakeStore.deps(db)));
    embedded = { store: createStoreService(db), shipping: createShippingService(db) };
  });
  afterAll(async () => {
    await fakeStore.close();
    await testDatabase.dispose();
  });

  describe('store', () => {
    it("lists the region's own currency first, with the embedded ids and format", async () => {
      expect((await store.listCurrencies(eu)).data).toEqual([
        expect.objectContaining({
          id: 3,
          currency_code: 'EUR',
          token: '€',
          decimal_token: ',',
          token_location: 'right',
        }),
      ]);
      expect((await store.listCurrencies(ca)).data[0]).toEqual((await embedded.store.listCurrencies(ca)).data[0]);
      expect((await store.getCurrency(pro, 1)).data.currency_code).toBe('USD');
    });

    it('refuses a currency the region does not offer as not found', async () => {
      await expect(store.getCurrency(us, 3)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        message: 'Currency 3 is not offered in region us.',
      });
    });

    it('lists every country, by name, with the embedded ids, and their states', async () => {
      expect((await store.listCountries()).data).toEqual((await embedded.store.listCountries()).data);
      const unitedStates = (await store.listCountries()).data.find((country) => country.country_iso2 === 'US')!;
      const states = (await store.listStates(unitedStates.id)).data;
      expect(states).toEqual((await embedded.store.listStates(unitedStates.id)).data);
      expect(states.length).toBeGreaterThan(50);
    });

    it('answers an unknown country as not found, and a country without states with none', async () => {
      await expect(store.listStates(9999)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        message: 'Country 9999 does not exist.',
      });
      const germany = (await store.listCountries()).data.find((country) => country.country_iso2 === 'DE')!;
      expect((await store.listStates(germany.id)).data).toEqual([]);
    });

    it("answers the store's settings with the region's channel and currency format", async () => {
      const { data } = await store.getStore(eu);
      const expected = (await embedded.store.getStore(eu)).data;
      expect(data).toMatchObject({
        name: expected.name,
        admin_email: expected.admin_email,
        region: 'eu_region_1',
        channel_id: 1,
        currency: 'EUR',
        currency_symbol: '€',
        currency_symbol_location: 'right',
        timezone: expected.timezone,
      });
    });

    it('reads reference data once, then from the cache', async () => {
      const before = fakeStore.fake.requests.length;
      await store.listCountries();
      await store.listCurrencies(us);
      expect(fakeStore.fake.requests.length).toBe(before);
    });
  });

  describe('shipping', () => {
    it("lists the region's zones only: a zone belongs to the region holding its countries", async () => {
      expect((await shipping.listZones(us)).data).toEqual((await embedded.shipping.listZones(us)).data.map(withAnyIds));
      expect((await shipping.listZones(eu)).data.map((zone) => zone.name)).toEqual([
        'Germany',
        'Austria',
        'France',
        'Italy',
        'Spain',
      ]);
      await expect(shipping.getZone(ca, 1)).rejects.toMatchObject({
        kind: 'NOT_FOUND',
        message: 'Shipping zone 1 does not exist in region ca.',
      });
      await expect(shipping.listMethods(us, 999)).rejects.toMatchObject({ kind: 'NOT_FOUND' });
    });

    it("lists a zone's methods: its free shipping first, then flat rate and by-total ranges", async () => {
      const { data } = await shipping.listMethods(us, 1);
      const expected = (await embedded.shipping.listMethods(us, 1)).data;
      expect(data[0]).toMatchObject({ id: -1, type: 'freeshipping', settings: expected[0]!.settings });
      expect(data.slice(1)).toEqual(expected.slice(1));
    });

    it('quotes the same costs as the embedded engine, and hides free shipping for the pro group', async () => {
      const cases = [
        [us, { country: 'US', state: 'CO', subtotalMinor: 9999 }],
        [us, { country: 'US', state: 'AK', subtotalMinor: 30000 }],
        [us, { country: 'us', subtotalMinor: 25000 }],
        [pro, { country: 'US', subtotalMinor: 50000, customerGroupId: PRO_GROUP }],
        [ca, { country: 'CA', state: 'NU', subtotalMinor: 20000 }],
        [ca, { country: 'CA', state: 'QC', subtotalMinor: 15000 }],
        [eu, { country: 'DE', subtotalMinor: 12000 }],
        [eu, { country: 'US', subtotalMinor: 12000 }],
      ] as const;
      for (const [region, input] of cases) {
        const costs = (options: { type: string; costMinor: number }[]) =>
          options.map((option) => `${option.type} ${option.costMinor}`);
        expect(costs(await shipping.quote(region, input)), JSON.stringify(input)).toEqual(
          costs(await embedded.shipping.quote(region, input)),
        );
      }
    });

    it('finds the free-shipping threshold, none where it is hidden for the group', async () => {
      expect(await shipping.freeShippingThreshold(ca, { country: 'CA' })).toBe(15000);
      expect(await shipping.freeShippingThreshold(eu)).toBe(12000);
      expect(await shipping.freeShippingThreshold(pro, { customerGroupId: PRO_GROUP })).toBeNull();
      expect((await shipping.shippingSettings(us)).hide_free_shipping_groups).toEqual([PRO_GROUP]);
    });

    it('refuses a badly formed destination as invalid data', async () => {
      await expect(shipping.quote(us, { country: 'USA', subtotalMinor: 100 })).rejects.toMatchObject({
        kind: 'INVALID_DATA',
      });
    });
  });
});

/** Location ids are BigCommerce's own. */
function withAnyIds<Zone extends { locations: { id: number }[] }>(zone: Zone) {
  return { ...zone, locations: zone.locations.map((location) => ({ ...location, id: expect.any(Number) })) };
}
