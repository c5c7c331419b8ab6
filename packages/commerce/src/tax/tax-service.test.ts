import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runSeeds } from '@piste/db';
import { testDatabaseKinds, type TestDatabase } from '@piste/db/testing';
import { resolveCommerceRegion } from '../commerce-region';
import { referenceDataSeed } from '../seed/reference-data-seed';
import { createShippingTaxSeed } from '../seed/shipping-tax-seed';
import type { TaxService } from './tax-contract';
import { createTaxService } from './tax-service';

const us = resolveCommerceRegion('us');
const ca = resolveCommerceRegion('ca');
const eu = resolveCommerceRegion('eu_region_1');

describe.each(testDatabaseKinds())('tax service over the demo rates on $name', (kind) => {
  let testDatabase: TestDatabase;
  let tax: TaxService;

  beforeAll(async () => {
    testDatabase = await kind.create();
    await runSeeds(testDatabase.database.db, [referenceDataSeed, createShippingTaxSeed()]);
    tax = createTaxService(testDatabase.database.db);
  });
  afterAll(() => testDatabase.dispose());

  it.each([
    // €100.00 of goods and €22.00 shipping, VAT-inclusive: the VAT contained at each country's rate.
    ['DE', 19, 1948],
    ['AT', 20, 2033],
    ['FR', 20, 2033],
    ['IT', 22, 2200],
    ['ES', 21, 2117],
  ])('eu_region_1 to %s: VAT at %s %% contained in the total', async (country, rate, taxMinor) => {
    expect(await tax.taxFor(eu, { country }, { subtotalMinor: 10000, shippingMinor: 2200 })).toEqual({
      rate,
      name: 'VAT',
      taxMinor,
      included: true,
    });
  });

  it('gives pro_eu_region_1 the same VAT-inclusive model', async () => {
    const amounts = { subtotalMinor: 44995, shippingMinor: 0 };
    expect(await tax.taxFor(resolveCommerceRegion('pro_eu_region_1'), { country: 'fr' }, amounts)).toEqual(
      await tax.taxFor(eu, { country: 'FR' }, amounts),
    );
  });

  it.each([
    // $100.00 of goods and $8.95 shipping: tax added on $108.95.
    ['CA', 7.25, 790],
    ['NY', 4, 436],
    ['CO', 2.9, 316],
    ['TN', 7, 763],
    ['OR', 0, 0],
    ['MT', 0, 0],
    ['NH', 0, 0],
    ['DE', 0, 0],
    ['AK', 0, 0],
  ])('us to %s: sales tax at %s %% added', async (state, rate, taxMinor) => {
    expect(await tax.taxFor(us, { country: 'US', state }, { subtotalMinor: 10000, shippingMinor: 895 })).toEqual({
      rate,
      name: 'Sales tax',
      taxMinor,
      included: false,
    });
  });

  it.each([
    // CA$200.00 of goods and CA$9.95 shipping: tax added on CA$209.95.
    ['QC', 14.975, 'GST + QST', 3144],
    ['ON', 13, 'HST', 2729],
    ['BC', 12, 'GST + PST', 2519],
    ['AB', 5, 'GST', 1050],
  ])('ca to %s: %s %% %s added', async (state, rate, name, taxMinor) => {
    expect(await tax.taxFor(ca, { country: 'CA', state }, { subtotalMinor: 20000, shippingMinor: 995 })).toEqual({
      rate,
      name,
      taxMinor,
      included: false,
    });
  });

  it('rounds the tax on the total half away from zero', async () => {
    // Texas 6.25 % of $2.00 is 12.5 cents.
    expect(
      (await tax.taxFor(us, { country: 'US', state: 'TX' }, { subtotalMinor: 150, shippingMinor: 50 })).taxMinor,
    ).toBe(13);
    // A refund of the same: −12.5 cents → −13.
    expect(
      (await tax.taxFor(us, { country: 'US', state: 'TX' }, { subtotalMinor: -200, shippingMinor: 0 })).taxMinor,
    ).toBe(-13);
  });

  it('charges nothing where no rate applies', async () => {
    expect(await tax.taxFor(us, { country: 'JP' }, { subtotalMinor: 10000, shippingMinor: 0 })).toEqual({
      rate: 0,
      name: 'Tax',
      taxMinor: 0,
      included: false,
    });
  });

  it('needs a known state where rates go by state', async () => {
    const amounts = { subtotalMinor: 10000, shippingMinor: 0 };
    await expect(tax.taxFor(us, { country: 'US' }, amounts)).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      code: 'INVALID_STATE',
      message: expect.stringContaining('Choose a state'),
    });
    await expect(tax.taxFor(ca, { country: 'CA', state: 'XX' }, amounts)).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      code: 'INVALID_STATE',
    });
  });

  it.each([
    [{ country: 'Germany' }, { subtotalMinor: 1, shippingMinor: 0 }, '`country`'],
    [{ country: 'US', state: 'CA' }, { subtotalMinor: 1.5, shippingMinor: 0 }, '`subtotalMinor`'],
    [{ country: 'US', state: 'CA' }, { subtotalMinor: 1, shippingMinor: Infinity }, '`shippingMinor`'],
  ])('refuses %j %j naming %s', async (destination, amounts, field) => {
    await expect(tax.taxFor(us, destination, amounts)).rejects.toMatchObject({
      kind: 'INVALID_DATA',
      message: expect.stringContaining(field),
    });
  });
});
