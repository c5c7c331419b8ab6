import { PageIntro } from '../../components/page-intro';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { loadSupportList } from '../../features/editorial/support-pages.server';
import { SupportTopics } from '../../features/editorial/support-topics';
import { useDisplayText } from '../../lib/display-text';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import type { Route } from './+types/support-list';

const LEDE = 'Answers about orders, shipping, returns, sizing and warranty.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { topics: await loadSupportList(context, localeState), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaDisplayText(matches);
  return seoMeta(undefined, { title: t('Support'), description: t(LEDE) }, loaderData?.site);
};

/** Spec §2 `/{lang}/support`: the region's support articles, grouped by topic. */
export default function SupportListPage({ loaderData }: Route.ComponentProps) {
  const t = useDisplayText();
  return (
    <>
      <PageIntro eyebrow={t('Help')} title={t('Support')}>
        {t(LEDE)}
      </PageIntro>
      <SupportTopics topics={loaderData.topics} />
    </>
  );
}
