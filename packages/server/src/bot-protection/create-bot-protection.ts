import { randomBytes } from 'node:crypto';
import type { Db } from '@piste/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createAltchaProtection } from './altcha-protection';
import { noBotProtection, type BotProtection } from './bot-protection';
import { createChallengeReplayStore } from './challenge-replay-store';
import { createRecaptchaProtection } from './recaptcha-protection';

export type BotProtectionSettings = Pick<
  Config,
  | 'BOT_PROTECTION'
  | 'BOT_PROTECTION_SECRET'
  | 'ALTCHA_COST'
  | 'ALTCHA_MAX_COUNTER'
  | 'RECAPTCHA_SITE_KEY'
  | 'RECAPTCHA_SECRET_KEY'
  | 'RECAPTCHA_MIN_SCORE'
  | 'RECAPTCHA_HOSTNAMES'
  | 'PUBLIC_URL'
> & { NODE_ENV?: Config['NODE_ENV'] };

/** Where browsers fetch ALTCHA challenges (routes/bot-protection.ts). */
export const ALTCHA_CHALLENGE_PATH = '/api/bot-protection/challenge';

/** The hostnames a reCAPTCHA token may come from: RECAPTCHA_HOSTNAMES, else PUBLIC_URL's host. */
export function recaptchaHostnames(
  settings: Pick<BotProtectionSettings, 'RECAPTCHA_HOSTNAMES' | 'PUBLIC_URL'>,
): string[] {
  return settings.RECAPTCHA_HOSTNAMES ?? [new URL(settings.PUBLIC_URL).hostname.toLowerCase()];
}

export type AltchaProtection = ReturnType<typeof createAltchaProtection>;

/** The configured provider; `altcha` also answers challenges, the others have none to give. */
export function createBotProtection(
  settings: BotProtectionSettings,
  db: Db,
  logger: FastifyBaseLogger,
): { protection: BotProtection; altcha: AltchaProtection | null } {
  if (settings.BOT_PROTECTION === 'off') return { protection: noBotProtection, altcha: null };
  if (settings.BOT_PROTECTION === 'recaptcha') {
    // loadConfig refuses recaptcha without both keys, and without PUBLIC_URL or RECAPTCHA_HOSTNAMES.
    const protection = createRecaptchaProtection({
      siteKey: settings.RECAPTCHA_SITE_KEY ?? '',
      secretKey: settings.RECAPTCHA_SECRET_KEY ?? '',
      minScore: settings.RECAPTCHA_MIN_SCORE,
      hostnames: recaptchaHostnames(settings),
      logger,
    });
    return { protection, altcha: null };
  }
  if (!settings.BOT_PROTECTION_SECRET && settings.NODE_ENV === 'production') {
    logger.warn('BOT_PROTECTION_SECRET is unset: challenges signed by one instance fail on another, and at restart');
  }
  const altcha = createAltchaProtection({
    secret: settings.BOT_PROTECTION_SECRET ?? randomBytes(32).toString('hex'),
    cost: settings.ALTCHA_COST,
    maxCounter: settings.ALTCHA_MAX_COUNTER,
    replays: createChallengeReplayStore(db),
    challengeUrl: ALTCHA_CHALLENGE_PATH,
  });
  return { protection: altcha, altcha };
}
