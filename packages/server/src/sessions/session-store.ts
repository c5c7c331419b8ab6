import { createHash, randomBytes } from 'node:crypto';

/** A session lasts 30 days from sign-in, however active it is (absolute, not sliding). */
export const SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Signed-in sessions (docs/security.md 'Sessions'). The cookie carries a random token;
 * stores keep only its SHA-256, so a leaked table or Redis dump hands out no live session.
 * Stores throw when their storage fails: a Redis blip must not read as "signed out".
 */
export interface SessionStore {
  /** Starts a session and returns its token, for the cookie. */
  create(customerId: number): Promise<string>;
  /** The session's customer, or null when the token is malformed, unknown or expired. */
  read(token: string): Promise<{ customerId: number; createdAt: Date } | null>;
  destroy(token: string): Promise<void>;
  /** Signs the customer out everywhere, except the session `except` names (e.g. the current one). */
  destroyAllFor(customerId: number, options?: { except?: string }): Promise<void>;
  /** Releases what the store owns; the database or Redis client stays the caller's to close. */
  close(): Promise<void>;
}

export interface SessionStoreOptions {
  /** The clock, for tests. */
  now?: () => Date;
}

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** 32 random bytes, base64url: 43 characters. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function isSessionToken(value: unknown): value is string {
  return typeof value === 'string' && TOKEN_PATTERN.test(value);
}

/** SHA-256 is enough: the token is 256 random bits, not a password anyone could guess. */
export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
