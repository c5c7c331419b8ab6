import { describe, it, expect } from 'vitest';
import { resolveLocaleState, type LocaleState, type LocaleStateInput } from './locale-state';
import { REGION_IDS } from './regions';

type Expected = Omit<LocaleState, 'regions'>;

const base = (overrides: Partial<Expected> & Pick<Expected, 'locale' | 'country' | 'language'>): Expected => ({
  geo: null,
  ctsRegion: 'us',
  bcRegion: 'us',
  shoppingRegion: true,
  eu: false,
  contentLocale: 'en-us',
  ...overrides,
});

describe('resolveLocaleState (spec §3 Locale state, §4 Locale)', () => {
  it.each<[string, LocaleStateInput, Expected]>([
    ['en-us visitor', { locale: 'en-us' }, base({ locale: 'en-us', country: 'us', language: 'en' })],
    [
      'es-us visitor: Spanish content, US regions',
      { locale: 'es-us' },
      base({ locale: 'es-us', country: 'us', language: 'es', contentLocale: 'es' }),
    ],
    [
      'en-ca visitor',
      { locale: 'en-ca' },
      base({ locale: 'en-ca', country: 'ca', language: 'en', ctsRegion: 'ca', bcRegion: 'ca' }),
    ],
    [
      'fr-ca visitor',
      { locale: 'fr-ca' },
      base({ locale: 'fr-ca', country: 'ca', language: 'fr', ctsRegion: 'ca', bcRegion: 'ca', contentLocale: 'fr' }),
    ],
    [
      'de-de visitor: eu_region_1, eu flag',
      { locale: 'de-de' },
      base({
        locale: 'de-de',
        country: 'de',
        language: 'de',
        ctsRegion: 'eu_region_1',
        bcRegion: 'eu_region_1',
        eu: true,
        contentLocale: 'de',
      }),
    ],
    [
      'fr-fr visitor',
      { locale: 'fr-fr' },
      base({
        locale: 'fr-fr',
        country: 'fr',
        language: 'fr',
        ctsRegion: 'eu_region_1',
        bcRegion: 'eu_region_1',
        eu: true,
        contentLocale: 'fr',
      }),
    ],
    [
      'en-gb visitor: eu region, not shopping, billed us',
      { locale: 'en-gb' },
      base({
        locale: 'en-gb',
        country: 'gb',
        language: 'en',
        ctsRegion: 'eu',
        bcRegion: 'us',
        shoppingRegion: false,
        eu: true,
      }),
    ],
    [
      'no-no visitor: eu region',
      { locale: 'no-no' },
      base({
        locale: 'no-no',
        country: 'no',
        language: 'no',
        ctsRegion: 'eu',
        bcRegion: 'us',
        shoppingRegion: false,
        eu: true,
        contentLocale: 'no',
      }),
    ],
    [
      'ja-jp visitor: jp region, not shopping',
      { locale: 'ja-jp' },
      base({
        locale: 'ja-jp',
        country: 'jp',
        language: 'ja',
        ctsRegion: 'jp',
        bcRegion: 'us',
        shoppingRegion: false,
        contentLocale: 'ja',
      }),
    ],
    [
      'en-au visitor: other region',
      { locale: 'en-au' },
      base({
        locale: 'en-au',
        country: 'au',
        language: 'en',
        ctsRegion: 'other',
        bcRegion: 'us',
        shoppingRegion: false,
      }),
    ],
    [
      'en-global visitor',
      { locale: 'en-global' },
      base({
        locale: 'en-global',
        country: 'global',
        language: 'en',
        ctsRegion: 'other',
        bcRegion: 'us',
        shoppingRegion: false,
      }),
    ],
    [
      'pro en-us → pro, billed us',
      { locale: 'en-us', isPro: true },
      base({ locale: 'en-us', country: 'us', language: 'en', ctsRegion: 'pro', bcRegion: 'us' }),
    ],
    [
      'pro fr-ca → pro_ca, billed ca',
      { locale: 'fr-ca', isPro: true },
      base({
        locale: 'fr-ca',
        country: 'ca',
        language: 'fr',
        ctsRegion: 'pro_ca',
        bcRegion: 'ca',
        contentLocale: 'fr',
      }),
    ],
    [
      'pro it-it → pro_eu_region_1, billed eu_region_1',
      { locale: 'it-it', isPro: true },
      base({
        locale: 'it-it',
        country: 'it',
        language: 'it',
        ctsRegion: 'pro_eu_region_1',
        bcRegion: 'eu_region_1',
        eu: true,
        contentLocale: 'it',
      }),
    ],
    [
      'pro no-no → no, not shopping, billed us',
      { locale: 'no-no', isPro: true },
      base({
        locale: 'no-no',
        country: 'no',
        language: 'no',
        ctsRegion: 'no',
        bcRegion: 'us',
        shoppingRegion: false,
        eu: true,
        contentLocale: 'no',
      }),
    ],
    [
      'pro en-gb → region map eu',
      { locale: 'en-gb', isPro: true },
      base({
        locale: 'en-gb',
        country: 'gb',
        language: 'en',
        ctsRegion: 'eu',
        bcRegion: 'us',
        shoppingRegion: false,
        eu: true,
      }),
    ],
    [
      'geo is lowercased and kept',
      { locale: 'de-at', geo: 'AT' },
      base({
        locale: 'de-at',
        country: 'at',
        language: 'de',
        ctsRegion: 'eu_region_1',
        bcRegion: 'eu_region_1',
        eu: true,
        contentLocale: 'de',
        geo: 'at',
      }),
    ],
    [
      'geo does not change the locale country',
      { locale: 'en-us', geo: 'fr' },
      base({ locale: 'en-us', country: 'us', language: 'en', geo: 'fr' }),
    ],
    [
      'malformed geo is dropped',
      { locale: 'en-us', geo: 'not a country' },
      base({ locale: 'en-us', country: 'us', language: 'en' }),
    ],
    [
      'uppercase locale is normalised',
      { locale: 'DE-CH' },
      base({
        locale: 'de-ch',
        country: 'ch',
        language: 'de',
        ctsRegion: 'eu',
        bcRegion: 'us',
        shoppingRegion: false,
        eu: true,
        contentLocale: 'de',
      }),
    ],
    ['unsupported locale → en-us', { locale: 'xx-zz' }, base({ locale: 'en-us', country: 'us', language: 'en' })],
    ['missing locale → en-us', { locale: undefined }, base({ locale: 'en-us', country: 'us', language: 'en' })],
  ])('%s', (_description, input, expected) => {
    const { regions, ...state } = resolveLocaleState(input);
    expect(state).toEqual(expected);
    expect(regions).toEqual(REGION_IDS);
  });
});
