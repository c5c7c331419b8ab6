import { Form } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { RESET_LINK_UNUSABLE, type FormAnswer } from './account-fields';
import {
  AccountTextField,
  CURRENT_PASSWORD_INPUT,
  EMAIL_INPUT,
  newPasswordInput,
  FormErrorSummary,
  Notice,
  SubmitButton,
} from './account-form';
import type { AccountNotice } from './account-view';
import styles from './account.module.css';
import { BotCheck } from '../bot-check/bot-check';

const FORGOT_PATH = '/account?action=forgot_password';

/** `?redirect=` for a link between the sign-in and create pages, so either returns to the same place. */
export const withRedirect = (path: string, redirectTo: string | null) =>
  redirectTo ? `${path}?redirect=${encodeURIComponent(redirectTo)}` : path;

/** Signed out, `/account` is the sign-in page: the form, and the way to a new account. */
export function SignInView({
  notice,
  redirectTo,
  answer,
}: {
  notice: AccountNotice | null;
  redirectTo: string | null;
  answer: FormAnswer | undefined;
}) {
  const t = useDisplayText();
  return (
    <div className={styles.split}>
      <section className={styles.panel} aria-labelledby="signin-title">
        <div>
          <p className={styles.eyebrow}>{t('Account')}</p>
          <h1 id="signin-title" className={styles.heading}>
            {t('Sign in')}
          </h1>
        </div>
        <Notice notice={notice} />
        <FormErrorSummary form="signin" answer={answer} />
        {/* The server's messages, in the page's language, rather than the browser's own checks. */}
        <Form method="post" noValidate className={styles.form}>
          {redirectTo ? <input type="hidden" name="redirect" value={redirectTo} /> : null}
          <AccountTextField form="signin" field="email" answer={answer} {...EMAIL_INPUT} required />
          <AccountTextField form="signin" field="password" answer={answer} {...CURRENT_PASSWORD_INPUT} required />
          <BotCheck action="login" resetKey={answer} />
          <div className={styles.actions}>
            <SubmitButton intent="signin" label="Sign in" busyLabel="Signing in…" />
            <LocaleLink to={FORGOT_PATH}>{t('Forgot your password?')}</LocaleLink>
          </div>
        </Form>
      </section>
      <section className={`${styles.panel} ${styles.panelMuted}`} aria-labelledby="signin-new">
        <h2 id="signin-new" className={styles.panelTitle}>
          {t('New to Piste?')}
        </h2>
        <p className={styles.muted}>
          {t('Create an account to save your addresses, follow your orders and check out faster.')}
        </p>
        <p className={styles.actions}>
          <LocaleLink to={withRedirect('/account/create', redirectTo)} className="button-secondary">
            {t('Create an account')}
          </LocaleLink>
        </p>
      </section>
    </div>
  );
}

/** `?action=forgot_password`: asks for the email the reset link goes to. */
export function ForgotPasswordView({
  notice,
  resetMinutes,
  answer,
}: {
  notice: AccountNotice | null;
  resetMinutes: number;
  answer: FormAnswer | undefined;
}) {
  const t = useDisplayText();
  return (
    <section className={styles.narrow} aria-labelledby="forgot-title">
      <div>
        <p className={styles.eyebrow}>{t('Account')}</p>
        <h1 id="forgot-title" className={styles.heading}>
          {t('Reset your password')}
        </h1>
      </div>
      <p className={styles.lede}>
        {t('Enter the email address of your account, and we will send you a link to set a new password.')}
      </p>
      <Notice notice={notice} values={{ minutes: resetMinutes }} />
      <FormErrorSummary form="forgot" answer={answer} />
      <Form method="post" noValidate className={styles.form}>
        <AccountTextField form="forgot" field="email" answer={answer} {...EMAIL_INPUT} required />
        <BotCheck action="password_reset" resetKey={answer} />
        <div className={styles.actions}>
          <SubmitButton intent="forgot" label="Send reset link" busyLabel="Sending…" />
          <LocaleLink to="/account">{t('Back to sign in')}</LocaleLink>
        </div>
      </Form>
    </section>
  );
}

/** The emailed link (`?action=reset_password&token=…`): the new password, or why the link no longer works. */
export function ResetPasswordView({
  token,
  minPasswordLength,
  answer,
}: {
  token: string | null;
  minPasswordLength: number;
  answer: FormAnswer | undefined;
}) {
  const t = useDisplayText();
  const askAgain = (
    <p className={styles.actions}>
      <LocaleLink to={FORGOT_PATH} className="button-secondary">
        {t('Ask for a new link')}
      </LocaleLink>
    </p>
  );
  return (
    <section className={styles.narrow} aria-labelledby="reset-title">
      <div>
        <p className={styles.eyebrow}>{t('Account')}</p>
        <h1 id="reset-title" className={styles.heading}>
          {t('Set a new password')}
        </h1>
      </div>
      {token === null ? (
        <>
          <p className={styles.problem}>{t(RESET_LINK_UNUSABLE.message)}</p>
          {askAgain}
        </>
      ) : (
        <>
          <p className={styles.lede}>{t('Choose a new password for your account. You will be signed in with it.')}</p>
          <FormErrorSummary form="reset" answer={answer}>
            {answer?.message?.message === RESET_LINK_UNUSABLE.message ? askAgain : null}
          </FormErrorSummary>
          <Form method="post" noValidate className={styles.form}>
            <input type="hidden" name="token" value={token} />
            <AccountTextField
              form="reset"
              field="new_password"
              answer={answer}
              {...newPasswordInput(minPasswordLength)}
              required
            />
            <div className={styles.actions}>
              <SubmitButton intent="reset" label="Save new password" busyLabel="Saving…" />
            </div>
          </Form>
        </>
      )}
    </section>
  );
}
