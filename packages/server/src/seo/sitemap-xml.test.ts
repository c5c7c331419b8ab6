import { describe, expect, it } from 'vitest';
import { hreflangAlternates } from './hreflang';
import { hreflangFor, LOCALE_PROFILES, localeProfile } from './seo-locales';
import { sitemapIndexXml, urlSetXml, xmlEscape } from './sitemap-xml';

describe('xmlEscape', () => {
  it('escapes markup and drops characters XML cannot hold', () => {
    expect(xmlEscape(`a&b<c>"d"'e'\u0001`)).toBe('a&amp;b&lt;c&gt;&quot;d&quot;&apos;e&apos;');
  });
});

describe('sitemap XML', () => {
  it('writes an index and a url set with lastmod and hreflang links', () => {
    expect(sitemapIndexXml([{ loc: 'https://shop.example/sitemaps/de-de/products.xml' }])).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <sitemap><loc>https://shop.example/sitemaps/de-de/products.xml</loc></sitemap>\n</sitemapindex>\n',
    );
    const xml = urlSetXml([
      {
        loc: 'https://shop.example/de-de/p/a?x=1&y=2',
        lastmod: '2025-01-01T00:00:00.000Z',
        alternates: [{ hreflang: 'de-DE', href: 'https://shop.example/de-de/p/a' }],
      },
    ]);
    expect(xml).toContain(
      '<loc>https://shop.example/de-de/p/a?x=1&amp;y=2</loc><lastmod>2025-01-01T00:00:00.000Z</lastmod>',
    );
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="de-DE" href="https://shop.example/de-de/p/a"/>');
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });
});

describe('hreflang', () => {
  it('writes language-REGION, and the global English locale as plain en', () => {
    expect(hreflangFor('de-de')).toBe('de-DE');
    expect(hreflangFor('fr-ca')).toBe('fr-CA');
    expect(hreflangFor('en-global')).toBe('en');
    expect(new Set(LOCALE_PROFILES.map((profile) => profile.hreflang)).size).toBe(LOCALE_PROFILES.length);
  });

  it('knows what a crawler sees of a locale', () => {
    expect(localeProfile('de-de')).toMatchObject({
      contentLocale: 'de',
      ctsRegion: 'eu_region_1',
      priceListRegion: 'eu_region_1',
    });
    expect(localeProfile('nl-be')).toMatchObject({ contentLocale: 'nl', ctsRegion: 'eu', priceListRegion: 'us' });
    expect(localeProfile('DE-DE')).toBeUndefined();
  });

  it('lists each locale and x-default (en-us) when en-us has the page', () => {
    expect(hreflangAlternates('https://shop.example', '/', ['en-us', 'de-de'])).toEqual([
      { hreflang: 'en-US', href: 'https://shop.example/' },
      { hreflang: 'de-DE', href: 'https://shop.example/de-de' },
      { hreflang: 'x-default', href: 'https://shop.example/' },
    ]);
    expect(hreflangAlternates('https://shop.example', '/c/goggles', ['de-de'], '?page=2')).toEqual([
      { hreflang: 'de-DE', href: 'https://shop.example/de-de/c/goggles?page=2' },
    ]);
  });
});
