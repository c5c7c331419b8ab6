import { DomainError, type BotProtectedAction, type BotProtectionBrowserConfig } from '@piste/core';

/**
 * The bot-protection seam: forms and API calls of the protected actions ask it before doing
 * anything. Providers throw `botCheckFailed()` when a token is missing, forged, reused, for
 * another action or scored as a bot — they fail closed.
 */
export interface BotProtection {
  readonly browser: BotProtectionBrowserConfig;
  assertHuman(action: BotProtectedAction, token: string | null | undefined, ip: string): Promise<void>;
}

/** The longest token accepted: an ALTCHA payload is ~600 bytes, a reCAPTCHA token ~2 KB. */
export const MAX_BOT_TOKEN_LENGTH = 8_192;

/** One refusal for every failed check, so a bot learns nothing about why. */
export function botCheckFailed(): DomainError {
  return new DomainError(
    'NOT_ALLOWED',
    'We could not confirm that you are not a robot. Make sure JavaScript is on, wait for the check to finish, and try again.',
    'BOT_CHECK_FAILED',
  );
}

/** No challenge (BOT_PROTECTION=off): for tests of other features and closed networks. */
export const noBotProtection: BotProtection = {
  browser: { provider: 'off' },
  assertHuman: async () => undefined,
};
