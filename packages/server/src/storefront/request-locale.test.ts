import { describe, expect, it } from 'vitest';
import { localeParamOf, shopperLocaleState } from './request-locale';

const paramOf = (path: string) => localeParamOf(new URL(path, 'http://shop.test'));

describe('localeParamOf (the :lang param of app/routes.ts)', () => {
  it('reads the first segment of a page path', () => {
    expect(paramOf('/de-de')).toBe('de-de');
    expect(paramOf('/de-de/')).toBe('de-de');
    expect(paramOf('/de-de/p/skyline-touring-helmet?colour=alpine+red')).toBe('de-de');
    expect(paramOf('/DE-DE/c/helmets')).toBe('DE-DE');
  });

  it('has none for the home and a path without a first segment', () => {
    expect(paramOf('/')).toBeUndefined();
    expect(paramOf('//de-de')).toBeUndefined();
  });

  it('drops the suffix of a data request', () => {
    expect(paramOf('/de-de.data')).toBe('de-de');
    expect(paramOf('/de-de/_.data')).toBe('de-de');
    expect(paramOf('/de-de/c/helmets.data?_routes=routes%2Fcategory')).toBe('de-de');
    expect(paramOf('/_.data')).toBeUndefined();
    // Without trailing-slash-aware data requests this was the home's; now it is a path like any other.
    expect(paramOf('/_root.data')).toBe('_root');
  });

  it('percent-decodes the segment, as React Router does', () => {
    expect(paramOf('/de%2Dde/p/x')).toBe('de-de');
    expect(paramOf('/de%2Fde/p/x')).toBe('de/de');
  });

  it('keeps the path as sent when a segment is malformed', () => {
    expect(paramOf('/de%2Dde/%E0%A4%A')).toBe('de%2Dde');
  });

  it('keeps an invalid prefix, for the locale layout to reject', () => {
    expect(paramOf('/xx-zz/p/x')).toBe('xx-zz');
  });
});

describe('shopperLocaleState', () => {
  it('resolves the locale, pro-aware', () => {
    expect(shopperLocaleState('de-de', false)).toMatchObject({ locale: 'de-de', contentLocale: 'de' });
    expect(shopperLocaleState('en-us', true).ctsRegion).not.toBe(shopperLocaleState('en-us', false).ctsRegion);
  });

  it('falls back to en-us for a missing or unknown locale', () => {
    expect(shopperLocaleState(undefined, false).locale).toBe('en-us');
    expect(shopperLocaleState('xx-zz', false).locale).toBe('en-us');
    expect(shopperLocaleState('_root', false).locale).toBe('en-us');
  });
});
