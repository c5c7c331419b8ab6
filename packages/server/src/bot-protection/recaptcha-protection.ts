import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createHttpClient, type FetchLike } from '@piste/core';
import { botCheckFailed, MAX_BOT_TOKEN_LENGTH, type BotProtection } from './bot-protection';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** A verification that takes longer than this fails closed rather than holding the shopper. */
const VERIFY_TIMEOUT_MS = 5_000;
/**
 * The oldest token accepted, counted from its `challenge_ts`: Google's own validity, "Each
 * reCAPTCHA user response token is valid for two minutes"
 * (https://developers.google.com/recaptcha/docs/verify, 'Token Restrictions'). The browser
 * renews its token every 90 seconds, so a shopper's token is younger than this.
 */
export const RECAPTCHA_MAX_TOKEN_AGE_MS = 120_000;
/** How far `challenge_ts` may lie in our future: clocks of Google and this server differ a little. */
export const RECAPTCHA_CLOCK_SKEW_MS = 30_000;

/** Error codes that say our request or our secret is wrong, not the shopper's token (Google's 'Error code reference'). */
const CONFIGURATION_ERROR_CODES = new Set(['missing-input-secret', 'invalid-input-secret']);
const REQUEST_ERROR_CODES = new Set(['bad-request', 'missing-input-response']);

export interface RecaptchaOptions {
  siteKey: string;
  secretKey: string;
  /** Scores below this are treated as bots (RECAPTCHA_MIN_SCORE; v3 scores run 0.0–1.0). */
  minScore: number;
  /** Hostnames a token may have been made on (RECAPTCHA_HOSTNAMES, else PUBLIC_URL's host), lowercase. */
  hostnames: readonly string[];
  logger: FastifyBaseLogger;
  verifyUrl?: string;
  fetch?: FetchLike;
  now?: () => Date;
}

/**
 * The fields of Google's siteverify answer that decide (v3,
 * https://developers.google.com/recaptcha/docs/v3 'Site Verify Response').
 */
const verifyAnswerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  challenge_ts: z.string().optional(),
  hostname: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * `challenge_ts` is "ISO format yyyy-MM-dd'T'HH:mm:ssZZ": Google answers `…Z`, and the pattern
 * also allows `+hh:mm` and `+hhmm` offsets. Anything else is no timestamp (NaN).
 */
export function parseChallengeTimestamp(value: string): number {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?)(Z|[+-]\d{2}:?\d{2})$/.exec(value);
  if (!match) return Number.NaN;
  const offset = match[2]!;
  const zone = offset === 'Z' || offset.includes(':') ? offset : `${offset.slice(0, 3)}:${offset.slice(3)}`;
  return Date.parse(`${match[1]}${zone}`);
}

type Refusal = 'invalid-token' | 'action' | 'score' | 'hostname' | 'token-age';

/**
 * reCAPTCHA v3 (BOT_PROTECTION=recaptcha): the browser gets a token per named action and the
 * server asks Google whether it is valid, was made for this action on one of the shop's
 * hostnames less than two minutes ago, and scores at least `minScore`. Any failure to ask —
 * network, timeout, malformed answer — refuses.
 */
export function createRecaptchaProtection(options: RecaptchaOptions): BotProtection {
  // Spec §7 'Other': through the generic HTTP client; a POST, so not retried.
  const http = createHttpClient({
    baseUrl: options.verifyUrl ?? RECAPTCHA_VERIFY_URL,
    fetch: options.fetch,
    timeoutMs: VERIFY_TIMEOUT_MS,
  });
  const hostnames = new Set(options.hostnames.map((hostname) => hostname.toLowerCase()));
  const now = options.now ?? (() => new Date());

  function refuse(reason: Refusal, details: Record<string, unknown>): never {
    options.logger.info({ reason, ...details }, 'reCAPTCHA refused a token');
    throw botCheckFailed();
  }

  return {
    browser: { provider: 'recaptcha', siteKey: options.siteKey },

    async assertHuman(action, token, ip) {
      if (!token || token.length > MAX_BOT_TOKEN_LENGTH) throw botCheckFailed();
      let answer: z.infer<typeof verifyAnswerSchema>;
      try {
        const response = await http.request('', {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ secret: options.secretKey, response: token, remoteip: ip }),
        });
        answer = verifyAnswerSchema.parse(response.data);
      } catch (error) {
        options.logger.error({ err: error }, 'reCAPTCHA verification could not be completed');
        throw botCheckFailed();
      }

      const errors = answer['error-codes'] ?? [];
      const configuration = errors.filter((code) => CONFIGURATION_ERROR_CODES.has(code));
      if (configuration.length > 0) {
        // Every shopper is refused until the secret is fixed: this is the operator's problem.
        options.logger.error(
          { errors },
          'reCAPTCHA configuration error: Google refused RECAPTCHA_SECRET_KEY; every protected form fails until it is fixed',
        );
        throw botCheckFailed();
      }
      if (errors.some((code) => REQUEST_ERROR_CODES.has(code))) {
        options.logger.error({ errors }, 'reCAPTCHA refused our siteverify request as malformed');
        throw botCheckFailed();
      }
      if (!answer.success) refuse('invalid-token', { action, errors });

      if (answer.hostname === undefined || answer.challenge_ts === undefined) {
        options.logger.error(
          { action, fields: Object.keys(answer) },
          'reCAPTCHA answered success without a hostname or challenge_ts',
        );
        throw botCheckFailed();
      }
      if (answer.action !== action) refuse('action', { action, tokenAction: answer.action });
      if (!hostnames.has(answer.hostname.toLowerCase())) {
        options.logger.warn(
          { reason: 'hostname', action, hostname: answer.hostname, expected: [...hostnames] },
          'reCAPTCHA refused a token made on another site (check RECAPTCHA_HOSTNAMES or PUBLIC_URL if it is yours)',
        );
        throw botCheckFailed();
      }
      const ageMs = now().getTime() - parseChallengeTimestamp(answer.challenge_ts);
      if (!(ageMs <= RECAPTCHA_MAX_TOKEN_AGE_MS && ageMs >= -RECAPTCHA_CLOCK_SKEW_MS)) {
        refuse('token-age', { action, challengeTs: answer.challenge_ts, ageMs: Number.isNaN(ageMs) ? null : ageMs });
      }
      if ((answer.score ?? 0) < options.minScore) refuse('score', { action, score: answer.score });
    },
  };
}
