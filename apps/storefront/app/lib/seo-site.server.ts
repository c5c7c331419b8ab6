import type { LoadContextOf } from '@piste/server/load-context';
import type { SeoSite } from './seo-meta';

/**
 * The page's URL without its query (filters and tracking parameters are not the page) and the
 * media service. The origin is PUBLIC_URL's: a Host header is the client's to choose.
 */
export function seoSite(request: Request, context: LoadContextOf<never, 'publicUrl' | 'media'>): SeoSite {
  const url = new URL(request.url);
  return { url: `${new URL(context.publicUrl).origin}${url.pathname}`, media: context.media };
}
