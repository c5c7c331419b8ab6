import { isSessionToken, SESSION_TTL_SECONDS } from './session-store';

/** The signed-in session's cookie; its value is the session token (the store keeps only its hash). */
export const SESSION_COOKIE = 'piste_session';

/**
 * The `Set-Cookie` value that stores a session token, or with `null` clears it. HttpOnly: page
 * scripts never need the token; SameSite=Lax: other sites' forms and fetches cannot carry it;
 * Secure when the request came over HTTPS. Max-Age matches the session's absolute lifetime.
 */
export function sessionCookie(token: string | null, options: { secure: boolean }): string {
  const value = token ?? '';
  const maxAge = token ? SESSION_TTL_SECONDS : 0;
  return `${SESSION_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
}

/** The token in the cookie's value, or null when it is missing or not one we wrote. */
export function parseSessionCookie(value: string | undefined | null): string | null {
  return isSessionToken(value) ? value : null;
}
