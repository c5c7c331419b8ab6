import { contentPageHandle } from '../../features/editorial/content-page-body';
import { loadGenericPage } from '../../features/editorial/content-page.server';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { ProContentPage } from '../../features/pro/pro-content-page';
import { ProJoinOptions, ProProgrammeFacts } from '../../features/pro/pro-join';
import { MembershipDetails } from '../../features/pro/pro-membership';
import { loadProStatus } from '../../features/pro/pro-status.server';
import { useDisplayText } from '../../lib/display-text';
import { seoMeta } from '../../lib/seo-meta';
import { seoSite } from '../../lib/seo-site.server';
import styles from '../../features/pro/pro.module.css';
import type { Route } from './+types/pro-home';

export const handle = contentPageHandle;

/**
 * The programme page (docs/accounts.md 'Pro programme'): the editors' page from content (url
 * '/pro') with, for a signed-in member, their status, and for everyone else how to join.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  const [page, status] = await Promise.all([
    loadGenericPage(context, localeState, '/pro'),
    loadProStatus(context, localeState),
  ]);
  return { page, status, site: seoSite(request, context) };
}

/** A signed-in member sees their own status here. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  seoMeta(
    loaderData?.page?.seo,
    { title: loaderData?.page?.title ?? metaDisplayText(matches)('Pro programme') },
    loaderData?.site,
  );

export default function ProHomePage({ loaderData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { page, status } = loaderData;
  return (
    <ProContentPage
      page={page}
      eyebrow={t('Pro')}
      fallbackTitle={t('Pro programme')}
      fallbackLede={t(
        'Trade pricing, a spend allowance and priority service for instructors, patrollers and shop staff.',
      )}
    >
      {status.kind === 'member' ? (
        <section className={`${styles.panel} ${styles.panelAccent}`} aria-labelledby="pro-status-title">
          <h2 id="pro-status-title" className={styles.panelTitle}>
            {t('Your status, {name}', { name: status.firstName })}
          </h2>
          <MembershipDetails membership={status} compact />
        </section>
      ) : null}
      {page ? null : <ProProgrammeFacts />}
      {status.kind === 'customer' && status.endedOn && status.endedLabel ? (
        <p className={styles.status}>
          {t('Your pro status ended on {date}. Add a new pro code to get pro prices again.', {
            date: status.endedLabel,
          })}
        </p>
      ) : null}
      {status.kind === 'member' ? null : <ProJoinOptions signedIn={status.kind === 'customer'} />}
    </ProContentPage>
  );
}
