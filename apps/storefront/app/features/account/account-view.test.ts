import { describe, expect, it } from 'vitest';
import type { CustomerAddressDto } from '@piste/commerce';
import { customerAddressLines, noticeOf, pageNumber, signInTarget, spendPercent } from './account-view';

const address: CustomerAddressDto = {
  id: 1,
  customer_id: 7,
  first_name: 'Sam',
  last_name: 'Rivers',
  company: '',
  address1: '1200 Alpine Way',
  address2: 'Unit 4',
  city: 'Denver',
  state_or_province: 'CO',
  postal_code: '80202',
  country_code: 'US',
  phone: '+1 303 555 0142',
  address_type: 'residential',
  is_default: true,
};

describe('customerAddressLines', () => {
  it('prints an address-book entry like an order address, blank parts left out', () => {
    expect(customerAddressLines(address, 'United States')).toEqual([
      'Sam Rivers',
      '1200 Alpine Way',
      'Unit 4',
      'Denver, CO 80202',
      'United States',
    ]);
  });

  it('puts the postal code first in Europe', () => {
    const vienna = {
      ...address,
      address2: '',
      city: 'Wien',
      state_or_province: '',
      postal_code: '1010',
      country_code: 'AT',
    };
    expect(customerAddressLines(vienna, 'Österreich')).toContain('1010 Wien');
  });
});

describe('spendPercent', () => {
  it('is the share of the limit, capped at 100', () => {
    expect(spendPercent(750, 3000)).toBe(25);
    expect(spendPercent(4000, 3000)).toBe(100);
    expect(spendPercent(0, 3000)).toBe(0);
    expect(spendPercent(10, 0)).toBe(0);
  });
});

describe('noticeOf', () => {
  it('knows only its own notices', () => {
    expect(noticeOf('signed_out')).toBe('signed_out');
    expect(noticeOf('<script>')).toBeNull();
    expect(noticeOf('toString')).toBeNull();
    expect(noticeOf(null)).toBeNull();
  });
});

describe('pageNumber', () => {
  it('reads whole page numbers from 1', () => {
    expect(pageNumber('3')).toBe(3);
    expect(pageNumber('0')).toBe(1);
    expect(pageNumber('-2')).toBe(1);
    expect(pageNumber('2.5')).toBe(1);
    expect(pageNumber('99999999999')).toBe(1);
    expect(pageNumber(null)).toBe(1);
  });
});

describe('signInTarget', () => {
  it('returns to the page the visitor signs in from', () => {
    expect(signInTarget('/de-de/cart', '', 'de-de')).toBe('/de-de/cart');
    expect(signInTarget('/en-us/c/helmets', '?sort=new', 'en-us')).toBe('/en-us/c/helmets?sort=new');
  });

  it('goes to the account from the home page and the account pages', () => {
    expect(signInTarget('/', '', 'en-us')).toBeNull();
    expect(signInTarget('/de-de', '', 'de-de')).toBeNull();
    expect(signInTarget('/de-de/account', '?status=signed_out', 'de-de')).toBeNull();
    expect(signInTarget('/de-de/account/create', '', 'de-de')).toBeNull();
  });
});
