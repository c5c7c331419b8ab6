import { resolveCommerceRegion, type CommerceRegion } from '@piste/commerce';
import {
  DEFAULT_LOCALE,
  localizePath,
  parseLocale,
  resolveLocaleState,
  SUPPORTED_LOCALES,
  type Region,
} from '@piste/core';

/**
 * What search engines see of a locale: an anonymous visitor's content locale, content region
 * and commerce price list (a pro customer's regions never reach a crawler).
 */
export interface LocaleProfile {
  locale: string;
  /** BCP 47 for `hreflang`: `de-DE`; `en-global` serves no one country, so it is plain `en`. */
  hreflang: string;
  contentLocale: string;
  ctsRegion: Region;
  priceListRegion: CommerceRegion['priceListRegion'];
}

export function hreflangFor(locale: string): string {
  const parsed = parseLocale(locale);
  if (!parsed) throw new Error(`Unsupported locale ${locale}`);
  return parsed.country === 'global' ? parsed.language : `${parsed.language}-${parsed.country.toUpperCase()}`;
}

export const LOCALE_PROFILES: readonly LocaleProfile[] = SUPPORTED_LOCALES.map((locale) => {
  const state = resolveLocaleState({ locale });
  return {
    locale,
    hreflang: hreflangFor(locale),
    contentLocale: state.contentLocale,
    ctsRegion: state.ctsRegion,
    priceListRegion: resolveCommerceRegion(state.bcRegion).priceListRegion,
  };
});

const PROFILE_BY_LOCALE = new Map(LOCALE_PROFILES.map((profile) => [profile.locale, profile]));

/** The profile of an exact (lowercase) supported locale; anything else is not a page's locale. */
export function localeProfile(locale: string): LocaleProfile | undefined {
  return PROFILE_BY_LOCALE.get(locale);
}

/** `x-default`, the version for languages and countries the shop has no locale for. */
export const X_DEFAULT_LOCALE = DEFAULT_LOCALE;

/** The absolute URL of a shop path in a locale, on the configured public origin (never the Host header). */
export function absoluteUrl(origin: string, locale: string, path: string): string {
  return `${origin}${localizePath(locale, path)}`;
}

/** PUBLIC_URL's origin: `https://shop.example` without a trailing slash. */
export function publicOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}
