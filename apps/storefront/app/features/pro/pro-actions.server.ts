import { data, redirect } from 'react-router';
import { customerCreateSchema, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, passwordProblem } from '@piste/commerce';
import { HTTP_STATUS_BY_KIND, isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import {
  accountRequestOf,
  cookieHeaders,
  requireCustomer,
  type AccountRequestReads,
} from '../account/account-session.server';
import { refuseCrossSitePost } from '../../lib/request.server';
import { readFormData } from '../../lib/form-data.server';
import { BOT_CHECK_FAILED_MESSAGE } from '../bot-check/bot-check-message';
import { botTokenOf } from '../bot-check/bot-token.server';
import {
  JOINED_PARAM,
  echoProCreate,
  passwordPolicyMessage,
  proCodeError,
  readProCreateForm,
  validateProCreate,
  type PasswordRules,
  type ProCreateEcho,
  type ProFieldErrors,
  type ProFormAnswer,
} from './pro-forms';

export const PASSWORD_RULES: PasswordRules = { minLength: MIN_PASSWORD_LENGTH, maxLength: MAX_PASSWORD_LENGTH };

const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a few minutes and try again.';

/** Where a new pro lands: the Pro Club, with a welcome. */
function proclubWelcome(localeState: LocaleState): string {
  return `${localizePath(localeState.locale, '/proclub')}?${JOINED_PARAM}=1`;
}

/** The sign-in page, returning to `path` (a path of this site, without the locale) afterwards. */
export function signInPath(localeState: LocaleState, path: string): string {
  return `/account?redirect=${encodeURIComponent(localizePath(localeState.locale, path))}`;
}

/**
 * `/pro/signup`: a signed-in customer joins with a pro code. Success goes to the Pro
 * Club; a refused or malformed code is answered next to the field with a 400.
 */
export async function proSignupAction(
  context: LoadContextOf<'accounts', 'customer'>,
  request: Request,
  localeState: LocaleState,
) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const customer = requireCustomer(context, request, localeState);
  const raw = form.get('pro_code');
  const code = typeof raw === 'string' ? raw.trim() : '';
  const answer = (errors: ProFieldErrors, message: string | null, status: number) =>
    data<ProFormAnswer<{ pro_code: string }>>({ values: { pro_code: code }, errors, message }, { status });
  const problem = proCodeError(code);
  if (problem) return answer({ pro_code: problem }, null, 400);
  try {
    await context.services.accounts.applyProCode(customer.customer.id, code);
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const status = HTTP_STATUS_BY_KIND[error.kind];
    if (error.code === 'INVALID_PRO_CODE') {
      return answer(
        { pro_code: { message: 'This pro code is not valid. Check it, or ask your Piste contact.' } },
        null,
        status,
      );
    }
    if (error.kind === 'INVALID_DATA') return answer({ pro_code: { message: 'Check this field.' } }, null, status);
    // pro-code-account: ten codes an hour, so codes cannot be found by trying.
    if (error.kind === 'RATE_LIMITED') return answer({ pro_code: { message: TOO_MANY_ATTEMPTS } }, null, status);
    throw error;
  }
  return redirect(proclubWelcome(localeState), 303);
}

/**
 * `/pro/create`: a new account with a pro code, signed in at once (the session and cart
 * cookies of `accounts.signUp`). Every problem the shopper can fix comes back next to its field.
 */
export async function proCreateAction(
  context: AccountRequestReads & LoadContextOf<'accounts', 'customer'>,
  request: Request,
  localeState: LocaleState,
) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  // Someone already signed in adds a code to their own account instead.
  if (context.customer) return redirect(localizePath(localeState.locale, '/pro/signup'), 303);
  const values = readProCreateForm(form);
  const answer = (errors: ProFieldErrors, message: string | null, status: number) =>
    data<ProFormAnswer<ProCreateEcho>>({ values: echoProCreate(values), errors, message }, { status });

  const errors = validateProCreate(values, PASSWORD_RULES);
  const policy = errors.password || errors.email ? null : passwordProblem(values.password, values.email);
  if (policy) errors.password = passwordPolicyMessage(policy, PASSWORD_RULES);
  if (Object.keys(errors).length > 0) return answer(errors, null, 400);

  const parsed = customerCreateSchema.safeParse(values);
  if (!parsed.success) {
    // The page's checks mirror the schema's; anything they missed is named at its field.
    const byField: ProFieldErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && field in values && !(field in byField)) {
        byField[field as keyof typeof byField] = { message: 'Check this field.' };
      }
    }
    return answer(byField, Object.keys(byField).length > 0 ? null : 'Check your details and try again.', 400);
  }

  try {
    const signedIn = await context.services.accounts.signUp(
      { ...accountRequestOf(context, request, localeState), botToken: botTokenOf(form) },
      parsed.data,
      'pro_signup',
    );
    return redirect(proclubWelcome(localeState), { status: 303, headers: cookieHeaders(signedIn.cookies) });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    const status = HTTP_STATUS_BY_KIND[error.kind];
    switch (error.code) {
      case 'EMAIL_TAKEN':
        return answer(
          { email: { message: 'An account already exists for this email. Sign in, or reset your password.' } },
          null,
          status,
        );
      case 'INVALID_PRO_CODE':
        return answer(
          { pro_code: { message: 'This pro code is not valid. Check it, or ask your Piste contact.' } },
          null,
          status,
        );
    }
    if (error.kind === 'RATE_LIMITED') return answer({}, TOO_MANY_ATTEMPTS, status);
    if (error.code === 'BOT_CHECK_FAILED') return answer({}, BOT_CHECK_FAILED_MESSAGE, status);
    if (error.kind === 'INVALID_DATA') return answer({}, 'Check your details and try again.', status);
    throw error;
  }
}
