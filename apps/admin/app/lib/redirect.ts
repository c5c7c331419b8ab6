import { redirect } from 'react-router';

/** The app's own base path (react-router.config.ts `basename`), without the trailing slash. */
export const APP_BASE = '/admin';

/**
 * Redirects to a page of this app (`appRedirect('/orders/5')`) from a `clientLoader` or
 * `clientAction`. Use it instead of React Router's `redirect('/orders/5')`: in SPA mode with a
 * basename, React Router 7.18 prefixes a relative redirect's basename twice (`/admin/admin/…`);
 * an absolute URL on this origin is followed as it is.
 */
export function appRedirect(path: string, init?: number | ResponseInit): Response {
  const target = path.startsWith('/') ? path : `/${path}`;
  return redirect(new URL(`${APP_BASE}${target}`, window.location.origin).href, init);
}
