import { describe, it, expect } from 'vitest';
import {
  SKIP_PATH_PREFIXES,
  decideLocaleRoute,
  detectVisitorLocale,
  isSkippedPath,
  utmParamsFrom,
  type LocaleRouteDecision,
  type LocaleRouteInput,
} from './locale-routing';

const SKIP: LocaleRouteDecision = { action: 'skip' };
const NOT_FOUND: LocaleRouteDecision = { action: 'not-found' };
const render = (locale: string): LocaleRouteDecision => ({ action: 'render', locale });
const redirect = (location: string): LocaleRouteDecision => ({ action: 'redirect', location, status: 302 });
const req = (pathname: string, extra: Partial<LocaleRouteInput> = {}): LocaleRouteInput => ({
  pathname,
  search: '',
  ...extra,
});

type Row = [description: string, input: LocaleRouteInput, expected: LocaleRouteDecision];

describe('decideLocaleRoute', () => {
  describe('skipped paths', () => {
    it.each<Row>([
      ['sitemap .xml (spec §2)', req('/sitemap.xml'), SKIP],
      ['.xml under a locale', req('/de-de/sitemap.xml'), SKIP],
      ['.xml at any depth, uppercase extension', req('/feeds/Products.XML'), SKIP],
      ['.xml skips even with a differing cookie', req('/fr-fr/feed.xml', { cookieLocale: 'de-de' }), SKIP],
      ['api call', req('/api/products', { cookieLocale: 'de-de' }), SKIP],
      ['api root', req('/api'), SKIP],
      ['media', req('/media/i/brand/x'), SKIP],
      ['assets', req('/assets/entry-abc123'), SKIP],
      ['graphql', req('/graphql'), SKIP],
      ['graphql sub path', req('/graphql/schema'), SKIP],
      ['healthz', req('/healthz'), SKIP],
      ['readyz', req('/readyz'), SKIP],
      ['metrics', req('/metrics'), SKIP],
      ['React Router route discovery', req('/__manifest', { search: '?p=%2Fde-de%2Fstores&version=abc' }), SKIP],
      ['favicon', req('/favicon.ico'), SKIP],
      ['robots.txt', req('/robots.txt'), SKIP],
      ['file under .well-known', req('/.well-known/security.txt'), SKIP],
      ['file with query', req('/manifest.webmanifest', { search: '?v=2' }), SKIP],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });

    it.each<[string, string, boolean]>([
      ...SKIP_PATH_PREFIXES.map((prefix): [string, string, boolean] => [`${prefix} itself`, prefix, true]),
      ...SKIP_PATH_PREFIXES.map((prefix): [string, string, boolean] => [`below ${prefix}`, `${prefix}/x`, true]),
      ['a page that merely starts like a prefix (/apiary)', '/apiary', false],
      ['a page that merely starts like a prefix (/mediation)', '/mediation', false],
      ['prefixes are case-sensitive (/API/x)', '/API/x', false],
      ['a prefix below a locale is a page (/en-us/api/x)', '/en-us/api/x', false],
      ['numeric dotted slug is not a file (/p/helmet-2.0)', '/p/helmet-2.0', false],
      ['Vite development client', '/@vite/client', true],
      ['Vite development module by id', '/@id/virtual:react-router/hmr-runtime', true],
      ['plain page', '/stores', false],
      ['root', '/', false],
    ])('isSkippedPath: %s', (_description, pathname, expected) => {
      expect(isSkippedPath(pathname)).toBe(expected);
    });
  });

  describe('root', () => {
    it.each<Row>([
      ['/ renders en-us for a new visitor', req('/'), render('en-us')],
      ['empty pathname is treated as /', req(''), render('en-us')],
      ['/ ignores geolocation (no cookie)', req('/', { geoCountry: 'de' }), render('en-us')],
      ['/ ignores Accept-Language (no cookie)', req('/', { acceptLanguage: 'fr-FR' }), render('en-us')],
      ['/ with en-us cookie renders', req('/', { cookieLocale: 'en-us' }), render('en-us')],
      ['/ with another cookie locale redirects to it', req('/', { cookieLocale: 'de-de' }), redirect('/de-de')],
      [
        '/ with an uppercase cookie locale redirects to its lowercase form',
        req('/', { cookieLocale: 'FR-CA' }),
        redirect('/fr-ca'),
      ],
      [
        '/ redirect keeps the query',
        req('/', { cookieLocale: 'ja-jp', search: '?utm_source=mail&x=1' }),
        redirect('/ja-jp?utm_source=mail&x=1'),
      ],
      [
        '/ with an invalid cookie renders en-us',
        req('/', { cookieLocale: 'xx-zz', geoCountry: 'fr' }),
        render('en-us'),
      ],
      [
        '/ with isshoppingfeed=yes skips the cookie',
        req('/', { cookieLocale: 'de-de', search: '?isshoppingfeed=yes' }),
        render('en-us'),
      ],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });
  });

  describe('/en-us is shortened to / (spec §2)', () => {
    it.each<Row>([
      ['/en-us', req('/en-us'), redirect('/')],
      ['/en-us/', req('/en-us/'), redirect('/')],
      ['/EN-US', req('/EN-US'), redirect('/')],
      ['/en-us keeps the query', req('/en-us', { search: '?utm_campaign=winter' }), redirect('/?utm_campaign=winter')],
      ['/en-us with en-us cookie', req('/en-us', { cookieLocale: 'en-us' }), redirect('/')],
      [
        '/en-us with isshoppingfeed renders (never redirects a prefixed path)',
        req('/en-us', { search: '?isshoppingfeed=yes' }),
        render('en-us'),
      ],
      ['/en-us/stores is not shortened', req('/en-us/stores'), render('en-us')],
      ['/en-us//x is not the bare home', req('/en-us//x'), render('en-us')],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });
  });

  describe('prefixed paths', () => {
    it.each<Row>([
      ['supported prefix renders that locale', req('/de-de/stores'), render('de-de')],
      ['locale home renders', req('/fr-ca'), render('fr-ca')],
      ['locale home with trailing slash renders', req('/fr-ca/'), render('fr-ca')],
      ['en-global renders', req('/en-global/p/helmet'), render('en-global')],
      ['geo does not rewrite a prefixed path', req('/de-de/stores', { geoCountry: 'fr' }), render('de-de')],
      [
        'Accept-Language does not rewrite a prefixed path',
        req('/de-de/stores', { acceptLanguage: 'ja' }),
        render('de-de'),
      ],
      ['same cookie locale renders', req('/de-de/cart', { cookieLocale: 'de-de' }), render('de-de')],
      ['same cookie locale, different case, renders', req('/de-de/cart', { cookieLocale: 'DE-DE' }), render('de-de')],
      [
        'differing cookie locale rewrites the prefix',
        req('/de-de/c/helmets', { cookieLocale: 'fr-fr' }),
        redirect('/fr-fr/c/helmets'),
      ],
      [
        'differing cookie rewrite keeps the query',
        req('/de-de/c/helmets', { cookieLocale: 'fr-fr', search: '?colour=red&utm_source=x' }),
        redirect('/fr-fr/c/helmets?colour=red&utm_source=x'),
      ],
      [
        'differing cookie rewrite keeps a trailing slash',
        req('/de-de/blog/', { cookieLocale: 'it-it' }),
        redirect('/it-it/blog/'),
      ],
      ['differing cookie rewrite of a locale home', req('/de-de', { cookieLocale: 'ja-jp' }), redirect('/ja-jp')],
      ['cookie en-us: locale home becomes /', req('/de-de', { cookieLocale: 'en-us' }), redirect('/')],
      ['cookie en-us: locale home with slash becomes /', req('/de-de/', { cookieLocale: 'en-us' }), redirect('/')],
      [
        'cookie en-us: home redirect keeps the query',
        req('/de-de', { cookieLocale: 'en-us', search: '?a=1' }),
        redirect('/?a=1'),
      ],
      [
        'cookie en-us: deeper path keeps the prefix',
        req('/de-de/stores', { cookieLocale: 'en-us' }),
        redirect('/en-us/stores'),
      ],
      ['cookie beats the path for bare /en-us too', req('/en-us', { cookieLocale: 'de-ch' }), redirect('/de-ch')],
      ['invalid cookie is ignored', req('/de-de/stores', { cookieLocale: 'xx-zz' }), render('de-de')],
      ['empty cookie is ignored', req('/de-de/stores', { cookieLocale: '' }), render('de-de')],
      ['uppercase prefix is canonicalised', req('/DE-DE/stores', { search: '?q=1' }), redirect('/de-de/stores?q=1')],
      [
        'isshoppingfeed=yes renders the path locale despite the cookie',
        req('/de-de/p/helmet', { cookieLocale: 'fr-fr', search: '?isshoppingfeed=yes' }),
        render('de-de'),
      ],
      [
        'isshoppingfeed=YES (case-insensitive value)',
        req('/de-de/p/helmet', { cookieLocale: 'fr-fr', search: '?isshoppingfeed=YES' }),
        render('de-de'),
      ],
      [
        'isshoppingfeed renders an uppercase prefix without redirect',
        req('/DE-DE/p/helmet', { search: '?isshoppingfeed=yes' }),
        render('de-de'),
      ],
      [
        'isshoppingfeed=no does not skip detection',
        req('/de-de/p/helmet', { cookieLocale: 'fr-fr', search: '?isshoppingfeed=no' }),
        redirect('/fr-fr/p/helmet?isshoppingfeed=no'),
      ],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });
  });

  describe('invalid locale prefixes answer 404', () => {
    it.each<Row>([
      ['unknown pair', req('/xx-zz/stores'), NOT_FOUND],
      ['unknown pair, bare', req('/xx-zz'), NOT_FOUND],
      ['language not offered in that country', req('/de-fr/stores'), NOT_FOUND],
      ['uppercase unknown pair', req('/EN-ZZ/'), NOT_FOUND],
      ['unsupported global language', req('/de-global'), NOT_FOUND],
      ['even with a cookie locale', req('/xx-zz/stores', { cookieLocale: 'de-de' }), NOT_FOUND],
      ['even with isshoppingfeed', req('/xx-zz/p/helmet', { search: '?isshoppingfeed=yes' }), NOT_FOUND],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });
  });

  describe('paths without a locale prefix redirect under the visitor locale', () => {
    it.each<Row>([
      ['new visitor → en-us (not shortened)', req('/stores'), redirect('/en-us/stores')],
      [
        'query kept',
        req('/stores', { search: '?utm_source=news&utm_medium=mail' }),
        redirect('/en-us/stores?utm_source=news&utm_medium=mail'),
      ],
      ['search without leading ? is normalised', req('/stores', { search: 'a=1' }), redirect('/en-us/stores?a=1')],
      ['bare ? dropped', req('/stores', { search: '?' }), redirect('/en-us/stores')],
      ['trailing slash kept', req('/blog/', { cookieLocale: 'fr-fr' }), redirect('/fr-fr/blog/')],
      ['multi-segment path kept', req('/c/helmets/kids'), redirect('/en-us/c/helmets/kids')],
      ['bare language segment is a page', req('/de'), redirect('/en-us/de')],
      ['cookie locale', req('/cart', { cookieLocale: 'it-ch' }), redirect('/it-ch/cart')],
      ['cookie en-us', req('/cart', { cookieLocale: 'en-us' }), redirect('/en-us/cart')],
      ['cookie beats geo', req('/cart', { cookieLocale: 'fr-ca', geoCountry: 'de' }), redirect('/fr-ca/cart')],
      [
        'cookie beats geo and Accept-Language',
        req('/cart', { cookieLocale: 'fr-ca', geoCountry: 'de', acceptLanguage: 'ja' }),
        redirect('/fr-ca/cart'),
      ],
      ['geo → country default language', req('/cart', { geoCountry: 'de' }), redirect('/de-de/cart')],
      ['geo uppercase', req('/cart', { geoCountry: 'JP' }), redirect('/ja-jp/cart')],
      ['geo multilingual country → its default', req('/cart', { geoCountry: 'ch' }), redirect('/de-ch/cart')],
      [
        'geo beats Accept-Language',
        req('/cart', { geoCountry: 'se', acceptLanguage: 'fr-FR' }),
        redirect('/sv-se/cart'),
      ],
      [
        'invalid cookie falls back to geo',
        req('/cart', { cookieLocale: 'xx-zz', geoCountry: 'be' }),
        redirect('/nl-be/cart'),
      ],
      [
        'unknown geo falls back to Accept-Language',
        req('/cart', { geoCountry: 'br', acceptLanguage: 'fr-CA,fr;q=0.9' }),
        redirect('/fr-ca/cart'),
      ],
      ['Accept-Language bare language', req('/cart', { acceptLanguage: 'es' }), redirect('/es-es/cart')],
      ['unsupported Accept-Language → en-us', req('/cart', { acceptLanguage: 'pt-BR' }), redirect('/en-us/cart')],
      [
        'garbage inputs → en-us',
        req('/cart', { cookieLocale: '%%', geoCountry: '???', acceptLanguage: ';;;' }),
        redirect('/en-us/cart'),
      ],
      [
        'isshoppingfeed skips detection → en-us',
        req('/p/helmet', { cookieLocale: 'de-de', geoCountry: 'fr', search: '?isshoppingfeed=yes' }),
        redirect('/en-us/p/helmet?isshoppingfeed=yes'),
      ],
    ])('%s', (_description, input, expected) => {
      expect(decideLocaleRoute(input)).toEqual(expected);
    });
  });

  describe('open-redirect attempts never produce a protocol-relative location', () => {
    const attempts: Row[] = [
      ['//evil.example', req('//evil.example'), NOT_FOUND],
      ['//evil.example with cookie', req('//evil.example/x', { cookieLocale: 'de-de' }), NOT_FOUND],
      ['///evil.example', req('///evil.example'), NOT_FOUND],
      ['/\\evil.example', req('/\\evil.example'), NOT_FOUND],
      ['\\\\evil.example', req('\\\\evil.example'), NOT_FOUND],
      ['backslash deeper in the path', req('/stores\\..\\x'), NOT_FOUND],
      ['path without a leading slash', req('evil.example/x'), NOT_FOUND],
      ['absolute URL as path', req('https://evil.example/'), NOT_FOUND],
      ['CRLF in path (header injection)', req('/stores\r\nSet-Cookie: a=b'), NOT_FOUND],
      ['CRLF in search', req('/stores', { search: '?a=1\r\nX: y' }), NOT_FOUND],
      ['encoded slashes stay under the locale', req('/%2F%2Fevil'), redirect('/en-us/%2F%2Fevil')],
      [
        'encoded slashes with a host-like dot are file-like and skipped, never redirected',
        req('/%2F%2Fevil.example'),
        SKIP,
      ],
      [
        'search without ? cannot make //',
        req('/', { cookieLocale: 'de-de', search: '/evil.example' }),
        redirect('/de-de?/evil.example'),
      ],
      [
        'en-us cookie rewrite of /de-de//evil stays prefixed',
        req('/de-de//evil', { cookieLocale: 'en-us' }),
        redirect('/en-us//evil'),
      ],
    ];

    it.each<Row>(attempts)('%s', (_description, input, expected) => {
      const decision = decideLocaleRoute(input);
      expect(decision).toEqual(expected);
      if (decision.action === 'redirect') {
        expect(decision.location.startsWith('/')).toBe(true);
        expect(decision.location.startsWith('//')).toBe(false);
        expect(decision.location).not.toContain('\\');
      }
    });
  });
});

