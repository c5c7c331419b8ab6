import { redirect } from 'react-router';
import { api } from '~/lib/api';
import { forgetStaff } from '~/lib/session';

/** The header's "Sign out": ends the staff session, then shows the sign-in page. */
export async function clientAction() {
  await api.delete('/session');
  forgetStaff();
  return redirect('/sign-in');
}

export async function clientLoader() {
  return redirect('/');
}

export default function SignOut() {
  return null;
}
