import { redirect } from 'react-router';
import { localizePath } from '@piste/core';
import { PageIntro } from '../../components/page-intro';
import { metaDisplayText } from '../../features/editorial/editorial-meta';
import { PASSWORD_RULES, proCreateAction, signInPath } from '../../features/pro/pro-actions.server';
import { ProCreateForm } from '../../features/pro/pro-create-form';
import { ProProgrammeFacts } from '../../features/pro/pro-join';
import { pageTitle } from '../../lib/brand';
import { useDisplayText } from '../../lib/display-text';
import styles from '../../features/pro/pro.module.css';
import type { Route } from './+types/pro-create';

/** `/pro/create`: a new account with a pro code. Someone signed in adds a code instead. */
export function loader({ context }: Route.LoaderArgs) {
  const { localeState } = context;
  if (context.customer) throw redirect(localizePath(localeState.locale, '/pro/signup'));
  return { minPasswordLength: PASSWORD_RULES.minLength, signInPath: signInPath(localeState, '/pro/signup') };
}

export function action({ context, request }: Route.ActionArgs) {
  return proCreateAction(context, request, context.localeState);
}

/** A refused form is answered with the shopper's own details. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Create a pro account')) },
  { name: 'robots', content: 'noindex' },
];

export default function ProCreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  return (
    <div className={styles.page}>
      <PageIntro eyebrow={t('Pro')} title={t('Create a pro account')}>
        {t('Use the pro code from Piste or your organisation: your account starts with pro prices straight away.')}
      </PageIntro>
      <div className={styles.columns}>
        <ProCreateForm
          answer={actionData}
          minPasswordLength={loaderData.minPasswordLength}
          signInPath={loaderData.signInPath}
        />
        <aside className={styles.panel} aria-labelledby="pro-create-benefits-title">
          <h2 id="pro-create-benefits-title" className={styles.panelTitle}>
            {t('What you get')}
          </h2>
          <ProProgrammeFacts />
        </aside>
      </div>
    </div>
  );
}