describe('detectVisitorLocale (spec §4: cookies, then geolocation, then accept-language)', () => {
  it.each<[string, Parameters<typeof detectVisitorLocale>[0], string]>([
    ['nothing known → en-us', {}, 'en-us'],
    ['cookie', { cookieLocale: 'fr-be' }, 'fr-be'],
    ['cookie lowercased', { cookieLocale: 'FR-BE' }, 'fr-be'],
    ['cookie over geo and header', { cookieLocale: 'fr-be', geoCountry: 'jp', acceptLanguage: 'de' }, 'fr-be'],
    ['geo over header', { geoCountry: 'jp', acceptLanguage: 'de' }, 'ja-jp'],
    ['geo global', { geoCountry: 'global' }, 'en-global'],
    ['header when geo unknown', { geoCountry: 'zz', acceptLanguage: 'de' }, 'de-de'],
    ['header when geo missing', { geoCountry: null, acceptLanguage: 'ko-KR' }, 'ko-kr'],
    ['unsupported everything → en-us', { cookieLocale: 'pt-br', geoCountry: 'br', acceptLanguage: 'pt' }, 'en-us'],
  ])('%s', (_description, input, expected) => {
    expect(detectVisitorLocale(input)).toBe(expected);
  });
});

describe('utmParamsFrom (spec §2: utm query parameters are saved in a cookie)', () => {
  it.each<[string, string | null | undefined, Record<string, string>]>([
    ['utm parameters only', '?utm_source=news&page=2&utm_medium=email', { utm_source: 'news', utm_medium: 'email' }],
    ['without leading ?', 'utm_campaign=winter', { utm_campaign: 'winter' }],
    ['name match is case-insensitive, name kept as given', '?UTM_Source=ads', { UTM_Source: 'ads' }],
    ['values are decoded', '?utm_term=ski%20goggles&utm_content=a+b', { utm_term: 'ski goggles', utm_content: 'a b' }],
    ['first value wins', '?utm_source=a&utm_source=b', { utm_source: 'a' }],
    ['empty value kept', '?utm_source=', { utm_source: '' }],
    ['utm must be a prefix', '?x_utm=1&source=2', {}],
    ['no query', '', {}],
    ['bare ?', '?', {}],
    [
      'malformed escapes do not throw',
      '?utm_source=%E0%A4%A&utm_medium=%',
      { utm_source: '\ufffd%A', utm_medium: '%' },
    ],
    ['null', null, {}],
  ])('%s', (_description, search, expected) => {
    expect(utmParamsFrom(search)).toEqual(expected);
  });
});
