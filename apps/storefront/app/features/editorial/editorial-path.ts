import { CONTENT_URL_PREFIXES, type LinkContentType } from '@piste/content';

/**
 * The app path of an entry (spec §2 'Content-type URL prefixes'): its type's prefix before its
 * `url` (`blog`, `/first-tracks` → `/blog/p/first-tracks`). Without the locale, for LocaleLink.
 */
export function editorialPath(contentType: LinkContentType, url: string): string {
  const rest = url.trim().replace(/^\/+/, '');
  return `${CONTENT_URL_PREFIXES[contentType]}/${rest}`;
}

/** The url an entry is stored under for a route's `:uid` (`first-tracks` → `/first-tracks`). */
export function entryUrl(uid: string): string {
  return `/${uid}`;
}
