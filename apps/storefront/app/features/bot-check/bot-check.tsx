import { useEffect, useRef, useState } from 'react';
import { BOT_TOKEN_FIELD, type BotProtectedAction, type BotProtectionBrowserConfig } from '@piste/core';
// The <altcha-widget> element's JSX attributes.
import type {} from 'altcha/types/react';
import { useDisplayText, type Translate } from '../../lib/display-text';
import { useRootData } from '../../lib/root-data';
import styles from './bot-check.module.css';
import { createSubmitGuard } from './submit-guard';

/** The widget's strings are registered under this name, in the page's language. */
const WIDGET_LANGUAGE = 'piste';

/**
 * The widget without its vendor footer and logo (the shop's own words explain it), and without
 * moving the focus to itself when a check ends: the check runs while the shopper types.
 */
const WIDGET_CONFIGURATION = JSON.stringify({ hideFooter: true, hideLogo: true, disableAutoFocus: true });

/** reCAPTCHA v3 tokens live two minutes; a fresh one is fetched well before. */
const RECAPTCHA_REFRESH_MS = 90_000;

interface BotCheckProps {
  action: BotProtectedAction;
  /** The form's last answer: a token is good for one submission, so each new answer starts a new check. */
  resetKey?: unknown;
}

/** How many times `value` has changed (by identity) since the first render. */
function useChangeCount(value: unknown): number {
  const [seen, setSeen] = useState({ value, count: 0 });
  // Adjusting state while rendering, as React documents for values derived from props.
  if (!Object.is(seen.value, value)) setSeen({ value, count: seen.count + 1 });
  return seen.count;
}

/**
 * The bot check inside a protected form (docs/security.md 'Bot protection'): it puts a token in the
 * form's `bot_token` field for the server to verify. Without JavaScript there is no token, and the
 * notice says so before the shopper fills the form in.
 */
export function BotCheck({ action, resetKey }: BotCheckProps) {
  const config: BotProtectionBrowserConfig | undefined = useRootData()?.botProtection;
  const t = useDisplayText();
  const generation = useChangeCount(resetKey);
  if (!config || config.provider === 'off') return null;
  return (
    <div className={styles.botCheck}>
      <p className={styles.noScriptNotice}>
        {t('Turn on JavaScript to send this form: it checks that you are not a robot.')}
      </p>
      {config.provider === 'altcha' ? (
        <AltchaCheck key={generation} action={action} challengeUrl={config.challengeUrl} t={t} />
      ) : (
        <RecaptchaCheck key={generation} action={action} siteKey={config.siteKey} t={t} />
      )}
    </div>
  );
}

function altchaStrings(t: Translate): Record<string, string> {
  return {
    label: t('I am not a robot'),
    verifying: t('Checking…'),
    verified: t('Checked: you are not a robot'),
    verify: t('Check'),
    loading: t('Loading…'),
    reload: t('Try again'),
    error: t('The robot check failed. Try again.'),
    expired: t('The robot check expired. Try again.'),
    verificationRequired: t('Wait for the robot check to finish.'),
    waitAlert: t('Checking that you are not a robot…'),
    footer: '',
    ariaLinkLabel: '',
    enterCode: '',
    enterCodeAria: '',
    getAudioChallenge: '',
  };
}

/** ALTCHA: a proof of work that starts when the form appears and finishes while it is filled in. */
function AltchaCheck({ action, challengeUrl, t }: { action: BotProtectedAction; challengeUrl: string; t: Translate }) {
  const [widget, setWidget] = useState<'loaded' | 'unavailable' | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const widgetRef = useRef<HTMLElement>(null);
  const guardRef = useRef<ReturnType<typeof createSubmitGuard> | null>(null);
  const stringsKey = JSON.stringify(altchaStrings(t));
  useEffect(() => {
    const form = boxRef.current?.closest('form');
    if (!form) return;
    const guard = createSubmitGuard(form);
    guardRef.current = guard;
    return () => {
      guard.dispose();
      guardRef.current = null;
    };
  }, []);
  useEffect(() => {
    let cancelled = false;
    import('./altcha-widget.client').then(
      (module) => {
        if (cancelled) return;
        // The widget's wording is registered as a language of its own, in the page's words.
        module.setWidgetStrings(WIDGET_LANGUAGE, JSON.parse(stringsKey) as Record<string, string>);
        setWidget('loaded');
      },
      // A chunk that fails to load leaves the form without a token: say so (spec §8 'Fails').
      () => !cancelled && setWidget('unavailable'),
    );
    return () => {
      cancelled = true;
    };
  }, [stringsKey]);
  useEffect(() => {
    if (widget === 'loaded' && widgetRef.current) guardRef.current?.attach(widgetRef.current);
  }, [widget]);

  return (
    <div ref={boxRef}>
      {widget === 'unavailable' ? <CheckFailed t={t} /> : null}
      {/* Not a live region: the widget that replaces it announces its own progress. */}
      {widget === null ? <p className={styles.pending}>{t('Checking that you are not a robot…')}</p> : null}
      {widget === 'loaded' ? (
        <altcha-widget
          ref={widgetRef}
          challenge={`${challengeUrl}?action=${action}`}
          name={BOT_TOKEN_FIELD}
          auto="onload"
          language={WIDGET_LANGUAGE}
          configuration={WIDGET_CONFIGURATION}
          className={styles.widget}
        />
      ) : null}
    </div>
  );
}

/** reCAPTCHA v3: invisible; a token per action, refreshed before it expires. */
function RecaptchaCheck({ action, siteKey, t }: { action: BotProtectedAction; siteKey: string; t: Translate }) {
  const [token, setToken] = useState('');
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = async () => {
      try {
        const { loadRecaptcha } = await import('./recaptcha.client');
        const grecaptcha = await loadRecaptcha(siteKey);
        const fresh = await grecaptcha.execute(siteKey, { action });
        if (cancelled) return;
        setToken(fresh);
        timer = setTimeout(() => void refresh(), RECAPTCHA_REFRESH_MS);
      } catch {
        if (!cancelled) setFailed(true);
      }
    };
    void refresh();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [action, siteKey]);
  if (failed) return <CheckFailed t={t} />;
  return <input type="hidden" name={BOT_TOKEN_FIELD} value={token} />;
}

function CheckFailed({ t }: { t: Translate }) {
  return (
    <p className={styles.notice} role="alert">
      {t('The robot check could not load, so this form cannot be sent. Reload the page or try again later.')}
    </p>
  );
}
