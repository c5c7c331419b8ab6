import type { AppLoadContext } from 'react-router';
import type { SeoSite } from './seo-meta';

/** The page's URL without its query (filters and tracking parameters are not the page) and the media service. */
export function seoSite(request: Request, context: AppLoadContext): SeoSite {
  const url = new URL(request.url);
  return { url: `${url.origin}${url.pathname}`, media: context.media };
}
