import { data, redirect } from 'react-router';
import {
  customerAddressSchema,
  customerAddressUpdateSchema,
  customerCreateSchema,
  customerDeleteSchema,
  customerUpdateSchema,
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
} from '@piste/commerce';
import { isDomainError, localizePath, type LocaleState } from '@piste/core';
import type { LoadContextOf } from '@piste/server/load-context';
import { formFlag, formSecret, formText, REQUIRED, type FieldMessage } from '../../components/form/form-kit';
import { readFormData } from '../../lib/form-data.server';
import { botTokenOf } from '../bot-check/bot-token.server';
import { refuseCrossSitePost } from '../../lib/request.server';
import { parseOrderNumber } from '../orders/order-view';
import {
  accountProblem,
  errorsFromIssues,
  fieldOfForm,
  orderedErrors,
  ADDRESS_BOOK_FIELDS,
  type AccountErrors,
  type AccountField,
  type AccountForm,
  type FormAnswer,
  type ValidationIssue,
} from './account-fields';
import { addressPlaces } from './account-pages.server';
import {
  accountRequestOf,
  cookieHeaders,
  requireCustomer,
  safeReturnPath,
  type AccountRequestReads,
} from './account-session.server';
import type { AccountNotice } from './account-view';

/** What the account flows' actions read: the accounts service and the request's session and shopper. */
type AccountFlowReads = AccountRequestReads & LoadContextOf<'accounts'>;

const UNREADABLE: FieldMessage = { message: 'This form could not be read. Please try again.' };

interface Refusal {
  status: number;
  errors?: AccountErrors;
  message?: FieldMessage | null;
  headers?: HeadersInit;
}

/** The form shown again with its problems, under a 4xx status; never an error page. */
function refuse(form: AccountForm, values: FormAnswer['values'], refusal: Refusal, addressId?: number | null) {
  const answer: FormAnswer = {
    form,
    values,
    errors: orderedErrors(form, refusal.errors ?? {}),
    message: refusal.message ?? null,
    answeredAt: Date.now(),
    ...(addressId === undefined ? {} : { addressId }),
  };
  return data(answer, { status: refusal.status, headers: refusal.headers });
}

/** A schema's refusal as field messages; a field left empty reads 'required' (not 'too short', 'not an email'). */
function invalid(
  form: AccountForm,
  issues: readonly ValidationIssue[],
  typed: Partial<Record<AccountField, string>>,
): Refusal {
  const { errors, unplaced } = errorsFromIssues(issues, fieldOfForm(form));
  for (const [field, value] of Object.entries(typed) as [AccountField, string][]) {
    if (errors[field] && value === '') errors[field] = REQUIRED;
  }
  return { status: 400, errors, message: unplaced && Object.keys(errors).length === 0 ? UNREADABLE : null };
}

/** A refusal of the account flows (wrong password, email taken, too many attempts…), or rethrown. */
function refusalOf(form: AccountForm, error: unknown): Refusal {
  const problem = accountProblem(error);
  if (!problem) throw error;
  const field = problem.field === null ? null : fieldOfForm(form)(problem.field);
  const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
  const headers = typeof retryAfter === 'number' ? { 'Retry-After': String(retryAfter) } : undefined;
  return field
    ? { status: problem.status, errors: { [field]: problem.message }, headers }
    : { status: problem.status, message: problem.message, headers };
}

const withNotice = (localeState: LocaleState, path: string, notice: AccountNotice) =>
  localizePath(localeState.locale, `${path}?status=${notice}`);

/**
 * The sign-in page's forms (`/{lang}/account`): `intent=signin` signs in and returns to
 * `redirect` (a path on this site) or the account; `intent=forgot` sends a reset link and
 * answers the same whether or not the email has an account; `intent=reset` sets the new
 * password with the emailed token and signs in. Every success redirects, so the root loader
 * reloads the header with the customer (spec §4).
 */
export async function accountHomeAction(context: AccountFlowReads, request: Request, localeState: LocaleState) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const intent = form.get('intent');
  const accounts = context.services.accounts;
  const accountRequest = { ...accountRequestOf(context, request, localeState), botToken: botTokenOf(form) };

  if (intent === 'signin') {
    const values = { email: formText(form, 'email') };
    const password = formSecret(form, 'password');
    const parsed = loginSchema.safeParse({ email: values.email, pw: password });
    if (!parsed.success)
      return refuse('signin', values, invalid('signin', parsed.error.issues, { ...values, password }));
    try {
      const signedIn = await accounts.signIn(accountRequest, parsed.data.email, parsed.data.pw);
      const target = safeReturnPath(formText(form, 'redirect'), localizePath(localeState.locale, '/account'));
      return redirect(target, { headers: cookieHeaders(signedIn.cookies) });
    } catch (error) {
      return refuse('signin', values, refusalOf('signin', error));
    }
  }

  if (intent === 'forgot') {
    const values = { email: formText(form, 'email') };
    const parsed = passwordResetRequestSchema.safeParse(values);
    if (!parsed.success) return refuse('forgot', values, invalid('forgot', parsed.error.issues, values));
    try {
      await accounts.requestPasswordReset(accountRequest, parsed.data.email);
    } catch (error) {
      return refuse('forgot', values, refusalOf('forgot', error));
    }
    return redirect(localizePath(localeState.locale, '/account?action=forgot_password&status=reset_sent'));
  }

  if (intent === 'reset') {
    const input = { token: formText(form, 'token'), new_password: formSecret(form, 'new_password') };
    const parsed = passwordResetSchema.safeParse(input);
    if (!parsed.success) {
      return refuse('reset', {}, invalid('reset', parsed.error.issues, { new_password: input.new_password }));
    }
    try {
      const signedIn = await accounts.resetPassword(accountRequest, parsed.data.token, parsed.data.new_password);
      return redirect(withNotice(localeState, '/account', 'password_reset'), {
        headers: cookieHeaders(signedIn.cookies),
      });
    } catch (error) {
      return refuse('reset', {}, refusalOf('reset', error));
    }
  }

  return refuse('signin', {}, { status: 400, message: UNREADABLE });
}

