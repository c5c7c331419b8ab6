import { describe, it, expect } from 'vitest';
import { localizePath } from './localize-path';

describe('localizePath (spec §2 link building, "/en-us is shortened to /")', () => {
  it.each<[string, { locale: string; path?: string }, string]>([
    ['en-us home is /', { locale: 'en-us', path: '/' }, '/'],
    ['en-us home from empty path', { locale: 'en-us', path: '' }, '/'],
    ['en-us home, default path', { locale: 'en-us' }, '/'],
    ['en-us home keeps the query', { locale: 'en-us', path: '/?utm_source=x' }, '/?utm_source=x'],
    ['en-us home keeps the hash', { locale: 'en-us', path: '#top' }, '/#top'],
    ['en-us page is prefixed', { locale: 'en-us', path: '/stores' }, '/en-us/stores'],
    ['other locale home', { locale: 'de-de', path: '/' }, '/de-de'],
    ['other locale home keeps the query', { locale: 'de-de', path: '/?a=1' }, '/de-de?a=1'],
    ['other locale page', { locale: 'fr-ca', path: '/p/helmet' }, '/fr-ca/p/helmet'],
    [
      'query and hash kept',
      { locale: 'fr-fr', path: '/c/goggles?colour=red#grid' },
      '/fr-fr/c/goggles?colour=red#grid',
    ],
    ['missing leading slash added', { locale: 'it-it', path: 'cart' }, '/it-it/cart'],
    ['trailing slash kept', { locale: 'de-ch', path: '/blog/' }, '/de-ch/blog/'],
    ['uppercase locale normalised', { locale: 'DE-DE', path: '/cart' }, '/de-de/cart'],
    ['en-global is not shortened', { locale: 'en-global', path: '/' }, '/en-global'],
    ['unsupported locale falls back to en-us', { locale: 'xx-zz', path: '/cart' }, '/en-us/cart'],
    [
      'protocol-relative input stays under the locale',
      { locale: 'de-de', path: '//evil.example' },
      '/de-de//evil.example',
    ],
  ])('%s', (_description, input, expected) => {
    expect(localizePath(input.locale, input.path)).toBe(expected);
  });
});
