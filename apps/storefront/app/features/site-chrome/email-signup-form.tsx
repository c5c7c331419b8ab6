import { useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import { LocaleLink } from '../../components/locale-link';
import { useDisplayText } from '../../lib/display-text';
import { BotCheck } from '../bot-check/bot-check';
import { useLocalizePath } from '../../lib/locale';
import {
  isSignupStatus,
  isSuccess,
  SIGNUP_MESSAGES,
  SIGNUP_STATUS_PARAM,
  type SignupResult,
  type SignupStatus,
} from './email-signup-status';
import { consentParts } from './consent-text';
import type { EmailSignupView } from './site-chrome-view';
import styles from './email-signup-form.module.css';

const noSubscription = () => () => {};

/** False on the server and while hydrating, true once React runs the page in the browser. */
function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}

/**
 * The newsletter signup (spec §3 'Email signup settings': copy, lists, consent). With
 * JavaScript it posts through a fetcher and answers in place; without, the page's own address
 * goes along as `returnTo` and the outcome comes back in the query. The server checks
 * everything, so the form sets no browser validation that would word errors differently.
 */
export function EmailSignupForm({ signup }: { signup: EmailSignupView }) {
  const t = useDisplayText();
  const localize = useLocalizePath();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const hydrated = useHydrated();
  const fetcher = useFetcher<SignupResult>();
  const emailRef = useRef<HTMLInputElement>(null);
  const consentRef = useRef<HTMLInputElement>(null);
  const successRef = useRef<HTMLParagraphElement>(null);
  const id = useId();
  const [engaged, setEngaged] = useState(false);

  const flagged = searchParams.get(SIGNUP_STATUS_PARAM);
  const status: SignupStatus | null = fetcher.data?.status ?? (isSignupStatus(flagged) ? flagged : null);
  const succeeded = status !== null && isSuccess(status);
  const problem = status !== null && !succeeded ? status : null;
  const message = status === null ? '' : status === 'subscribed' ? signup.successMessage : t(SIGNUP_MESSAGES[status]);

  // Focus goes to the field to fix, or to the answer where the submitted form was.
  useEffect(() => {
    const answered = fetcher.data?.status;
    if (answered === 'invalid-email') emailRef.current?.focus();
    else if (answered === 'consent-required') consentRef.current?.focus();
    else if (answered !== undefined && isSuccess(answered)) successRef.current?.focus();
  }, [fetcher.data]);

  const returnTo = new URLSearchParams(location.search);
  returnTo.delete(SIGNUP_STATUS_PARAM);
  const query = returnTo.toString();
  const errorId = `${id}-error`;
  const consent = consentParts(signup.consentText, signup.privacyLink);

  return (
    <section id="newsletter" className={styles.signup} aria-labelledby={`${id}-heading`}>
      <div className={styles.copy}>
        <h2 id={`${id}-heading`} className={styles.heading}>
          {signup.heading || t('Newsletter')}
        </h2>
        {signup.body ? <p className={styles.body}>{signup.body}</p> : null}
      </div>
      <div className={styles.formArea}>
        <p ref={successRef} role="status" tabIndex={-1} className={styles.success}>
          {succeeded ? message : ''}
        </p>
        {succeeded ? null : (
          <fetcher.Form
            method="post"
            action={localize('/email-signup')}
            className={styles.form}
            noValidate
            onFocus={() => setEngaged(true)}
          >
            {hydrated ? null : (
              <input type="hidden" name="returnTo" value={`${location.pathname}${query ? `?${query}` : ''}`} />
            )}
            <div className={styles.emailRow}>
              <label htmlFor={`${id}-email`} className={styles.label}>
                {t('Email address')}
              </label>
              <input
                ref={emailRef}
                id={`${id}-email`}
                type="email"
                name="email"
                autoComplete="email"
                maxLength={254} // the server's EMAIL_MAX_LENGTH
                className={styles.email}
                aria-invalid={problem === 'invalid-email' || undefined}
                aria-describedby={problem === 'invalid-email' ? errorId : undefined}
              />
              <button type="submit" className={styles.submit} disabled={fetcher.state !== 'idle'}>
                {t('Subscribe')}
              </button>
            </div>
            {signup.lists.length === 1 ? (
              <input type="hidden" name="list" value={signup.lists[0]!.id} />
            ) : (
              <fieldset className={styles.lists} aria-describedby={problem === 'invalid-list' ? errorId : undefined}>
                <legend className={styles.label}>{t('Newsletter')}</legend>
                {signup.lists.map((list, position) => (
                  <label key={list.id} className={styles.check}>
                    <input type="checkbox" name="list" value={list.id} defaultChecked={position === 0} />
                    {list.title}
                  </label>
                ))}
              </fieldset>
            )}
            <label className={styles.check}>
              <input
                ref={consentRef}
                type="checkbox"
                name="consent"
                value="yes"
                aria-invalid={problem === 'consent-required' || undefined}
                aria-describedby={problem === 'consent-required' ? errorId : undefined}
              />
              <span className={styles.consent}>
                {consent.before}
                {consent.link ? (
                  <LocaleLink to={consent.link.href} className={styles.consentLink}>
                    {consent.link.text}
                  </LocaleLink>
                ) : null}
                {consent.after}
              </span>
            </label>
            {/* Every page has this form: its bot check loads only once a shopper starts on it. */}
            {engaged ? <BotCheck action="email_signup" resetKey={fetcher.data} /> : null}
            <p id={errorId} role="alert" className={styles.problem}>
              {problem ? message : ''}
            </p>
          </fetcher.Form>
        )}
      </div>
    </section>
  );
}