/** `/{lang}/account/create`: a new account, signed in at once, then on to `redirect` or the account. */
export async function createAccountAction(context: AccountFlowReads, request: Request, localeState: LocaleState) {
  refuseCrossSitePost(request);
  const form = await readFormData(request);
  const values = {
    first_name: formText(form, 'first_name'),
    last_name: formText(form, 'last_name'),
    email: formText(form, 'email'),
    accepts_marketing: formFlag(form, 'accepts_marketing') ? 'on' : '',
  };
  const password = formSecret(form, 'password');
  const parsed = customerCreateSchema.safeParse({
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    password,
    accepts_marketing: values.accepts_marketing === 'on',
  });
  if (!parsed.success) return refuse('create', values, invalid('create', parsed.error.issues, { ...values, password }));
  try {
    const signedIn = await context.services.accounts.signUp(
      { ...accountRequestOf(context, request, localeState), botToken: botTokenOf(form) },
      parsed.data,
    );
    const target = safeReturnPath(formText(form, 'redirect'), withNotice(localeState, '/account', 'created'));
    return redirect(target, { headers: cookieHeaders(signedIn.cookies) });
  } catch (error) {
    return refuse('create', values, refusalOf('create', error));
  }
}

/** `/{lang}/account/sign-out`: ends the session and the cart cookie (spec §4 'Logout clears all customer and pro state'). */
export async function signOutAction(context: AccountFlowReads, request: Request, localeState: LocaleState) {
  refuseCrossSitePost(request);
  const cookies = await context.services.accounts.signOut(accountRequestOf(context, request, localeState));
  return redirect(withNotice(localeState, '/account', 'signed_out'), { headers: cookieHeaders(cookies) });
}

/**
 * The profile's four forms: `intent=details` (name, company, phone, newsletter), `intent=email`
 * and `intent=password` (both confirmed with the current password; afterwards every other
 * session of the account ends, as `PUT /api/customers/{id}` does), and `intent=delete`
 * (confirmed with the password, as `DELETE /api/customers/{id}`: the account, its addresses
 * and cart go, its orders stay anonymised, every session ends, and this browser is signed out).
 */
export async function profileAction(
  context: AccountFlowReads & LoadContextOf<never, 'customer'>,
  request: Request,
  localeState: LocaleState,
) {
  refuseCrossSitePost(request);
  const status = requireCustomer(context, request, localeState);
  const form = await readFormData(request);
  const intent = form.get('intent');
  const { accounts } = context.services;
  const profilePath = '/account/profile';

  if (intent === 'details') {
    const values = {
      first_name: formText(form, 'first_name'),
      last_name: formText(form, 'last_name'),
      company: formText(form, 'company'),
      phone: formText(form, 'phone'),
      accepts_marketing: formFlag(form, 'accepts_marketing') ? 'on' : '',
    };
    const parsed = customerUpdateSchema.safeParse({ ...values, accepts_marketing: values.accepts_marketing === 'on' });
    if (!parsed.success) return refuse('details', values, invalid('details', parsed.error.issues, values));
    try {
      await accounts.updateCustomer(accountRequestOf(context, request, localeState), status, parsed.data);
    } catch (error) {
      return refuse('details', values, refusalOf('details', error));
    }
    return redirect(withNotice(localeState, profilePath, 'details_saved'));
  }

  if (intent === 'email' || intent === 'password') {
    const values = intent === 'email' ? { email: formText(form, 'email') } : {};
    const currentPassword = formSecret(form, 'current_password');
    const input =
      intent === 'email'
        ? { email: values.email, current_password: currentPassword }
        : { new_password: formSecret(form, 'new_password'), current_password: currentPassword };
    const parsed = customerUpdateSchema.safeParse(input);
    if (!parsed.success) return refuse(intent, values, invalid(intent, parsed.error.issues, input));
    try {
      await accounts.updateCustomer(accountRequestOf(context, request, localeState), status, parsed.data);
    } catch (error) {
      return refuse(intent, values, refusalOf(intent, error));
    }
    return redirect(withNotice(localeState, profilePath, intent === 'email' ? 'email_changed' : 'password_changed'));
  }

  if (intent === 'delete') {
    const currentPassword = formSecret(form, 'current_password');
    const parsed = customerDeleteSchema.safeParse({ pw: currentPassword });
    if (!parsed.success) {
      return refuse('delete', {}, invalid('delete', parsed.error.issues, { current_password: currentPassword }));
    }
    let cookies: string[];
    try {
      cookies = await accounts.deleteAccount(accountRequestOf(context, request, localeState), status, parsed.data.pw);
    } catch (error) {
      return refuse('delete', {}, refusalOf('delete', error));
    }
    return redirect(withNotice(localeState, '/account', 'account_deleted'), { headers: cookieHeaders(cookies) });
  }

  return refuse('details', {}, { status: 400, message: UNREADABLE });
}

