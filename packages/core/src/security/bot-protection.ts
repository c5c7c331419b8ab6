/**
 * The actions a bot check guards (docs/security.md 'Bot protection': login, account creation, pro
 * signup, password reset, email signup and checkout). reCAPTCHA v3 scores a token per named action,
 * and an ALTCHA challenge is issued for one action, so a token earned on one form opens no other.
 */
export const BOT_PROTECTED_ACTIONS = [
  'login',
  'signup',
  'pro_signup',
  'password_reset',
  'email_signup',
  'checkout',
] as const;
export type BotProtectedAction = (typeof BOT_PROTECTED_ACTIONS)[number];

export function isBotProtectedAction(value: unknown): value is BotProtectedAction {
  return typeof value === 'string' && (BOT_PROTECTED_ACTIONS as readonly string[]).includes(value);
}

/** What the browser needs to earn a token: nothing here is secret. */
export type BotProtectionBrowserConfig =
  { provider: 'altcha'; challengeUrl: string } | { provider: 'recaptcha'; siteKey: string } | { provider: 'off' };

/** The form field and the API header that carry the token. */
export const BOT_TOKEN_FIELD = 'bot_token';
export const BOT_TOKEN_HEADER = 'x-bot-token';
