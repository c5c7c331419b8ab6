import { api } from '~/lib/api';
import { appRedirect } from '~/lib/redirect';
import { forgetStaff } from '~/lib/session';

/** The header's "Sign out": ends the staff session, then shows the sign-in page. */
export async function clientAction() {
  await api.delete('/session');
  forgetStaff();
  return appRedirect('/sign-in');
}

export async function clientLoader() {
  return appRedirect('/');
}

export default function SignOut() {
  return null;
}
