import { data, redirect } from 'react-router';
import { isDomainError, localizePath, sameOriginPath } from '@piste/core';
import { parseEmailSignup } from '../lib/content.server';
import {
  isSuccess,
  SIGNUP_MESSAGES,
  SIGNUP_STATUS_PARAM,
  type SignupResult,
  type SignupStatus,
} from '../features/site-chrome/email-signup-status';
import { botTokenOf } from '../features/bot-check/bot-token.server';
import { refuseCrossSitePost } from '../lib/request.server';
import { readFormData } from '../lib/form-data.server';
import type { Route } from './+types/email-signup';

/** The page a form without JavaScript came from: a path on this site, never `//elsewhere` (nor `/.//elsewhere`). */
function returnUrl(value: FormDataEntryValue | null): URL | null {
  const path = typeof value === 'string' && value.length <= 2048 ? sameOriginPath(value) : null;
  return path === null ? null : new URL(path, 'http://shop.invalid');
}

/** Opened as a page (a bookmark, a crawler): the form lives in every page's footer. */
export function loader({ context }: Route.LoaderArgs) {
  const { locale } = context.localeState;
  return redirect(`${localizePath(locale, '/')}#newsletter`);
}

/**
 * The footer's newsletter signup (spec §3 'Email signup settings'), a resource route. The form
 * posts here through a fetcher and gets the outcome as data: 400 with a message for bad input,
 * whatever the body. A form posted without JavaScript carries `returnTo` and is sent back there
 * with the outcome in the query, so the footer can show it.
 */
export async function action({ request, context }: Route.ActionArgs) {
  // Like every form: another site must not post it in the visitor's name.
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const back = returnUrl(form.get('returnTo'));
  const answer = (status: SignupStatus, httpStatus: number, message: string = SIGNUP_MESSAGES[status]) => {
    if (back) {
      back.searchParams.set(SIGNUP_STATUS_PARAM, status);
      return redirect(`${back.pathname}${back.search}#newsletter`, 303);
    }
    return data<SignupResult>({ ok: isSuccess(status), status, message }, { status: httpStatus });
  };

  const { locale, contentLocale, ctsRegion } = context.localeState;
  // The lists and the consent text come from the settings, never from the form.
  const settings = await context.services.content.client.emailSignupSettings(contentLocale, ctsRegion);
  const listIds = settings?.lists.map((list) => list.list_id) ?? [];
  if (!settings || listIds.length === 0) return answer('unavailable', 503);

  const parsed = parseEmailSignup(
    { email: form.get('email'), consent: form.get('consent'), lists: form.getAll('list') },
    listIds,
  );
  if (!parsed.ok) return answer(parsed.problem, 400);
  try {
    await context.services.botProtection.protection.assertHuman('email_signup', botTokenOf(form), context.clientIp);
  } catch (error) {
    if (isDomainError(error, 'NOT_ALLOWED')) return answer('bot-check-failed', 403);
    throw error;
  }

  try {
    const status = await context.services.emailSignups.subscribe({
      email: parsed.email,
      listIds: parsed.listIds,
      locale,
      region: ctsRegion,
      consentText: settings.copy.consent_text,
    });
    return answer(status, 200, status === 'subscribed' ? settings.copy.success_message : SIGNUP_MESSAGES[status]);
  } catch (error) {
    // A footer form must not take the page down with it: the shopper is asked to try later.
    console.error('[email-signup] Storing the subscription failed', error);
    return answer('unavailable', 503);
  }
}
