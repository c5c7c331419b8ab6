import { describe, expect, it } from 'vitest';
import { addressLines, orderSavings, parseOrderNumber } from './order-view';

describe('parseOrderNumber', () => {
  it.each([
    ['100001', 100001],
    [' 42 ', 42],
    ['2147483647', 2147483647],
    ['2147483648', null],
    ['0', null],
    ['-5', null],
    ['1e5', null],
    ['12.5', null],
    ['abc', null],
    ['', null],
    [null, null],
  ])('%s → %s', (value, expected) => {
    expect(parseOrderNumber(value)).toBe(expected);
  });
});

describe('addressLines', () => {
  const address = {
    first_name: 'Mara',
    last_name: 'Lindqvist',
    company: '',
    street_1: '2100 S State St',
    street_2: '',
    city: 'Salt Lake City',
    state: 'UT',
    zip: '84115',
    country_iso2: 'US',
    phone: '',
    email: 'mara@example.com',
  };

  it('writes US and Canadian localities as City, ST ZIP, leaving blank lines out', () => {
    expect(addressLines(address, 'United States')).toEqual([
      'Mara Lindqvist',
      '2100 S State St',
      'Salt Lake City, UT 84115',
      'United States',
    ]);
  });

  it('puts the postal code first elsewhere', () => {
    expect(
      addressLines(
        {
          ...address,
          street_1: 'Hauptstr. 1',
          street_2: '2. OG',
          city: 'München',
          state: '',
          zip: '80331',
          country_iso2: 'DE',
        },
        'Deutschland',
      ),
    ).toEqual(['Mara Lindqvist', 'Hauptstr. 1', '2. OG', '80331 München', 'Deutschland']);
  });
});

describe('orderSavings', () => {
  const line = (total: number) => ({ total_inc_tax: total }) as Parameters<typeof orderSavings>[0]['products'][number];

  it('shows no saving on an order without promotions', () => {
    expect(orderSavings({ products: [line(59.9), line(30.1)], subtotal_inc_tax: 90, coupons: [] })).toEqual({
      itemsTotal: 90,
      discounts: [],
    });
  });

  it('shows the coupon under its code and what automatic promotions took as one row, to the cent', () => {
    const savings = orderSavings({
      products: [line(102), line(30.1)],
      subtotal_inc_tax: 103.59,
      coupons: [{ id: 7, code: 'WELCOME10', name: 'Welcome', discount: 13.21 }],
    });
    expect(savings.itemsTotal).toBe(132.1);
    expect(savings.discounts).toEqual([
      { key: 'coupon-7', code: 'WELCOME10', name: 'Welcome', amount: 13.21 },
      { key: 'promotions', code: null, name: 'Promotions', amount: 15.3 },
    ]);
  });
});
