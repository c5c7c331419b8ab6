import { localizePath } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { productShownIn } from '../catalogue/product-page.server';

const PRODUCT_PATH = /^\/p\/([^/]+)\/?$/;

/**
 * Where a shopper lands after choosing a country on a page: that page in the new locale, or the
 * new locale's home when it is a product not sold there, as its page would only say 'Page not
 * found'. `path` is a path of this site without its locale, query kept.
 */
export async function switchDestination(
  context: LoadContextOf<'content', 'localeStateIn'>,
  locale: string,
  path: string,
): Promise<string> {
  const uid = productUid(path);
  if (uid !== null) {
    const localeState = context.localeStateIn(locale);
    // Content that cannot be read now leaves the choice to the page, which says what it can.
    const shown = await productShownIn(context, localeState, uid).catch(() => true);
    if (!shown) return localizePath(locale, '/');
  }
  return localizePath(locale, path);
}

function productUid(path: string): string | null {
  const match = PRODUCT_PATH.exec(new URL(path, 'http://path.invalid').pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
}
