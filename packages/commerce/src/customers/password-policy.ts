import { dictionary } from '@zxcvbn-ts/language-common';

/** Long enough to resist guessing with argon2id's cost; short enough for a passphrase manager to fill. */
export const MIN_PASSWORD_LENGTH = 10;
/** argon2id hashes any length, but an unbounded input is a cheap way to make the server work hard. */
export const MAX_PASSWORD_LENGTH = 128;

/**
 * The ~49,000 passwords seen most often in public breaches (zxcvbn-ts's common list), kept
 * in memory so the check needs no network (docs/security.md 'Passwords').
 */
let breached: Set<string> | null = null;
function breachedPasswords(): Set<string> {
  breached ??= new Set(dictionary['passwords-common'] as string[]);
  return breached;
}

/**
 * Why a new password is refused, or null when it is acceptable: at least 10 characters, at
 * most 128, not one of the breached common passwords (compared case-insensitively) and not
 * the account's own email address.
 */
export function passwordProblem(password: string, email?: string): string | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `must be at most ${MAX_PASSWORD_LENGTH} characters`;
  const lowered = password.toLowerCase();
  if (breachedPasswords().has(lowered)) return 'is too common: it appears in lists of breached passwords';
  if (email && lowered === email.trim().toLowerCase()) return 'must not be your email address';
  return null;
}
