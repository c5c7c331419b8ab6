import { useId } from 'react';
import { useMatches } from 'react-router';
import { useDisplayText } from '../../lib/display-text';
import { useOpenConsentSettings } from './consent-settings';
import { useConsent, useConsentFetcher, useConsentTarget } from './consent-state';
import styles from './consent.module.css';

/** The settings page of visitors without JavaScript, coming back to `returnTo` once they choose. */
export function consentSettingsHref(action: string, returnTo: string): string {
  return `${action}?${new URLSearchParams({ returnTo })}`;
}

/**
 * The cookie-consent banner (docs/analytics.md 'Consent'): on every page until the visitor decides,
 * with accept all, reject all and choose. Nothing is accepted by closing or ignoring it: it has no
 * close button and Escape leaves it be. Without JavaScript the buttons post a plain form that comes
 * back to this page, and "Choose" is a link to the settings page; with it, a fetcher saves the
 * choice and the banner closes in place.
 */
export function ConsentBanner() {
  const t = useDisplayText();
  const headingId = useId();
  const { required, consent, saving } = useConsent();
  const fetcher = useConsentFetcher();
  const openSettings = useOpenConsentSettings();
  const { action, returnTo } = useConsentTarget();
  // The settings page asks the same question in full.
  const onSettingsPage = useMatches().some((match) => match.id === 'routes/consent');
  if (!required || consent !== null || saving || onSettingsPage) return null;

  return (
    <section className={styles.banner} aria-labelledby={headingId}>
      <div className={styles.bannerInner}>
        <div className={styles.bannerCopy}>
          <h2 id={headingId} className={styles.bannerHeading}>
            {t('We use cookies')}
          </h2>
          <p className={styles.bannerText}>
            {t(
              'Necessary cookies keep the shop working. With your consent we also use analytics cookies to improve the shop, and marketing cookies for ads.',
            )}
          </p>
        </div>
        <fetcher.Form method="post" action={action} className={styles.bannerActions}>
          {openSettings ? null : <input type="hidden" name="returnTo" value={returnTo} />}
          <button type="submit" name="decision" value="reject" className={styles.bannerButton}>
            {t('Reject all')}
          </button>
          <button type="submit" name="decision" value="accept" className={styles.bannerButton}>
            {t('Accept all')}
          </button>
          {openSettings ? (
            <button
              type="button"
              className={styles.bannerChoose}
              aria-haspopup="dialog"
              onClick={(event) => openSettings(event.currentTarget)}
            >
              {t('Choose')}
            </button>
          ) : (
            <a href={consentSettingsHref(action, returnTo)} className={styles.bannerChoose}>
              {t('Choose')}
            </a>
          )}
        </fetcher.Form>
      </div>
    </section>
  );
}

/** The footer's way back to the choice: the settings dialog, or without JavaScript the settings page. */
export function CookieSettingsLink({ className }: { className?: string }) {
  const t = useDisplayText();
  const { required } = useConsent();
  const openSettings = useOpenConsentSettings();
  const { action, returnTo } = useConsentTarget();
  if (!required) return null;
  return (
    <a
      href={consentSettingsHref(action, returnTo)}
      className={className}
      aria-haspopup={openSettings ? 'dialog' : undefined}
      onClick={(event) => {
        if (!openSettings) return;
        event.preventDefault();
        openSettings(event.currentTarget);
      }}
    >
      {t('Cookie settings')}
    </a>
  );
}
