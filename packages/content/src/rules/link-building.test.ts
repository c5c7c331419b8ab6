import { describe, it, expect } from 'vitest';
import type { ContentLink } from '../entry-types';
import {
  CONTENT_URL_PREFIXES,
  STOREFRONT_LOCALES,
  buildContentHref,
  storefrontRegionFor,
  productCardHref,
  resolveHref,
  type LinkContentType,
} from './link-building';

const internal = (content_type: LinkContentType | undefined, href: string, extra: Partial<ContentLink> = {}) =>
  ({ title: 'Link', type: 'internal', content_type, href, ...extra }) satisfies ContentLink;

describe('CONTENT_URL_PREFIXES (§2 "Content-type URL prefixes")', () => {
  it('has the spec table', () => {
    expect(CONTENT_URL_PREFIXES).toEqual({
      team_page: '/team',
      blog: '/blog/p',
      blog_category: '/blog',
      cart: '/cart',
      landing_page: '/l',
      product: '/p',
      product_category: '/c',
      support: '/support',
      page: '',
    });
  });
});

describe('buildContentHref: internal links (§2 "/{locale}{prefix}{href}")', () => {
  it.each<[LinkContentType, string, string]>([
    ['team_page', '/anna-berg', '/de-de/team/anna-berg'],
    ['blog', '/first-tracks', '/de-de/blog/p/first-tracks'],
    ['blog_category', '/stories', '/de-de/blog/stories'],
    ['cart', '', '/de-de/cart'],
    ['landing_page', '/winter-sale', '/de-de/l/winter-sale'],
    ['product', '/summit-pro-binding', '/de-de/p/summit-pro-binding'],
    ['product_category', '/bindings/freeride', '/de-de/c/bindings/freeride'],
    ['support', '/warranty', '/de-de/support/warranty'],
    ['page', '/about', '/de-de/about'],
  ])('%s', (contentType, href, expected) => {
    expect(buildContentHref(internal(contentType, href), 'de-de')).toEqual({ href: expected, external: false });
  });

  it.each<[string, string, string, string]>([
    ['en-us keeps /en-us on pages', 'en-us', '/p/helmet', '/en-us/p/helmet'],
    ['en-us home is /', 'en-us', '', '/'],
    ['other home is /{locale}', 'fr-fr', '', '/fr-fr'],
    ['upper-case locale normalised', 'FR-CA', '/about', '/fr-ca/about'],
    ['unsupported locale falls back to en-us', 'xx-zz', '/about', '/en-us/about'],
  ])('%s', (_case, locale, href, expected) => {
    expect(buildContentHref(internal('page', href), locale)?.href).toBe(expected);
  });

  it.each<[string, string, string]>([
    ['href without a leading slash', 'helmet', '/en-us/p/helmet'],
    ['href with doubled slashes', '//helmet', '/en-us/p/helmet'],
    ['href of just a slash', '/', '/en-us/p'],
    ['href with spaces around it', '  /helmet ', '/en-us/p/helmet'],
  ])('%s', (_case, href, expected) => {
    expect(buildContentHref(internal('product', href), 'en-us')?.href).toBe(expected);
  });

  it('has no prefix without a content type', () => {
    expect(buildContentHref(internal(undefined, '/pro'), 'en-ca')?.href).toBe('/en-ca/pro');
  });

  it('adds filters as an encoded query, in order', () => {
    const link = internal('product_category', '/goggles', {
      filters: [
        { id: 'colour', value: 'glacier blue' },
        { id: 'size', value: 'M/L' },
        { id: 'a&b', value: '1=2' },
      ],
    });
    expect(buildContentHref(link, 'en-us')?.href).toBe('/en-us/c/goggles?colour=glacier%20blue&size=M%2FL&a%26b=1%3D2');
  });

  it('leaves out filters with a blank id or value and trims the others', () => {
    const link = internal('product_category', '/goggles', {
      filters: [
        { id: '', value: 'x' },
        { id: 'colour', value: '  ' },
        { id: ' size ', value: ' s ' },
      ],
    });
    expect(buildContentHref(link, 'en-us')?.href).toBe('/en-us/c/goggles?size=s');
  });

  it('has no query without filters', () => {
    expect(buildContentHref(internal('product_category', '/goggles', { filters: [] }), 'en-us')?.href).toBe(
      '/en-us/c/goggles',
    );
  });

  it("appends filters to the href's own query and keeps its hash", () => {
    const link = internal('product_category', '/goggles?sort=new#grid', { filters: [{ id: 'colour', value: 'red' }] });
    expect(buildContentHref(link, 'it-it')?.href).toBe('/it-it/c/goggles?sort=new&colour=red#grid');
  });

  it('opens in a new tab when asked', () => {
    expect(buildContentHref(internal('cart', '', { new_tab: true }), 'en-us')).toEqual({
      href: '/en-us/cart',
      external: false,
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });

  it('keeps a scheme-looking href inside the shop', () => {
    expect(buildContentHref(internal('page', 'javascript:alert(1)'), 'en-us')?.href).toBe('/en-us/javascript:alert(1)');
  });
});

describe('buildContentHref: internal-path links (§2 "a path plus a query parsed from the href")', () => {
  const path = (href: string, extra: Partial<ContentLink> = {}): ContentLink => ({
    title: 'Path',
    type: 'internal_path',
    href,
    ...extra,
  });

  it.each<[string, string, string, string]>([
    ['path only', '/stores', 'de-de', '/de-de/stores'],
    ['path and query', '/search?q=goggles&page=2', 'de-de', '/de-de/search?q=goggles&page=2'],
    ['query re-encoded', '/search?q=snow+goggles&x=%2F', 'en-us', '/en-us/search?q=snow%20goggles&x=%2F'],
    ['hash kept', '/support/faq?topic=returns#shipping', 'fr-fr', '/fr-fr/support/faq?topic=returns#shipping'],
    ['empty query dropped', '/stores?', 'de-de', '/de-de/stores'],
    ['en-us home', '/', 'en-us', '/'],
    ['en-us home with a query', '/?utm_source=mail', 'en-us', '/?utm_source=mail'],
    ['missing leading slash', 'stores', 'de-de', '/de-de/stores'],
    ['protocol-relative stays in the shop', '//evil.example/x', 'de-de', '/de-de/evil.example/x'],
  ])('%s', (_case, href, locale, expected) => {
    expect(buildContentHref(path(href), locale)).toEqual({ href: expected, external: false });
  });

  it('ignores filters (its query comes from the href)', () => {
    expect(buildContentHref(path('/stores', { filters: [{ id: 'a', value: 'b' }] }), 'de-de')?.href).toBe(
      '/de-de/stores',
    );
  });

  it('opens in a new tab when asked', () => {
    expect(buildContentHref(path('/stores', { new_tab: true }), 'de-de')).toMatchObject({
      target: '_blank',
      rel: 'noopener noreferrer',
    });
  });
});

describe('buildContentHref: external links (§2 "use the href directly")', () => {
  const external = (href: string, new_tab?: boolean): ContentLink => ({
    title: 'Out',
    type: 'external',
    href,
    new_tab,
  });

  it('uses the href as it is', () => {
    expect(buildContentHref(external('https://example.com/a?b=1#c'), 'de-de')).toEqual({
      href: 'https://example.com/a?b=1#c',
      external: true,
    });
  });

  it('opens a new tab with noopener noreferrer only when new_tab is set', () => {
    expect(buildContentHref(external('https://example.com', true), 'en-us')).toEqual({
      href: 'https://example.com',
      external: true,
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(buildContentHref(external('https://example.com', false), 'en-us')).toEqual({
      href: 'https://example.com',
      external: true,
    });
  });

  it.each(['mailto:team@piste.example', 'tel:+15551234567', '//cdn.example.com/x', 'HTTP://EXAMPLE.COM'])(
    'allows %s',
    (href) => {
      expect(buildContentHref(external(href), 'en-us')?.href).toBe(href);
    },
  );

  it('trims the href', () => {
    expect(buildContentHref(external('  https://example.com  '), 'en-us')?.href).toBe('https://example.com');
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html;base64,PHNjcmlwdD4=',
    'vbscript:msgbox(1)',
    '',
    '   ',
  ])('refuses %j (§8 "Dangerous-protocol URL: Refused")', (href) => {
    expect(buildContentHref(external(href, true), 'en-us')).toBeNull();
  });
});

describe('resolveHref (bare hrefs of manual hotspots)', () => {
  it.each<[string, string, string, boolean]>([
    ['a path stays in the shop', '/c/goggles?colour=red', '/de-de/c/goggles?colour=red', false],
    ['a URL is external', 'https://example.com', 'https://example.com', true],
    ['a protocol-relative URL is external', '//cdn.example.com/x', '//cdn.example.com/x', true],
    ['a backslash protocol-relative URL is external', '/\\example.com', '/\\example.com', true],
  ])('%s', (_case, href, expected, external) => {
    expect(resolveHref(href, 'de-de')).toEqual({ href: expected, external });
  });

  it.each(['javascript:alert(1)', '', '  '])('refuses %j', (href) => {
    expect(resolveHref(href, 'de-de')).toBeNull();
  });
});

describe('productCardHref (§2 "pass the selected colour (lowercased) as the colour query parameter")', () => {
  it.each<[string, string, string | null | undefined, string]>([
    ['lowercased colour', '/summit-pro-binding', 'Glacier Blue', '/en-us/p/summit-pro-binding?colour=glacier%20blue'],
    ['colour trimmed', '/summit-pro-binding', ' Black ', '/en-us/p/summit-pro-binding?colour=black'],
    ['special characters encoded', 'helmet', 'Navy/Orange', '/en-us/p/helmet?colour=navy%2Forange'],
    ['no colour', '/helmet', undefined, '/en-us/p/helmet'],
    ['null colour', '/helmet', null, '/en-us/p/helmet'],
    ['blank colour', '/helmet', '  ', '/en-us/p/helmet'],
  ])('%s', (_case, url, colour, expected) => {
    expect(productCardHref('en-us', url, colour)).toBe(expected);
  });

  it('is under the given locale', () => {
    expect(productCardHref('fr-ca', '/helmet', 'Red')).toBe('/fr-ca/p/helmet?colour=red');
  });
});

describe('STOREFRONT_LOCALES (§2 "The storefront is chosen by region")', () => {
  it('maps each region to its storefront locale', () => {
    expect(STOREFRONT_LOCALES).toEqual({ us: 'en-us', ca: 'en-ca', eu_region_1: 'de-de' });
  });
});

describe('storefrontRegionFor (§2 "The storefront is chosen by region (us, ca, eu_region_1)")', () => {
  it.each([
    ['en-us', 'us'],
    ['en-ca', 'ca'],
    ['fr-ca', 'ca'],
    ['de-de', 'eu_region_1'],
    ['fr-fr', 'eu_region_1'],
    ['de-at', 'eu_region_1'],
    ['ja-jp', 'us'],
    ['nb-no', 'us'],
  ])('%s → %s', (locale, region) => {
    expect(storefrontRegionFor(locale)).toBe(region);
  });
});
