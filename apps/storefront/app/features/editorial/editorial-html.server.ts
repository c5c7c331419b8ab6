import { sanitizeRichText } from '@piste/content/server';
import { localizePath } from '@piste/core';

/** `href="/path"` of a link in sanitized HTML (which always double-quotes attributes); not `//host`. */
const SHOP_HREF = /(<a\s[^>]*?\bhref=")(\/(?!\/)[^"]*)"/g;

/**
 * Editors write shop links in rich text without a locale (`/stores`, `/support/returns`), like
 * every other content link; sanitized, they are put under the visitor's locale so they do not go
 * through the server's locale redirect (a full page load, and back to en-us without a cookie).
 */
export function editorialHtml(html: string, locale: string): string {
  return sanitizeRichText(html).replace(
    SHOP_HREF,
    (_match, start: string, path: string) =>
      `${start}${localizePath(locale, path.replace(/&amp;/g, '&')).replace(/&/g, '&amp;')}"`,
  );
}
