import { data, Form, redirect, useSearchParams } from 'react-router';
import { COUNTRY_GROUPS, LOCALE_COOKIE, LOCALE_COOKIE_MAX_AGE_SECONDS, parseLocale, sameOriginPath } from '@piste/core';
import { PageIntro } from '../components/page-intro';
import { refuseCrossSitePost } from '../lib/request.server';
import { switchDestination } from '../features/country-picker/switch-destination.server';
import { countryPickerFrom } from '../features/country-picker/use-country-picker-path';
import { metaDisplayText } from '../features/editorial/editorial-meta';
import { pageTitle } from '../lib/brand';
import { countryName } from '../lib/country-name';
import { useDisplayText } from '../lib/display-text';
import { readFormData } from '../lib/form-data.server';
import { useLocaleState } from '../lib/locale';
import styles from './country.module.css';
import type { Route } from './+types/country';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Choose your country')) },
];

/**
 * Remembers the chosen locale in a cookie (spec §4: cookies decide first) and goes to its home,
 * or to `path` (a page of this site without its locale) when the choice was made on that page
 * and that page exists in the chosen locale (switch-destination.server.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site must not switch the visitor's country, and with it their prices and cart.
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const chosen = parseLocale(String(form.get('locale') ?? ''));
  if (!chosen) return data({ error: 'Choose one of the countries and languages listed.' }, { status: 400 });
  const secure = new URL(request.url).protocol === 'https:' ? '; Secure' : '';
  const path = sameOriginPath(String(form.get('path') ?? '')) ?? '/';
  throw redirect(await switchDestination(context, chosen.locale, path), {
    headers: {
      'Set-Cookie': `${LOCALE_COOKIE}=${chosen.locale}; Path=/; Max-Age=${LOCALE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax; HttpOnly${secure}`,
    },
  });
}

export default function CountryPage({ actionData }: Route.ComponentProps) {
  const current = useLocaleState();
  // Opened from a page: the choice goes to that page in the new locale.
  const [searchParams] = useSearchParams();
  const from = countryPickerFrom(searchParams);
  const t = useDisplayText();
  // Country names in the page's language (CLDR); the global entry has none there, so it is a display text.
  const nameOf = (country: { value: string; text: string }) =>
    country.value === 'global' ? t(country.text) : countryName(country.value, current.language);
  return (
    <>
      <PageIntro eyebrow={t('Country and language')} title={t('Choose your country')}>
        {t('Prices, currency, shipping and content follow the country you shop from.')}
      </PageIntro>
      {actionData?.error ? (
        <p role="alert" className={styles.error}>
          {t(actionData.error)}
        </p>
      ) : null}
      <Form method="post" className={styles.groups}>
        {from ? <input type="hidden" name="path" value={from} /> : null}
        {COUNTRY_GROUPS.map((group) => (
          <section key={group.id} aria-labelledby={`group-${group.id}`}>
            <h2 id={`group-${group.id}`} className={styles.groupHeading}>
              {t(group.text)}
            </h2>
            <ul className={styles.countries}>
              {group.countries.map((country) => (
                <li key={country.value} className={styles.country}>
                  <span className={styles.countryName}>{nameOf(country)}</span>
                  <span className={styles.languages}>
                    {country.langs.map((language) => {
                      const locale = `${language.value}-${country.value}`;
                      const isCurrent = locale === current.locale;
                      return (
                        <button
                          key={locale}
                          type="submit"
                          name="locale"
                          value={locale}
                          lang={language.value}
                          aria-current={isCurrent ? 'true' : undefined}
                          aria-label={`${nameOf(country)}, ${language.text}`}
                          className={isCurrent ? styles.currentLanguage : styles.language}
                        >
                          {language.text}
                        </button>
                      );
                    })}
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </Form>
    </>
  );
}
