import { accountHomeAction } from '../../features/account/account-actions.server';
import { accountHeaders } from '../../features/account/account-headers';
import { AccountOverview } from '../../features/account/account-overview';
import { loadAccountHome } from '../../features/account/account-pages.server';
import { ForgotPasswordView, ResetPasswordView, SignInView } from '../../features/account/sign-in-forms';
import { pageTitle } from '../../lib/brand';
import { translateFrom } from '../../lib/display-text';
import type { Route } from './+types/account-home';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadAccountHome(context, request, context.localeState);
}

export function action({ context, request }: Route.ActionArgs) {
  return accountHomeAction(context, request, context.localeState);
}

export const headers: Route.HeadersFunction = accountHeaders;

const TITLES = {
  signin: 'Sign in',
  forgot: 'Reset your password',
  reset: 'Set a new password',
  overview: 'Your account',
} as const;

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t(TITLES[data?.view ?? 'signin'])) }, { name: 'robots', content: 'noindex' }];
};

/**
 * `/{lang}/account` (spec §2 'Account home'): the overview when signed in; otherwise the
 * sign-in page, which also holds the password reset (spec §2: the emailed link comes here with
 * `action=reset_password`).
 */
export default function AccountHomePage({ loaderData, actionData }: Route.ComponentProps) {
  switch (loaderData.view) {
    case 'overview':
      return <AccountOverview overview={loaderData.overview} notice={loaderData.notice} />;
    case 'reset':
      return (
        <ResetPasswordView
          token={loaderData.token}
          minPasswordLength={loaderData.minPasswordLength}
          answer={actionData}
        />
      );
    case 'forgot':
      return (
        <ForgotPasswordView notice={loaderData.notice} resetMinutes={loaderData.resetMinutes} answer={actionData} />
      );
    default:
      return <SignInView notice={loaderData.notice} redirectTo={loaderData.redirectTo} answer={actionData} />;
  }
}