const ADDRESS_GONE: FieldMessage = { message: 'This address no longer exists.' };

/**
 * The address book's forms: `intent=add` and `intent=update` (with `address_id`) check the
 * fields, the country against the shop's list and the state against the country's;
 * `intent=delete` and `intent=default` act on one address. Only the customer's own addresses
 * can be reached: any other id reads as gone.
 */
export async function addressesAction(
  context: LoadContextOf<'customers' | 'store', 'customer'>,
  request: Request,
  localeState: LocaleState,
) {
  refuseCrossSitePost(request);
  const status = requireCustomer(context, request, localeState);
  const form = await readFormData(request);
  const intent = form.get('intent');
  const customerId = status.customer.id;
  const { customers } = context.services;
  const addressId = parseOrderNumber(formText(form, 'address_id'));
  const addressesPath = '/account/addresses';

  if (intent === 'delete' || intent === 'default') {
    if (addressId === null) return refuse('address', {}, { status: 400, message: UNREADABLE }, null);
    try {
      if (intent === 'delete') await customers.removeAddress(customerId, addressId);
      else await customers.updateAddress(customerId, { id: addressId, is_default: true });
    } catch (error) {
      // Deleting what is already gone has the outcome asked for.
      if (!isDomainError(error, 'NOT_FOUND')) throw error;
      if (intent === 'default') return refuse('address', {}, { status: 404, message: ADDRESS_GONE }, null);
    }
    return redirect(
      withNotice(localeState, addressesPath, intent === 'delete' ? 'address_deleted' : 'default_changed'),
    );
  }

  if (intent !== 'add' && intent !== 'update') return refuse('address', {}, { status: 400, message: UNREADABLE }, null);
  if (intent === 'update' && addressId === null) {
    return refuse('address', {}, { status: 400, message: UNREADABLE }, null);
  }
  const editing = intent === 'update' ? addressId : null;

  const values: FormAnswer['values'] = Object.fromEntries(
    ADDRESS_BOOK_FIELDS.map((field) => [field, formText(form, field)]),
  );
  values.country_code = values.country_code?.toUpperCase() ?? '';
  values.is_default = formFlag(form, 'is_default') ? 'on' : '';

  // The country must be one the shop knows; where it has states, one of them (US, CA).
  const places = await addressPlaces(context, localeState.language);
  const placeErrors: AccountErrors = {};
  const states = places.states[values.country_code] ?? [];
  if (!places.countries.some((country) => country.code === values.country_code)) {
    placeErrors.country_code = { message: 'Choose a country.' };
  } else if (states.length > 0) {
    if (!states.some((state) => state.code === values.state_or_province)) {
      placeErrors.state_or_province = { message: 'Choose a state or province.' };
    }
  } else {
    values.state_or_province = '';
  }

  const input = {
    first_name: values.first_name,
    last_name: values.last_name,
    company: values.company,
    address1: values.address1,
    address2: values.address2,
    city: values.city,
    state_or_province: values.state_or_province,
    postal_code: values.postal_code,
    country_code: values.country_code,
    phone: values.phone,
    is_default: values.is_default === 'on',
  };
  const add = editing === null ? customerAddressSchema.safeParse(input) : null;
  const update = editing === null ? null : customerAddressUpdateSchema.safeParse({ ...input, id: editing });
  const issues = add?.error?.issues ?? update?.error?.issues ?? [];
  const errors = { ...invalid('address', issues, values).errors, ...placeErrors };
  if (issues.length > 0 || Object.keys(errors).length > 0) {
    const message = Object.keys(errors).length === 0 ? UNREADABLE : null;
    return refuse('address', values, { status: 400, errors, message }, editing);
  }
  try {
    if (add?.success) await customers.addAddress(customerId, add.data);
    else if (update?.success) await customers.updateAddress(customerId, update.data);
  } catch (error) {
    if (isDomainError(error, 'NOT_FOUND'))
      return refuse('address', values, { status: 404, message: ADDRESS_GONE }, editing);
    return refuse('address', values, refusalOf('address', error), editing);
  }
  return redirect(withNotice(localeState, addressesPath, editing === null ? 'address_added' : 'address_saved'));
}
