import { DEFAULT_LOCALE, parseLocale } from './locales';

/**
 * Spec §2 'Link building': "Internal links become /{locale}{prefix}{href}" and
 * 'Locale routing rules': "/en-us is shortened to /". Keeps any query or hash.
 * An unsupported locale falls back to en-us; a path without a leading slash gets one.
 */
export function localizePath(locale: string, path = '/'): string {
  const target = parseLocale(locale)?.locale ?? DEFAULT_LOCALE;
  const cut = path.search(/[?#]/);
  const pathPart = cut === -1 ? path : path.slice(0, cut);
  const suffix = cut === -1 ? '' : path.slice(cut);
  if (pathPart === '' || pathPart === '/') {
    return target === DEFAULT_LOCALE ? `/${suffix}` : `/${target}${suffix}`;
  }
  const withSlash = pathPart.startsWith('/') ? pathPart : `/${pathPart}`;
  return `/${target}${withSlash}${suffix}`;
}
