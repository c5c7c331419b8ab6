import { describe, expect, it } from 'vitest';
import { parseSessionCookie, SESSION_COOKIE, sessionCookie } from './session-cookie';
import { newSessionToken, SESSION_TTL_SECONDS } from './session-store';

describe('session cookie', () => {
  const token = newSessionToken();

  it('stores the token httpOnly and SameSite=Lax for the session’s lifetime, Secure over HTTPS', () => {
    expect(sessionCookie(token, { secure: false })).toBe(
      `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${SESSION_TTL_SECONDS}; HttpOnly; SameSite=Lax`,
    );
    expect(sessionCookie(token, { secure: true })).toMatch(/; HttpOnly; SameSite=Lax; Secure$/);
  });

  it('clears the cookie with null', () => {
    expect(sessionCookie(null, { secure: true })).toBe(
      `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure`,
    );
  });

  it('reads back only a token of the right shape', () => {
    expect(parseSessionCookie(token)).toBe(token);
    for (const value of [undefined, null, '', 'abc', `${token}=`, token.slice(1), `${token.slice(1)}.`]) {
      expect(parseSessionCookie(value)).toBeNull();
    }
  });
});
