import { pagePathOf, resolveLocaleState, type LocaleState } from '@piste/core';

/**
 * The `:lang` param React Router reads from a page or data request URL (app/routes.ts: every page
 * but `/` is under `:lang`), undefined when the path has no first segment. Mirrors React Router's
 * own reading with `v8_trailingSlashAwareDataRequests`: a data request's `.data` (or `/_.data`)
 * suffix is dropped, then the segment is percent-decoded, unless any segment of the path is
 * malformed, when the path stays as sent.
 */
export function localeParamOf(url: URL): string | undefined {
  const segment = decodedPath(pagePathOf(url.pathname)).split('/')[1];
  return segment ? segment.replace(/%2F/g, '/') : undefined;
}

function decodedPath(pathname: string): string {
  try {
    return pathname
      .split('/')
      .map((segment) => decodeURIComponent(segment).replace(/\//g, '%2F'))
      .join('/');
  } catch {
    return pathname;
  }
}

/**
 * Spec §3 'Locale state' of a shopper in `locale`: a pro sees the pro region's content. An
 * unknown locale gets en-us, so the 404 page of an invalid prefix still renders (the locale
 * layout route is what rejects it).
 */
export const shopperLocaleState = (locale: string | undefined, isPro: boolean | undefined): LocaleState =>
  resolveLocaleState({ locale, isPro });
