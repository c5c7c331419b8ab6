import { describe, expect, it } from 'vitest';
import { addressLines, directionsUrl, telHref, websiteHref } from './store-format';

const innsbruck = {
  street_address: 'Maria-Theresien-Straße 18',
  city: 'Innsbruck',
  state: 'Tirol',
  postal_code: '6020',
  country: 'AT',
};
const denver = { street_address: '1550 Wynkoop St', city: 'Denver', state: 'CO', postal_code: '80202', country: 'us' };

describe('addressLines', () => {
  it('puts the postcode before the town in Europe', () => {
    expect(addressLines(innsbruck, 'de')).toEqual(['Maria-Theresien-Straße 18', '6020 Innsbruck', 'Österreich']);
  });

  it('writes "City, ST 12345" in North America', () => {
    expect(addressLines(denver, 'en')).toEqual(['1550 Wynkoop St', 'Denver, CO 80202', 'United States']);
  });

  it('gives a UK postcode its own line', () => {
    expect(
      addressLines(
        { street_address: '12 Long Acre', city: 'London', state: '', postal_code: 'WC2E 9LH', country: 'GB' },
        'en',
      ),
    ).toEqual(['12 Long Acre', 'London', 'WC2E 9LH', 'United Kingdom']);
  });

  it('splits multi-line streets and drops empty parts', () => {
    expect(addressLines({ ...denver, street_address: 'Unit 4\n1550 Wynkoop St', state: '' }, 'en')).toEqual([
      'Unit 4',
      '1550 Wynkoop St',
      'Denver, 80202',
      'United States',
    ]);
  });
});

describe('links', () => {
  it('dials a printed number', () => {
    expect(telHref('+43 (512) 58-41 20')).toBe('tel:+43512584120');
    expect(telHref('n/a')).toBeNull();
  });

  it('links only http(s) websites', () => {
    expect(websiteHref(' https://www.example.com/shop ')).toBe('https://www.example.com/shop');
    expect(websiteHref('javascript:alert(1)')).toBeNull();
    expect(websiteHref('example.com')).toBeNull();
    expect(websiteHref(undefined)).toBeNull();
  });

  it('builds a maps search from the address', () => {
    const url = new URL(directionsUrl(innsbruck, 'en'));
    expect(url.origin + url.pathname).toBe('https://www.google.com/maps/search/');
    expect(url.searchParams.get('api')).toBe('1');
    expect(url.searchParams.get('query')).toBe('Maria-Theresien-Straße 18, 6020 Innsbruck, Austria');
  });
});
