import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { BotProtectedAction } from '@piste/core';
import { botCheckFailed, MAX_BOT_TOKEN_LENGTH, type BotProtection } from './bot-protection';
import type { ChallengeReplayStore } from './challenge-replay-store';

/** PBKDF2 is native in browsers' WebCrypto, so the widget's workers solve it quickly on phones too. */
const ALGORITHM = 'PBKDF2/SHA-256';
/** Long enough to fill a checkout form, short enough that a harvested challenge goes stale. */
export const CHALLENGE_TTL_SECONDS = 20 * 60;

export interface AltchaOptions {
  /** Signs challenges; every instance of the shop must share it (BOT_PROTECTION_SECRET). */
  secret: string;
  /** PBKDF2 iterations per attempt (ALTCHA_COST). */
  cost: number;
  /** The answer lies between half of this and this (ALTCHA_MAX_COUNTER): the work a browser does. */
  maxCounter: number;
  replays: ChallengeReplayStore;
  /** Where the browser fetches challenges. */
  challengeUrl: string;
  now?: () => Date;
}

/** The widget's payload: base64 of `{ challenge, solution }` (ALTCHA v2). */
const payloadSchema = z.object({
  challenge: z.object({
    parameters: z
      .object({
        algorithm: z.string(),
        nonce: z.string().min(1).max(200),
        salt: z.string(),
        cost: z.number(),
        keyLength: z.number(),
        keyPrefix: z.string(),
        expiresAt: z.number().optional(),
        data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
      })
      .loose(),
    signature: z.string().optional(),
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string() }).loose(),
});

function parsePayload(token: string) {
  try {
    return payloadSchema.safeParse(JSON.parse(Buffer.from(token, 'base64').toString('utf8'))).data ?? null;
  } catch {
    return null;
  }
}

/**
 * The default provider: an ALTCHA proof of work issued by this server. A challenge names its
 * action and expires; its signature proves it is ours; the solution proves the work; and the
 * replay store accepts each challenge once.
 */
export function createAltchaProtection(options: AltchaOptions): BotProtection & {
  challenge(action: BotProtectedAction): Promise<Challenge>;
} {
  const now = options.now ?? (() => new Date());
  // Two secrets from one: the challenge signature and the derived-key signature.
  const signatureSecret = `${options.secret}:challenge`;
  const keySignatureSecret = `${options.secret}:key`;

  return {
    browser: { provider: 'altcha', challengeUrl: options.challengeUrl },

    challenge(action) {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.cost,
        counter: randomInt(options.maxCounter, Math.ceil(options.maxCounter / 2)),
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
        expiresAt: new Date(now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
        data: { action },
      });
    },

    async assertHuman(action, token) {
      if (!token || token.length > MAX_BOT_TOKEN_LENGTH) throw botCheckFailed();
      const payload = parsePayload(token);
      const parameters = payload?.challenge.parameters;
      if (!payload || !parameters || parameters.algorithm !== ALGORITHM || parameters.data?.action !== action) {
        throw botCheckFailed();
      }
      const result = await verifySolution({
        challenge: payload.challenge as Challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySignatureSecret,
      }).catch(() => null);
      if (!result?.verified) throw botCheckFailed();
      const expiresAt = new Date((parameters.expiresAt ?? 0) * 1000);
      if (!(await options.replays.claim(parameters.nonce, expiresAt))) throw botCheckFailed();
    },
  };
}
