import { PageIntro } from '../components/page-intro';
import { metaDisplayText } from '../features/editorial/editorial-meta';
import { loadTeamPage } from '../features/editorial/team-page.server';
import { TeamRoster } from '../features/editorial/team-roster';
import { useDisplayText } from '../lib/display-text';
import { seoMeta } from '../lib/seo-meta';
import { seoSite } from '../lib/seo-site.server';
import type { Route } from './+types/team';

const LEDE = 'The riders who test, break and improve every piece of our gear.';

export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  return { ...(await loadTeamPage(context, localeState)), site: seoSite(request, context) };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const t = metaDisplayText(matches);
  return seoMeta(undefined, { title: t('Team riders'), description: t(LEDE) }, loaderData?.site);
};

/** Spec §2 `/{lang}/team`: the athletes of the visitor's region and the gear they ride. */
export default function TeamPage({ loaderData }: Route.ComponentProps) {
  const { athletes, currency, language } = loaderData;
  const t = useDisplayText();
  return (
    <>
      <PageIntro eyebrow={t('Athletes')} title={t('Team riders')}>
        {t(LEDE)}
      </PageIntro>
      <TeamRoster athletes={athletes} currency={currency} language={language} />
    </>
  );
}
