import { resolveLocaleState } from '@piste/core';
import { PageIntro } from '../../components/page-intro';
import { ContentPageBody, contentPageHandle } from '../../features/editorial/content-page-body';
import { loadGenericPage } from '../../features/editorial/content-page.server';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { useDisplayText } from '../../lib/display-text';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/pro-home';

export const handle = contentPageHandle;

/** The programme's own page comes from content (url '/pro'); without it the built-in intro stands in. */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const localeState = resolveLocaleState({ locale: params.lang });
  return { page: await loadGenericPage(context, localeState, '/pro'), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    loaderData?.page?.seo,
    { title: loaderData?.page?.title ?? metaDisplayText(matches)('Pro programme') },
    loaderData?.site,
  );

export default function ProHomePage({ loaderData }: Route.ComponentProps) {
  const t = useDisplayText();
  if (loaderData.page) return <ContentPageBody page={loaderData.page} />;
  return (
    <PageIntro eyebrow={t('Pro')} title={t('Pro programme')}>
      {t('Trade pricing, a spend allowance and priority service for instructors, patrollers and shop staff.')}
    </PageIntro>
  );
}
