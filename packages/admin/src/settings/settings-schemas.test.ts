import { describe, expect, it } from 'vitest';
import {
  createShippingMethodBody,
  createShippingZoneBody,
  createTaxRateBody,
  updateStoreSettingsBody,
} from './settings-schemas';

/** The messages of a refused input, by the dotted path of their field. */
function fieldsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('settings schemas', () => {
  it('takes tax rates in percent with up to three decimals, as the shop stores them', () => {
    expect(
      createTaxRateBody.safeParse({ countryIso2: 'ca', stateIso2: 'qc', name: 'GST + QST', ratePercent: 14.975 }).data,
    ).toEqual({
      countryIso2: 'CA',
      stateIso2: 'QC',
      name: 'GST + QST',
      ratePercent: 14.975,
    });
    expect(fieldsOf(createTaxRateBody.safeParse({ countryIso2: 'DE', name: 'VAT', ratePercent: 19.0001 }))).toEqual({
      ratePercent: 'Use at most three decimals, such as 14.975.',
    });
    expect(
      Object.keys(fieldsOf(createTaxRateBody.safeParse({ countryIso2: 'Germany', name: ' ', ratePercent: 101 }))),
    ).toEqual(['countryIso2', 'name', 'ratePercent']);
  });

  it('wants ranges that ascend without overlapping, open-ended only at the end', () => {
    const method = (ranges: unknown) => createShippingMethodBody.safeParse({ name: 'Express', type: 'total', ranges });
    expect(
      method([
        { lowerMinor: 0, upperMinor: 10000, costMinor: 2495 },
        { lowerMinor: 10000, upperMinor: null, costMinor: 1495 },
      ]).success,
    ).toBe(true);
    expect(
      fieldsOf(
        method([
          { lowerMinor: 0, upperMinor: null, costMinor: 2495 },
          { lowerMinor: 5000, upperMinor: 4000, costMinor: 1495 },
        ]),
      ),
    ).toEqual({
      'ranges.0.upperMinor': 'Only the last range may have no upper limit.',
      'ranges.1.upperMinor': 'Must be above the lower limit.',
    });
  });

  it('keeps only the chosen kind’s amounts, and names an unknown kind at its field', () => {
    expect(
      createShippingMethodBody.parse({ name: 'Free', type: 'freeshipping', minimumSubtotalMinor: 10000, rateMinor: 5 }),
    ).toEqual({
      name: 'Free',
      enabled: true,
      type: 'freeshipping',
      minimumSubtotalMinor: 10000,
    });
    expect(fieldsOf(createShippingMethodBody.safeParse({ name: 'Pigeon', type: 'pigeon' }))).toEqual({
      type: 'Choose free shipping, flat rate or by order total.',
    });
  });

  it('has a state zone list states and a country zone whole countries, each place once', () => {
    const zone = (type: string, locations: unknown) =>
      fieldsOf(createShippingZoneBody.safeParse({ regionId: 'us', name: 'Zone', type, locations }));
    expect(zone('state', [{ countryIso2: 'US', stateIso2: 'AK' }])).toEqual({});
    expect(Object.keys(zone('state', [{ countryIso2: 'US' }]))).toEqual(['locations.0.stateIso2']);
    expect(Object.keys(zone('country', [{ countryIso2: 'US', stateIso2: 'AK' }]))).toEqual(['locations.0.stateIso2']);
    expect(Object.keys(zone('country', [{ countryIso2: 'US' }, { countryIso2: 'us' }]))).toEqual([
      'locations.1.countryIso2',
    ]);
    expect(Object.keys(zone('country', []))).toEqual(['locations']);
  });

  it('refuses a store setting with a line break, an unknown time zone or a domain with its scheme', () => {
    const store = {
      name: 'Piste',
      domain: 'piste.example',
      adminEmail: 'shop@piste.example',
      orderEmail: 'orders@piste.example',
      weightUnits: 'Grams',
      dimensionUnits: 'Centimeters',
      timezone: 'America/Denver',
      version: '2026-11-27T18:00:00.000Z',
    };
    expect(updateStoreSettingsBody.safeParse(store).success).toBe(true);
    expect(
      Object.keys(
        fieldsOf(
          updateStoreSettingsBody.safeParse({
            ...store,
            name: 'Piste\nOutlet',
            domain: 'https://piste.example',
            timezone: 'Alps/Zermatt',
          }),
        ),
      ),
    ).toEqual(['name', 'domain', 'timezone']);
  });
});
