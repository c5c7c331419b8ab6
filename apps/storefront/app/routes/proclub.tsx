import { requireCustomer } from '../features/account/account-session.server';
import { contentPageHandle } from '../features/editorial/content-page-body';
import { loadGenericPage } from '../features/editorial/content-page.server';
import { metaDisplayText } from '../features/editorial/editorial-meta';
import { LocaleLink } from '../components/locale-link';
import { JOINED_PARAM } from '../features/pro/pro-forms';
import { ProCodeForm } from '../features/pro/pro-code-form';
import { ProContentPage } from '../features/pro/pro-content-page';
import { MembershipDetails } from '../features/pro/pro-membership';
import { loadProStatus } from '../features/pro/pro-status.server';
import { useDisplayText } from '../lib/display-text';
import { seoMeta } from '../lib/seo-meta';
import { seoSite } from '../lib/seo-site.server';
import styles from '../features/pro/pro.module.css';
import type { Route } from './+types/proclub';

export const handle = contentPageHandle;

/**
 * The members' page: signed-in customers only. A member sees their pro region,
 * expiry, group discount and this year's spend against their limit; anyone else is invited to
 * join with a code. The club's own copy comes from content (url '/proclub').
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { localeState } = context;
  requireCustomer(context, request, localeState);
  const [page, status] = await Promise.all([
    loadGenericPage(context, localeState, '/proclub'),
    loadProStatus(context, localeState),
  ]);
  const joined = new URL(request.url).searchParams.get(JOINED_PARAM) === '1';
  return { page, status, joined, site: seoSite(request, context) };
}

/** One customer's membership and spend: never stored by a cache. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  ...seoMeta(
    loaderData?.page?.seo,
    { title: loaderData?.page?.title ?? metaDisplayText(matches)('Pro club') },
    loaderData?.site,
  ),
  { name: 'robots', content: 'noindex' },
];

export default function ProclubPage({ loaderData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { page, status, joined } = loaderData;
  return (
    <ProContentPage
      page={page}
      eyebrow={t('Pro')}
      fallbackTitle={t('Pro club')}
      fallbackLede={t('Members-only drops, early access and events for pro customers.')}
    >
      {status.kind === 'member' ? (
        <>
          {joined && status.isPro ? (
            <p className={styles.status} role="status">
              {t('Welcome to Piste Pro, {name}. Your pro prices now apply across the shop.', {
                name: status.firstName,
              })}
            </p>
          ) : null}
          <section className={`${styles.panel} ${styles.panelAccent}`} aria-labelledby="proclub-membership-title">
            <h2 id="proclub-membership-title" className={styles.panelTitle}>
              {t('Your membership')}
            </h2>
            <MembershipDetails membership={status} />
          </section>
        </>
      ) : (
        <section className={styles.panel} aria-labelledby="proclub-join-title">
          <h2 id="proclub-join-title" className={styles.panelTitle}>
            {t('Join the Pro Club')}
          </h2>
          {status.kind === 'customer' && status.endedOn && status.endedLabel ? (
            <p>
              {t('Your pro status ended on {date}. Add a new pro code to get pro prices again.', {
                date: status.endedLabel,
              })}
            </p>
          ) : (
            <p>{t('The Pro Club is for Piste Pro members. Have a pro code? Add it to your account to join.')}</p>
          )}
          <ProCodeForm answer={undefined} />
          <p className={styles.note}>
            {t('No code yet?')} <LocaleLink to="/pro">{t('Read about the pro programme')}</LocaleLink>
          </p>
        </section>
      )}
    </ProContentPage>
  );
}
