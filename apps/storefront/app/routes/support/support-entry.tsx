import { SupportArticle } from '../../features/editorial/support-article';
import { loadSupportArticle } from '../../features/editorial/support-pages.server';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/support-entry';

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { ...(await loadSupportArticle(context, localeState, params.uid)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData
    ? seoMeta(
        loaderData.seo,
        { title: loaderData.article.title, description: loaderData.article.summary, type: 'article' },
        loaderData.site,
      )
    : [];

/** Spec §2 `/{lang}/support/{uid}` (404 for an unknown article or one not shown in the region). */
export default function SupportEntryPage({ loaderData }: Route.ComponentProps) {
  return <SupportArticle article={loaderData.article} />;
}
