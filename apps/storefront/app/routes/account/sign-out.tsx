import { redirect } from 'react-router';
import { localizePath, resolveLocaleState } from '@piste/core';
import { signOutAction } from '../../features/account/account-actions.server';
import type { Route } from './+types/sign-out';

/** Signing out is a POST only; a visit here goes to the account page. */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(localizePath(resolveLocaleState({ locale: params.lang }).locale, '/account'));
}

/** `POST /{lang}/account/sign-out`: ends the session, then the account page reloads signed out. */
export function action({ params, context, request }: Route.ActionArgs) {
  return signOutAction(context, request, resolveLocaleState({ locale: params.lang, isPro: context.customer?.isPro }));
}
