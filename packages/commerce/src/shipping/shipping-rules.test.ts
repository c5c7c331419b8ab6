import { describe, expect, it } from 'vitest';
import type { ShippingMethodSettings } from '../schema/shipping';
import {
  isFreeShippingHidden,
  matchZone,
  methodCost,
  parseGroupList,
  quoteMethods,
  type MethodCandidate,
  type ZoneCandidate,
} from './shipping-rules';

const country = (id: number, ...codes: string[]): ZoneCandidate => ({
  id,
  type: 'country',
  locations: codes.map((code) => ({ countryIso2: code, stateIso2: null })),
});
const states = (id: number, code: string, ...stateCodes: string[]): ZoneCandidate => ({
  id,
  type: 'state',
  locations: stateCodes.map((state) => ({ countryIso2: code, stateIso2: state })),
});

describe('matchZone', () => {
  const zones = [country(1, 'US'), states(2, 'US', 'AK', 'HI'), country(3, 'CA'), states(4, 'CA', 'NU')];

  it.each([
    ['a state zone wins over the country zone', { country: 'US', state: 'AK' }, 2],
    ['another state falls back to the country zone', { country: 'US', state: 'CO' }, 1],
    ['no state: only country zones match', { country: 'US' }, 1],
    ['a state code of another country does not match', { country: 'CA', state: 'AK' }, 3],
    ['state zones of the same code in another country do not match', { country: 'US', state: 'NU' }, 1],
  ])('%s', (_name, destination, expected) => {
    expect(matchZone(zones, destination)?.id).toBe(expected);
  });

  it('answers null where no zone ships', () => {
    expect(matchZone(zones, { country: 'JP' })).toBeNull();
    expect(matchZone([states(2, 'US', 'AK')], { country: 'US', state: 'CO' })).toBeNull();
    expect(matchZone([], { country: 'US' })).toBeNull();
  });

  it('takes the lowest id among zones of the same kind, whatever their order', () => {
    expect(matchZone([country(9, 'DE', 'AT'), country(5, 'DE')], { country: 'DE' })?.id).toBe(5);
    expect(matchZone([states(8, 'US', 'AK'), states(7, 'US', 'AK')], { country: 'US', state: 'AK' })?.id).toBe(7);
  });
});

describe('methodCost', () => {
  const free: ShippingMethodSettings = { type: 'freeshipping', minimumSubtotalMinor: 10000 };
  const total: ShippingMethodSettings = {
    type: 'total',
    ranges: [
      { lowerMinor: 0, upperMinor: 10000, costMinor: 2495 },
      { lowerMinor: 10000, upperMinor: 25000, costMinor: 1995 },
      { lowerMinor: 30000, upperMinor: null, costMinor: 1495 },
    ],
  };

  it.each([
    ['free shipping one cent below the minimum is not offered', free, 9999, null],
    ['free shipping at exactly the minimum', free, 10000, 0],
    ['free shipping above the minimum', free, 50000, 0],
    ['a flat rate whatever the subtotal', { type: 'flatrate', rateMinor: 895 } as const, 0, 895],
    ['the first range from zero', total, 0, 2495],
    ['just below a boundary stays in the lower range', total, 9999, 2495],
    ['a boundary belongs to the upper range', total, 10000, 1995],
    ['in a gap between ranges the method is not offered', total, 27000, null],
    ['an open-ended last range', total, 30000, 1495],
    ['far into the open-ended range', total, 10_000_000, 1495],
  ])('%s', (_name, settings, subtotal, expected) => {
    expect(methodCost(settings as ShippingMethodSettings, subtotal)).toBe(expected);
  });
});

describe('quoteMethods', () => {
  const methods: MethodCandidate[] = [
    { id: 3, name: 'Express', settings: { type: 'flatrate', rateMinor: 1995 }, handlingFeeMinor: 0 },
    { id: 1, name: 'Free', settings: { type: 'freeshipping', minimumSubtotalMinor: 10000 }, handlingFeeMinor: 0 },
    { id: 2, name: 'Standard', settings: { type: 'flatrate', rateMinor: 895 }, handlingFeeMinor: 0 },
    { id: 4, name: 'Courier', settings: { type: 'flatrate', rateMinor: 895 }, handlingFeeMinor: 0 },
  ];

  it('offers free shipping from the minimum, cheapest first and ties by id', () => {
    expect(quoteMethods(methods, { subtotalMinor: 10000, freeShippingHidden: false })).toEqual([
      { id: 1, name: 'Free', type: 'freeshipping', costMinor: 0 },
      { id: 2, name: 'Standard', type: 'flatrate', costMinor: 895 },
      { id: 4, name: 'Courier', type: 'flatrate', costMinor: 895 },
      { id: 3, name: 'Express', type: 'flatrate', costMinor: 1995 },
    ]);
    expect(
      quoteMethods(methods, { subtotalMinor: 9999, freeShippingHidden: false }).map((option) => option.id),
    ).toEqual([2, 4, 3]);
  });

  it('drops free shipping when it is hidden for the shopper’s group', () => {
    const options = quoteMethods(methods, { subtotalMinor: 50000, freeShippingHidden: true });
    expect(options.map((option) => option.type)).not.toContain('freeshipping');
    expect(options).toHaveLength(3);
  });

  it('adds a handling fee to the cost', () => {
    const [option] = quoteMethods(
      [{ id: 7, name: 'Bulky', settings: { type: 'flatrate', rateMinor: 1000 }, handlingFeeMinor: 250 }],
      { subtotalMinor: 1, freeShippingHidden: false },
    );
    expect(option?.costMinor).toBe(1250);
  });
});

describe('shipping settings', () => {
  it.each([
    ['3', [3]],
    ['3,7', [3, 7]],
    [' 3 , 7 ,, 3 ', [3, 7]],
    ['', []],
    ['3,x,-1,2.5', [3]],
  ])('turns the comma list %j into numbers', (list, expected) => {
    expect(parseGroupList(list)).toEqual(expected);
  });

  it.each([
    ['a listed group, settings enabled', true, [3], 3, true],
    ['a listed group, settings disabled', false, [3], 3, false],
    ['a group not listed', true, [3], 1, false],
    ['no group (guest)', true, [3], undefined, false],
  ])('hides free shipping for %s: %s', (_name, enabled, groups, groupId, hidden) => {
    expect(isFreeShippingHidden({ is_enabled: enabled, hide_free_shipping_groups: groups }, groupId)).toBe(hidden);
  });
});
