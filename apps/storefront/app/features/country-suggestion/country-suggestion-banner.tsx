import { useEffect, useState } from 'react';
import { Form, useLocation } from 'react-router';
import { api } from '../../lib/api/api-client';
import { pathWithoutLocale, suggestCountry, type CountrySuggestion } from '../../lib/country-suggestion';
import { useDisplayText } from '../../lib/display-text';
import { useLocaleState, useLocalizePath } from '../../lib/locale';
import { useRootData } from '../../lib/root-data';
import styles from './country-suggestion-banner.module.css';

/** Remembers, in this browser, that the visitor declined the suggestion. */
const DISMISSED_KEY = 'piste:country-suggestion-dismissed';

function wasDismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * The first visit suggests the detected country in a dismissible banner. Shown
 * until the visitor chooses a country (the locale cookie) or says no; the country comes from
 * `GET /api/geolocation`, whose failure simply shows nothing (spec §8: geolocation failures are
 * only logged).
 */
export function CountrySuggestionBanner() {
  const localeChosen = useRootData()?.localeChosen ?? true;
  const { locale } = useLocaleState();
  const localize = useLocalizePath();
  const location = useLocation();
  const t = useDisplayText();
  const [suggestion, setSuggestion] = useState<CountrySuggestion | null>(null);

  useEffect(() => {
    if (localeChosen || wasDismissed()) return;
    const controller = new AbortController();
    api
      .GET('/geolocation', { signal: controller.signal })
      .then(({ data }) => setSuggestion(suggestCountry(data?.country ?? null, locale)))
      .catch(() => undefined);
    return () => controller.abort();
  }, [localeChosen, locale]);

  if (!suggestion) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private browsing without storage: the banner just closes for this page.
    }
    setSuggestion(null);
  };
  return (
    <section className={styles.banner} aria-label={t('Country suggestion')}>
      <p className={styles.message}>
        {t('It looks like you are in {country}. Shop there for local prices, currency and delivery.', {
          country: suggestion.countryName,
        })}
      </p>
      <div className={styles.actions}>
        <Form method="post" action={localize('/country')} reloadDocument>
          <input type="hidden" name="locale" value={suggestion.locale} />
          <input type="hidden" name="path" value={pathWithoutLocale(location.pathname, location.search)} />
          <button type="submit" className="button-primary">
            {t('Go to {country}', { country: suggestion.countryName })}
          </button>
        </Form>
        <button type="button" className="button-secondary" onClick={dismiss}>
          {t('Stay here')}
        </button>
      </div>
    </section>
  );
}
