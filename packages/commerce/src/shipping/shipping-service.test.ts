import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { resolveCommerceRegion } from '../commerce-region';
import { shippingZones } from '../schema/index';
import { referenceDataSeed } from '../seed/reference-data-seed';
import { createShippingTaxSeed } from '../seed/shipping-tax-seed';
import type { ShippingService } from './shipping-contract';
import { createShippingService } from './shipping-service';

const us = resolveCommerceRegion('us');
const ca = resolveCommerceRegion('ca');
const eu = resolveCommerceRegion('eu_region_1');
/** The pro group id the demo settings hide free shipping for (data/seed/commerce/shipping.json). */
const PRO_GROUP = 3;

/** The demo data's quotes: cost per method name, cheapest first. */
const summary = (options: { name: string; costMinor: number }[]) =>
  options.map((option) => `${option.name}: ${option.costMinor}`);

describe.each(testDatabaseKinds())('shipping service over the demo data on $name', (kind) => {
  let testDatabase: TestDatabase;
  let shipping: ShippingService;

  beforeAll(async () => {
    testDatabase = await kind.create();
    await runSeeds(testDatabase.database.db, [referenceDataSeed, createShippingTaxSeed()]);
    shipping = createShippingService(testDatabase.database.db);
  });
  afterAll(() => testDatabase.dispose());

  describe('quote', () => {
    it('prices a US order below the free-shipping minimum', async () => {
      expect(summary(await shipping.quote(us, { country: 'US', state: 'CO', subtotalMinor: 9999 }))).toEqual([
        'Standard (3–5 business days): 895',
        'Express (1–2 business days): 2495',
      ]);
    });

    it('offers free shipping from $100.00, and Express by the range holding the subtotal', async () => {
      const options = await shipping.quote(us, { country: 'US', state: 'CO', subtotalMinor: 10000 });
      expect(options[0]).toEqual({
        id: 101,
        name: 'Free standard shipping (3–5 business days)',
        type: 'freeshipping',
        costMinor: 0,
      });
      expect(summary(options).slice(1)).toEqual([
        'Standard (3–5 business days): 895',
        'Express (1–2 business days): 1995',
      ]);
      const large = await shipping.quote(us, { country: 'US', subtotalMinor: 25000 });
      expect(large.find((option) => option.id === 103)?.costMinor).toBe(1495);
    });

    it('hides free shipping for the pro group (spec §5), not for other groups', async () => {
      const pro = await shipping.quote(us, { country: 'US', subtotalMinor: 50000, customerGroupId: PRO_GROUP });
      expect(pro.map((option) => option.type)).toEqual(['flatrate', 'total']);
      const other = await shipping.quote(us, { country: 'US', subtotalMinor: 50000, customerGroupId: 1 });
      expect(other[0]?.type).toBe('freeshipping');
    });

    it('ships Alaska under its state zone, without free shipping', async () => {
      expect(summary(await shipping.quote(us, { country: 'us', state: 'ak', subtotalMinor: 30000 }))).toEqual([
        'Standard (5–8 business days): 2495',
        'Express (2–3 business days): 3995',
      ]);
    });

    it('quotes pro regions with their home region’s zones', async () => {
      const destination = { country: 'US', subtotalMinor: 5000 };
      expect(await shipping.quote(resolveCommerceRegion('pro'), destination)).toEqual(
        await shipping.quote(us, destination),
      );
    });

    it('quotes Canada in CAD and the eu_region_1 countries in EUR, each with its own rates', async () => {
      expect(summary(await shipping.quote(ca, { country: 'CA', state: 'QC', subtotalMinor: 15000 }))).toEqual([
        'Free standard shipping (4–7 business days): 0',
        'Standard (4–7 business days): 995',
        'Express (1–3 business days): 1995',
      ]);
      expect(summary(await shipping.quote(ca, { country: 'CA', state: 'NU', subtotalMinor: 20000 }))).toEqual([
        'Standard (7–12 business days): 2995',
      ]);
      expect(summary(await shipping.quote(eu, { country: 'DE', subtotalMinor: 12000 }))).toEqual([
        'Free standard shipping (3–5 business days): 0',
        'Standard (3–5 business days): 495',
        'Express (1–2 business days): 995',
      ]);
      expect(summary(await shipping.quote(eu, { country: 'IT', subtotalMinor: 11999 }))).toEqual([
        'Standard (3–5 business days): 795',
        'Express (1–2 business days): 1495',
      ]);
    });

    it('answers an empty list where the region does not ship', async () => {
      expect(await shipping.quote(us, { country: 'JP', subtotalMinor: 10000 })).toEqual([]);
      expect(await shipping.quote(us, { country: 'DE', subtotalMinor: 10000 })).toEqual([]);
      expect(await shipping.quote(eu, { country: 'NL', subtotalMinor: 10000 })).toEqual([]);
    });

    it.each([
      [{ country: 'USA', subtotalMinor: 100 }, '`country`'],
      [{ country: 'U1', subtotalMinor: 100 }, '`country`'],
      [{ country: 'US', state: 'A\u0000K', subtotalMinor: 100 }, '`state`'],
      [{ country: 'US', subtotalMinor: -1 }, '`subtotalMinor`'],
      [{ country: 'US', subtotalMinor: 10.5 }, '`subtotalMinor`'],
      [{ country: 'US', subtotalMinor: Number.NaN }, '`subtotalMinor`'],
    ])('refuses %j naming %s', async (input, field) => {
      await expect(shipping.quote(us, input)).rejects.toMatchObject({
        kind: 'INVALID_DATA',
        message: expect.stringContaining(field),
      });
    });
  });

  describe('freeShippingThreshold', () => {
    it.each([
      ['us, anywhere', us, {}, 10000],
      ['us, to the US', us, { country: 'US' }, 10000],
      ['ca', ca, { country: 'ca' }, 15000],
      ['eu_region_1, to Italy', eu, { country: 'IT' }, 12000],
      ['us, to Germany (not shipped)', us, { country: 'DE' }, null],
      ['us, the pro group', us, { customerGroupId: PRO_GROUP }, null],
      ['pro_ca, another group', resolveCommerceRegion('pro_ca'), { customerGroupId: 1 }, 15000],
    ])('%s', async (_name, region, input, expected) => {
      expect(await shipping.freeShippingThreshold(region, input)).toBe(expected);
    });
  });

  it('reads the shipping settings of the region’s price list', async () => {
    expect(await shipping.shippingSettings(us)).toEqual({ is_enabled: true, hide_free_shipping_groups: [PRO_GROUP] });
    expect(await shipping.shippingSettings(resolveCommerceRegion('pro_eu_region_1'))).toEqual(
      await shipping.shippingSettings(eu),
    );
  });

  it('keeps the merchant’s zones when start-up seeding runs again after the seed files changed', async () => {
    const db = testDatabase.database.db;
    await db.update(shippingZones).set({ enabled: false }).where(eq(shippingZones.id, 2));
    try {
      const report = await runSeeds(db, [{ ...createShippingTaxSeed(), version: 'edited' }]);
      expect(report.outdated).toEqual(['commerce-shipping-and-tax@edited']);
      const zones = (await shipping.listZones(us)).data;
      expect(zones.find((zone) => zone.id === 2)).toMatchObject({ enabled: false });
    } finally {
      await db.update(shippingZones).set({ enabled: true }).where(eq(shippingZones.id, 2));
    }
  });
});
