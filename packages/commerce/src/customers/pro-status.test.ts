import { describe, expect, it } from 'vitest';
import {
  BRAND_CURRENCY,
  DEFAULT_BRAND_SPEND_LIMIT,
  isProRegion,
  PRO_BRANDS,
  PRO_CODE_FIELD,
  proBrandForRegion,
  proCodeFieldValue,
  proHomeBrand,
  proHomeCurrency,
  proRegionFromCustomerData,
  regionMakesPro,
  spendPeriodStart,
} from './pro-status';

const field = (value: unknown) => [{ name: PRO_CODE_FIELD, value }];

describe("proRegionFromCustomerData (spec §3: the 'Pro Code' form field, or the notes, hold JSON with a region)", () => {
  it("reads the region of the 'Pro Code' form field", () => {
    expect(PRO_CODE_FIELD).toBe('Pro Code');
    expect(proRegionFromCustomerData(field('{"code":"PRO-US-DEMO","region":"pro"}'), '')).toBe('pro');
    expect(proRegionFromCustomerData(field(proCodeFieldValue('PRO-CA-DEMO', 'pro_ca')), '')).toBe('pro_ca');
  });

  it('reads the notes when the form field is absent, empty or not JSON with a region', () => {
    const notes = '{"region":"pro_eu_region_1"}';
    expect(proRegionFromCustomerData([], notes)).toBe('pro_eu_region_1');
    expect(proRegionFromCustomerData(field(''), notes)).toBe('pro_eu_region_1');
    expect(proRegionFromCustomerData(field('   '), notes)).toBe('pro_eu_region_1');
    expect(proRegionFromCustomerData(field('call me back'), notes)).toBe('pro_eu_region_1');
    expect(proRegionFromCustomerData(field('{"code":"X"}'), notes)).toBe('pro_eu_region_1');
    expect(proRegionFromCustomerData([{ name: 'Other', value: '{"region":"us"}' }], notes)).toBe('pro_eu_region_1');
  });

  it('prefers the form field to the notes', () => {
    expect(proRegionFromCustomerData(field('{"region":"pro_ca"}'), '{"region":"pro"}')).toBe('pro_ca');
  });

  it('ignores customer data with no content (spec §3) and anything that is not JSON with a string region', () => {
    for (const value of ['', ' ', 'null', '[]', '"pro"', '42', '{"region":null}', '{"region":["pro"]}', '{', 7, null]) {
      expect(proRegionFromCustomerData(field(value), ''), String(value)).toBeNull();
      expect(proRegionFromCustomerData([], typeof value === 'string' ? value : ''), String(value)).toBeNull();
    }
    expect(proRegionFromCustomerData([], 'Prefers delivery after 5 pm')).toBeNull();
  });

  it('does not read a region through the prototype', () => {
    expect(proRegionFromCustomerData(field('{"__proto__":{"region":"pro"}}'), '')).toBeNull();
    expect(proRegionFromCustomerData([], '{"constructor":{"prototype":{"region":"pro"}}}')).toBeNull();
  });
});

describe("regionMakesPro (spec §3: pro if the region starts with 'pro')", () => {
  it.each(['pro', 'pro_ca', 'pro_eu_region_1', 'pro_no', 'professional'])('%s is pro', (region) => {
    expect(regionMakesPro(region)).toBe(true);
  });

  it.each(['us', 'ca', 'eu_region_1', 'no', '', 'Pro', ' pro', 'apro'])('%j is not', (region) => {
    expect(regionMakesPro(region)).toBe(false);
  });

  it('is not pro without a region', () => {
    expect(regionMakesPro(null)).toBe(false);
  });

  it('tells the regions pro codes can give from any other pro region', () => {
    expect(isProRegion('pro')).toBe(true);
    expect(isProRegion('pro_eu_region_1')).toBe(true);
    expect(isProRegion('pro_no')).toBe(false);
    expect(isProRegion('us')).toBe(false);
    expect(isProRegion(null)).toBe(false);
  });
});

describe('proBrandForRegion (spec §7: brand by region us, ca, no, otherwise eu region 1)', () => {
  it.each([
    ['us', 'us'],
    ['pro', 'us'],
    ['ca', 'ca'],
    ['pro_ca', 'ca'],
    ['no', 'no'],
    ['eu_region_1', 'eu_region_1'],
    ['pro_eu_region_1', 'eu_region_1'],
    ['de', 'eu_region_1'],
    ['', 'eu_region_1'],
  ])('%j → %s', (region, brand) => {
    expect(proBrandForRegion(region)).toBe(brand);
    expect(PRO_BRANDS).toContain(brand);
  });

  it('counts each brand’s spend in its currency; Norway has none', () => {
    expect(BRAND_CURRENCY).toEqual({ us: 'USD', ca: 'CAD', eu_region_1: 'EUR', no: null });
  });

  it('gives each pro one home brand and currency, their pro region’s; us when the region is not a shop’s', () => {
    expect([proHomeBrand('pro'), proHomeBrand('pro_ca'), proHomeBrand('pro_eu_region_1'), proHomeBrand(null)]).toEqual([
      'us',
      'ca',
      'eu_region_1',
      'us',
    ]);
    expect([proHomeCurrency('pro'), proHomeCurrency('pro_ca'), proHomeCurrency('pro_eu_region_1')]).toEqual([
      'USD',
      'CAD',
      'EUR',
    ]);
  });

  it('limits spend to 3000 by default (spec §3 brandSpendLimit)', () => {
    expect(DEFAULT_BRAND_SPEND_LIMIT).toBe(3000);
  });
});

describe('spendPeriodStart: the calendar year, in UTC', () => {
  it.each([
    ['2026-06-15T12:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2026-01-01T00:00:00Z', '2026-01-01T00:00:00.000Z'],
    ['2025-12-31T23:59:59.999Z', '2025-01-01T00:00:00.000Z'],
    // Already the new year in UTC though still the old one in the Americas.
    ['2025-12-31T20:00:00-08:00', '2026-01-01T00:00:00.000Z'],
    ['2024-02-29T08:00:00+09:00', '2024-01-01T00:00:00.000Z'],
  ])('%s → %s', (moment, start) => {
    expect(spendPeriodStart(new Date(moment)).toISOString()).toBe(start);
  });
});
