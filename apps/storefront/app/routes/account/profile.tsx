import { useLocation } from 'react-router';
import { profileAction } from '../../features/account/account-actions.server';
import { Notice } from '../../features/account/account-form';
import { accountHeaders } from '../../features/account/account-headers';
import { loadProfilePage } from '../../features/account/account-pages.server';
import { ProfileForms } from '../../features/account/profile-forms';
import styles from '../../features/account/account.module.css';
import { pageTitle } from '../../lib/brand';
import { translateFrom, useDisplayText } from '../../lib/display-text';
import type { Route } from './+types/profile';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadProfilePage(context, request, context.localeState);
}

export function action({ context, request }: Route.ActionArgs) {
  return profileAction(context, request, context.localeState);
}

export const headers: Route.HeadersFunction = accountHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t('Profile')) }, { name: 'robots', content: 'noindex' }];
};

/** `/{lang}/account/profile` (spec §2, behind the auth middleware): details, email and password. */
export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  // Each answer re-renders the forms fresh: a password typed once is never kept on the page.
  const { key } = useLocation();
  return (
    <div className={styles.page}>
      <header>
        <p className={styles.eyebrow}>{t('Your account')}</p>
        <h1 className={styles.heading}>{t('Profile')}</h1>
      </header>
      <Notice notice={loaderData.notice} />
      <div className={styles.column}>
        <ProfileForms
          key={key}
          details={loaderData.details}
          email={loaderData.email}
          minPasswordLength={loaderData.minPasswordLength}
          answer={actionData}
        />
      </div>
    </div>
  );
}
