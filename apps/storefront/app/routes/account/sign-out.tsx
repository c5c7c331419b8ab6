import { redirect } from 'react-router';
import { localizePath } from '@piste/core';
import { signOutAction } from '../../features/account/account-actions.server';
import type { Route } from './+types/sign-out';

/** Signing out is a POST only; a visit here goes to the account page. */
export function loader({ context }: Route.LoaderArgs) {
  return redirect(localizePath(context.localeState.locale, '/account'));
}

/** `POST /{lang}/account/sign-out`: ends the session, then the account page reloads signed out. */
export function action({ context, request }: Route.ActionArgs) {
  return signOutAction(context, request, context.localeState);
}
