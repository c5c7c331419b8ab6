import { describe, expect, it } from 'vitest';
import { pathWithoutLocale, suggestCountry } from './country-suggestion';

describe('suggestCountry', () => {
  it('suggests the detected country’s default locale when the page is another country’s', () => {
    expect(suggestCountry('de', 'en-us')).toEqual({ country: 'de', countryName: 'Germany', locale: 'de-de' });
    expect(suggestCountry('fr', 'en-us')?.locale).toBe('fr-fr');
    expect(suggestCountry('ca', 'de-de')?.country).toBe('ca');
  });

  it('suggests nothing for the page’s own country, whatever its language', () => {
    expect(suggestCountry('us', 'en-us')).toBeNull();
    expect(suggestCountry('ca', 'fr-ca')).toBeNull();
  });

  it('suggests nothing for a country the shop does not serve, or no country', () => {
    expect(suggestCountry('zz', 'en-us')).toBeNull();
    expect(suggestCountry(null, 'en-us')).toBeNull();
    expect(suggestCountry('', 'en-us')).toBeNull();
  });
});

describe('pathWithoutLocale', () => {
  it('drops the locale segment and keeps the rest of the page’s address', () => {
    expect(pathWithoutLocale('/de-de/p/helmet', '?colour=red')).toBe('/p/helmet?colour=red');
    expect(pathWithoutLocale('/de-de')).toBe('/');
    expect(pathWithoutLocale('/')).toBe('/');
    expect(pathWithoutLocale('/fr-ca/c/helmets/freeride')).toBe('/c/helmets/freeride');
  });
});
