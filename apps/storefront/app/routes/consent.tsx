import { data, Form, redirect } from 'react-router';
import { consentFromForm, consentSetCookie, localizePath, sameOriginPath } from '@piste/core';
import { PageIntro } from '../components/page-intro';
import { refuseCrossSitePost } from '../lib/request.server';
import { ConsentChoiceForm } from '../features/tracking/consent-choice-form';
import { useConsent, type ConsentResult } from '../features/tracking/consent-state';
import { pageTitle } from '../lib/brand';
import { useDisplayText } from '../lib/display-text';
import { readFormData } from '../lib/form-data.server';
import { useLocaleState } from '../lib/locale';
import styles from '../features/tracking/consent.module.css';
import type { Route } from './+types/consent';
import { metaDisplayText } from '../features/editorial/editorial-meta';

/** A path on this site to come back to, never another site's (spec §8: external navigation is refused). */
function returnPath(value: FormDataEntryValue | string | null): string | null {
  return typeof value === 'string' && value.length <= 2048 ? sameOriginPath(value) : null;
}

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle(metaDisplayText(matches)('Cookie settings')) },
  { name: 'robots', content: 'noindex' },
];

/** The settings page: where "Choose" and "Cookie settings" lead without JavaScript. */
export function loader({ request }: Route.LoaderArgs) {
  return { returnTo: returnPath(new URL(request.url).searchParams.get('returnTo')) };
}

/**
 * `POST /{lang}/consent` (docs/analytics.md 'Consent'): stores the visitor's cookie choice. A
 * fetcher (the banner and dialog with JavaScript) gets the choice back as data, and the page's
 * loaders revalidate, so tracking starts or stops without a reload. A form posted without
 * JavaScript carries `returnTo` and is sent back to that page of this site (the locale's home for
 * anything else).
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site must not decide for the visitor.
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const consent = consentFromForm({
    decision: form.get('decision'),
    analytics: form.get('analytics'),
    marketing: form.get('marketing'),
  });
  if (!consent) {
    return data<ConsentResult>(
      { ok: false, message: 'Choose accept all, reject all, or save your choices.' },
      { status: 400 },
    );
  }
  const headers = { 'Set-Cookie': consentSetCookie(consent, { secure: new URL(request.url).protocol === 'https:' }) };
  if (form.has('returnTo')) {
    const { locale } = context.localeState;
    return redirect(returnPath(form.get('returnTo')) ?? localizePath(locale, '/'), { status: 303, headers });
  }
  return data<ConsentResult>({ ok: true, consent }, { headers });
}

export default function ConsentPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useDisplayText();
  const { locale } = useLocaleState();
  const { required, consent } = useConsent();
  // Without a tag manager (TAG_MANAGER_ID) the shop sets no analytics or marketing cookies, the
  // footer has no "Cookie settings" link, and there is nothing to choose: the page says so.
  if (!required) {
    return (
      <div className={styles.pageForm}>
        <PageIntro title={t('Cookie settings')}>
          {t(
            'This shop uses only the cookies it needs to work, such as your cart, your sign-in and your language. It sets no analytics or marketing cookies, so there is nothing to choose.',
          )}
        </PageIntro>
      </div>
    );
  }
  return (
    <div className={styles.pageForm}>
      <PageIntro title={t('Cookie settings')}>
        {t(
          'Choose which cookies we may use. You can change this at any time from “Cookie settings” at the foot of every page.',
        )}
      </PageIntro>
      {actionData && !actionData.ok ? (
        <p role="alert" className={styles.error}>
          {t(actionData.message ?? '')}
        </p>
      ) : null}
      <ConsentChoiceForm
        FormComponent={Form}
        action={localizePath(locale, '/consent')}
        returnTo={loaderData.returnTo ?? localizePath(locale, '/')}
        initial={consent}
      />
    </div>
  );
}
