import { ContentPageBody, contentPageHandle } from '../features/editorial/content-page-body';
import { loadGenericPage } from '../features/editorial/content-page.server';
import { entryUrl } from '../features/editorial/editorial-path';
import { pageNotFound } from '../lib/page-not-found';
import { seoMeta } from '../lib/seo-meta';
import { seoSite } from '../lib/seo-site.server';
import type { Route } from './+types/content-page';

export const handle = contentPageHandle;

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const page = await loadGenericPage(context, localeState, entryUrl(params.page));
  if (!page) throw pageNotFound(request);
  return { page, site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData ? seoMeta(loaderData.page.seo, { title: loaderData.page.title }, loaderData.site) : [];

/** Generic content page `/{lang}/{page}` (route id `lang-page`, spec §2); 404 for an unknown page. */
export default function ContentPage({ loaderData }: Route.ComponentProps) {
  return <ContentPageBody page={loaderData.page} />;
}
