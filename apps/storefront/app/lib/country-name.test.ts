import { describe, expect, it } from 'vitest';
import { countryName } from './country-name';

describe('countryName', () => {
  it('names a country code in the page language', () => {
    expect(countryName('AT', 'en')).toBe('Austria');
    expect(countryName('at', 'de')).toBe('Österreich');
    expect(countryName('de', 'de')).toBe('Deutschland');
    expect(countryName('ch', 'fr')).toBe('Suisse');
  });

  it("gives the shop's own name where CLDR has none", () => {
    expect(countryName('global', 'en')).toBe('International');
  });

  it('keeps a name that is not a code', () => {
    expect(countryName('Austria', 'de')).toBe('Austria');
  });
});
