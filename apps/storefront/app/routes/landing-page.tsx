import { ContentPageBody, contentPageHandle } from '../features/editorial/content-page-body';
import { loadLandingPage } from '../features/editorial/content-page.server';
import { entryUrl } from '../features/editorial/editorial-path';
import { pageNotFound } from '../lib/page-not-found';
import { seoMeta } from '../lib/seo-meta';
import { seoSite } from '../lib/seo-site.server';
import type { Route } from './+types/landing-page';

export const handle = contentPageHandle;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const path = (params['*'] ?? '').replace(/^\/+|\/+$/g, '');
  const page = path === '' ? null : await loadLandingPage(context, localeState, entryUrl(path));
  if (!page) throw pageNotFound(request);
  return { page, site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.page.seo, { title: loaderData.page.title }, loaderData.site) : [];

/** Landing page `/{lang}/l/{...}` (spec §2 prefix /l): its modular blocks; 404 for an unknown page. */
export default function LandingPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageBody page={loaderData.page} />;
}
