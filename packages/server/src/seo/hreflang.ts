import { absoluteUrl, localeProfile, X_DEFAULT_LOCALE } from './seo-locales';
import type { Alternate } from './sitemap-xml';

/**
 * The hreflang alternates of a page that exists in `locales`: one per locale and `x-default`
 * (the en-us version) when en-us has it. `suffix` is what the URL keeps of its query (`?page=2`).
 */
export function hreflangAlternates(origin: string, path: string, locales: readonly string[], suffix = ''): Alternate[] {
  const alternates = locales.flatMap((locale) => {
    const profile = localeProfile(locale);
    return profile ? [{ hreflang: profile.hreflang, href: `${absoluteUrl(origin, locale, path)}${suffix}` }] : [];
  });
  if (locales.includes(X_DEFAULT_LOCALE)) {
    alternates.push({ hreflang: 'x-default', href: `${absoluteUrl(origin, X_DEFAULT_LOCALE, path)}${suffix}` });
  }
  return alternates;
}
