import { redirect } from 'react-router';
import type { CustomerStatus } from '@piste/commerce';
import { localizePath, sameOriginPath, type LocaleState } from '@piste/core';
import type { AccountRequest, LoadContextOf } from '@piste/server/load-context';
import { sessionToken } from '../cart/cart-session.server';

/** What an account request is built from. */
export type AccountRequestReads = LoadContextOf<never, 'clientIp' | 'sessionToken' | 'shopper'>;

/** The request as the account flows need it (rate-limit address, cookies, cart, locale). */
export function accountRequestOf(
  context: AccountRequestReads,
  request: Request,
  localeState: LocaleState,
): AccountRequest {
  return {
    ip: context.clientIp,
    secure: new URL(request.url).protocol === 'https:',
    sessionToken: context.sessionToken,
    cartToken: sessionToken(request),
    shopper: context.shopper,
    locale: localeState.locale,
  };
}

/** Where to return after signing in: a path on this site only, never another host. */
export function safeReturnPath(value: string | null | undefined, fallback: string): string {
  return sameOriginPath(value) ?? fallback;
}

/**
 * The auth middleware of spec §6 ('Account addresses, orders and profile require the auth
 * middleware'): the signed-in customer, or a redirect to sign in that returns here afterwards.
 */
export function requireCustomer(
  context: LoadContextOf<never, 'customer'>,
  request: Request,
  localeState: LocaleState,
): CustomerStatus {
  if (context.customer) return context.customer;
  const url = new URL(request.url);
  const signIn = localizePath(localeState.locale, '/account');
  throw redirect(`${signIn}?redirect=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Response headers that set every cookie an account flow asks for. */
export function cookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers();
  for (const cookie of cookies) headers.append('Set-Cookie', cookie);
  return headers;
}
