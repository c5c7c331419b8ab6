/** The actions a bot check guards (issue 10 names them: login, signup, pro signup, reset, email signup, checkout). */
export type BotProtectedAction = 'login' | 'signup' | 'password_reset';

/**
 * The bot-protection seam of issue 8: sign-in, sign-up and password reset ask it before doing
 * anything. The platform issue (10) supplies the providers (an ALTCHA proof of work by default,
 * reCAPTCHA v3 by config); each throws a 4xx DomainError when the token fails.
 */
export interface BotProtection {
  assertHuman(action: BotProtectedAction, token: string | null, ip: string): Promise<void>;
}

/** No challenge: what runs until a provider is configured (issue 10). */
export const noBotProtection: BotProtection = {
  assertHuman: async () => undefined,
};
