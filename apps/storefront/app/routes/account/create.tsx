import { Form } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { createAccountAction } from '../../features/account/account-actions.server';
import { EMAIL_TAKEN } from '../../features/account/account-fields';
import {
  AccountTextField,
  CheckboxField,
  EMAIL_INPUT,
  newPasswordInput,
  FormErrorSummary,
  SubmitButton,
} from '../../features/account/account-form';
import { accountHeaders } from '../../features/account/account-headers';
import { loadCreatePage } from '../../features/account/account-pages.server';
import { withRedirect } from '../../features/account/sign-in-forms';
import styles from '../../features/account/account.module.css';
import { pageTitle } from '../../lib/brand';
import { translateFrom, useDisplayText } from '../../lib/display-text';
import type { Route } from './+types/create';
import { BotCheck } from '../../features/bot-check/bot-check';

export function loader({ context, request }: Route.LoaderArgs) {
  return loadCreatePage(context, request, context.localeState);
}

export function action({ context, request }: Route.ActionArgs) {
  return createAccountAction(context, request, context.localeState);
}

export const headers: Route.HeadersFunction = accountHeaders;

export const meta: Route.MetaFunction = ({ matches }) => {
  const t = translateFrom(matches[0]?.loaderData?.displayTexts);
  return [{ title: pageTitle(t('Create an account')) }, { name: 'robots', content: 'noindex' }];
};

/** `/{lang}/account/create` (spec §2): a new account, signed in at once. */
export default function CreatePage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { redirectTo, minPasswordLength } = loaderData;
  return (
    <div className={styles.split}>
      <section className={styles.panel} aria-labelledby="create-title">
        <div>
          <p className={styles.eyebrow}>{t('Account')}</p>
          <h1 id="create-title" className={styles.heading}>
            {t('Create an account')}
          </h1>
        </div>
        <FormErrorSummary form="create" answer={actionData}>
          {actionData?.errors.email?.message === EMAIL_TAKEN.message ? (
            <p className={styles.actions}>
              <LocaleLink to={withRedirect('/account', redirectTo)}>{t('Sign in')}</LocaleLink>
              <LocaleLink to="/account?action=forgot_password">{t('Forgot your password?')}</LocaleLink>
            </p>
          ) : null}
        </FormErrorSummary>
        <Form method="post" noValidate className={styles.form}>
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <div className={styles.pair}>
            <AccountTextField form="create" field="first_name" answer={actionData} autoComplete="given-name" required />
            <AccountTextField form="create" field="last_name" answer={actionData} autoComplete="family-name" required />
          </div>
          <AccountTextField form="create" field="email" answer={actionData} {...EMAIL_INPUT} required />
          <AccountTextField
            form="create"
            field="password"
            answer={actionData}
            {...newPasswordInput(minPasswordLength)}
            required
          />
          <CheckboxField form="create" field="accepts_marketing" answer={actionData} defaultChecked={false} />
          <BotCheck action="signup" resetKey={actionData} />
          <div className={styles.actions}>
            <SubmitButton intent="create" label="Create account" busyLabel="Creating your account…" />
          </div>
        </Form>
      </section>
      <section className={`${styles.panel} ${styles.panelMuted}`} aria-labelledby="create-existing">
        <h2 id="create-existing" className={styles.panelTitle}>
          {t('Already have an account?')}
        </h2>
        <p className={styles.muted}>{t('Sign in to see your orders, addresses and pro prices.')}</p>
        <p className={styles.actions}>
          <LocaleLink to={withRedirect('/account', redirectTo)} className="button-secondary">
            {t('Sign in')}
          </LocaleLink>
        </p>
      </section>
    </div>
  );
}
