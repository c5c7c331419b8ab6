import { LocaleLink } from '../../components/locale-link';
import { PageIntro } from '../../components/page-intro';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { proSignupAction, signInPath } from '../../features/pro/pro-actions.server';
import { ProCodeForm } from '../../features/pro/pro-code-form';
import { loadProStatus } from '../../features/pro/pro-status.server';
import { pageTitle } from '../../lib/brand';
import { useDisplayText } from '../../lib/display-text';
import styles from '../../features/pro/pro.module.css';
import type { Route } from './+types/pro-signup';

/** `/pro/signup`: a signed-in customer adds a pro code; anyone else is told how. */
export async function loader({ context }: Route.LoaderArgs) {
  const { localeState } = context;
  return {
    status: await loadProStatus(context, localeState),
    signInPath: signInPath(localeState, '/pro/signup'),
  };
}

export function action({ context, request }: Route.ActionArgs) {
  return proSignupAction(context, request, context.localeState);
}

/** It shows the signed-in customer's status. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Add your pro code')) },
  { name: 'robots', content: 'noindex' },
];

export default function ProSignupPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { status } = loaderData;
  return (
    <div className={styles.page}>
      <PageIntro eyebrow={t('Pro')} title={t('Add your pro code')}>
        {t(
          'Your pro code switches your Piste account to pro prices, with a yearly spend limit, until the code’s expiry date.',
        )}
      </PageIntro>
      {status.kind === 'guest' ? (
        <section className={styles.panel} aria-labelledby="pro-signup-account-title">
          <h2 id="pro-signup-account-title" className={styles.panelTitle}>
            {t('Sign in first')}
          </h2>
          <p className={styles.note}>
            {t(
              'A pro code belongs to a Piste account. Sign in to add yours, or create a pro account if you are new to Piste.',
            )}
          </p>
          <div className={styles.options}>
            <div className={styles.option}>
              <h3 className={styles.optionTitle}>{t('Already shop with us?')}</h3>
              <LocaleLink to={loaderData.signInPath} className="button-primary">
                {t('Sign in')}
              </LocaleLink>
            </div>
            <div className={styles.option}>
              <h3 className={styles.optionTitle}>{t('New to Piste?')}</h3>
              <LocaleLink to="/pro/create" className="button-secondary">
                {t('Create a pro account')}
              </LocaleLink>
            </div>
          </div>
        </section>
      ) : (
        <section className={styles.panel} aria-labelledby="pro-signup-form-title">
          <h2 id="pro-signup-form-title" className={styles.panelTitle}>
            {t('Your pro code')}
          </h2>
          {status.kind === 'member' && status.isPro && status.expiresLabel ? (
            <p className={styles.note}>
              {t('You are a pro member until {date}. A new code replaces your current one.', {
                date: status.expiresLabel,
              })}
            </p>
          ) : null}
          {status.kind === 'member' && !status.isPro && status.isEmployee ? (
            <p className={styles.note}>
              {t('Your account has employee pricing. A pro code would replace it with the pro group’s prices.')}
            </p>
          ) : null}
          <ProCodeForm answer={actionData} />
        </section>
      )}
    </div>
  );
}
