import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { createHttpClient, type FetchLike } from '@piste/core';
import { botCheckFailed, MAX_BOT_TOKEN_LENGTH, type BotProtection } from './bot-protection';

export const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
/** A verification that takes longer than this fails closed rather than holding the shopper. */
const VERIFY_TIMEOUT_MS = 5_000;

export interface RecaptchaOptions {
  siteKey: string;
  secretKey: string;
  /** Scores below this are treated as bots (RECAPTCHA_MIN_SCORE; v3 scores run 0.0–1.0). */
  minScore: number;
  logger: FastifyBaseLogger;
  verifyUrl?: string;
  fetch?: FetchLike;
}

/** The fields of Google's siteverify answer that decide (v3). */
const verifyAnswerSchema = z.object({
  success: z.boolean(),
  score: z.number().optional(),
  action: z.string().optional(),
  'error-codes': z.array(z.string()).optional(),
});

/**
 * reCAPTCHA v3 (BOT_PROTECTION=recaptcha): the browser gets a token per named action and the
 * server asks Google whether it is valid, was made for this action, and scores at least
 * `minScore`. Any failure to ask — network, timeout, malformed answer — refuses.
 */
export function createRecaptchaProtection(options: RecaptchaOptions): BotProtection {
  // Spec §7 'Other': through the generic HTTP client; a POST, so not retried.
  const http = createHttpClient({
    baseUrl: options.verifyUrl ?? RECAPTCHA_VERIFY_URL,
    fetch: options.fetch,
    timeoutMs: VERIFY_TIMEOUT_MS,
  });
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
      if (!answer.success || answer.action !== action || (answer.score ?? 0) < options.minScore) {
        options.logger.info(
          { action, score: answer.score, errors: answer['error-codes'] },
          'reCAPTCHA refused a token',
        );
        throw botCheckFailed();
      }
    },
  };
}
