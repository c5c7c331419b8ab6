import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { DomainError } from '@piste/core';

interface RateLimitRuleSpec {
  /** Attempts allowed per window. */
  points: number;
  /** The window, in seconds from the first attempt. */
  durationSeconds: number;
  /** Once over the limit, refuse for this long (0: until the window ends). */
  blockSeconds: number;
  /** Keyed by an email address, compared case-insensitively. */
  account: boolean;
}

/**
 * The limits on sign-in and account forms (docs/security.md 'Rate limits' lists the same numbers):
 *
 * - `login-ip`: 30 attempts per 15 minutes per IP address.
 * - `login-account`: 5 failed attempts per 15 minutes per email address, then blocked for 15
 *   minutes. The login route consumes before checking the password (so a blocked account
 *   cannot be probed) and resets on success, so only failures add up.
 * - `signup-ip`: 10 sign-ups per hour per IP address.
 * - `password-reset-ip`: 10 requests per hour per IP address.
 * - `password-reset-account`: 3 requests per hour per email address.
 * - `pro-code-account`: 10 pro codes tried per hour per signed-in customer (codes must not be guessable by trying).
 * - `staff-login-ip`: 20 back-office sign-ins per 15 minutes per IP address.
 * - `staff-login-account`: 5 failed back-office sign-ins per 15 minutes per email, then blocked for 30 minutes.
 */
export const RATE_LIMIT_RULES = {
  'login-ip': { points: 30, durationSeconds: 15 * 60, blockSeconds: 0, account: false },
  'login-account': { points: 5, durationSeconds: 15 * 60, blockSeconds: 15 * 60, account: true },
  'signup-ip': { points: 10, durationSeconds: 60 * 60, blockSeconds: 0, account: false },
  'password-reset-ip': { points: 10, durationSeconds: 60 * 60, blockSeconds: 0, account: false },
  'password-reset-account': { points: 3, durationSeconds: 60 * 60, blockSeconds: 0, account: true },
  'pro-code-account': { points: 10, durationSeconds: 60 * 60, blockSeconds: 0, account: true },
  'staff-login-ip': { points: 20, durationSeconds: 15 * 60, blockSeconds: 0, account: false },
  'staff-login-account': { points: 5, durationSeconds: 15 * 60, blockSeconds: 30 * 60, account: true },
} as const satisfies Record<string, RateLimitRuleSpec>;

export type RateLimitRule = keyof typeof RATE_LIMIT_RULES;

export interface RateLimits {
  /** Counts an attempt; throws a RateLimitedError (kind RATE_LIMITED, HTTP 429) when over the limit. */
  consume(rule: RateLimitRule, key: string): Promise<void>;
  /** Forgets the attempts counted for the key, e.g. after a successful login. */
  reset(rule: RateLimitRule, key: string): Promise<void>;
}

/** A RATE_LIMITED domain error that says when to retry; the API sends it as `Retry-After`. */
export class RateLimitedError extends DomainError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      'RATE_LIMITED',
      `Too many attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
      'RATE_LIMITED',
    );
  }
}

/** Keys longer than this are stored as their hash, so no caller can make a key of any size. */
const MAX_KEY_LENGTH = 64;

function limiterKey(rule: RateLimitRule, key: string): string {
  const normalised = RATE_LIMIT_RULES[rule].account ? key.trim().toLowerCase() : key;
  if (normalised.length <= MAX_KEY_LENGTH) return normalised;
  return `#${createHash('sha256').update(normalised).digest('base64url')}`;
}

export interface RateLimitsOptions {
  /** Share the counts between instances through Redis; omitted, they live in process memory. */
  redis?: Redis | null;
  /** Prepended to every Redis key; tests use their own. */
  keyPrefix?: string;
}

/**
 * The limiters, in process memory or in Redis. With Redis, each has an in-memory insurance
 * limiter: while Redis is unreachable, attempts are counted per process instead of failing,
 * so an outage neither locks everyone out nor lets attempts through unlimited.
 */
export function createRateLimits(options: RateLimitsOptions = {}): RateLimits {
  const prefix = options.keyPrefix ?? 'piste:';
  const limiters = new Map<RateLimitRule, { limiter: RateLimiterAbstract; insurance?: RateLimiterAbstract }>();
  for (const [rule, spec] of Object.entries(RATE_LIMIT_RULES) as [RateLimitRule, RateLimitRuleSpec][]) {
    const limiterOptions = {
      keyPrefix: `${prefix}rl:${rule}`,
      points: spec.points,
      duration: spec.durationSeconds,
      blockDuration: spec.blockSeconds,
    };
    if (options.redis) {
      const insurance = new RateLimiterMemory(limiterOptions);
      const limiter = new RateLimiterRedis({
        ...limiterOptions,
        storeClient: options.redis,
        // Go straight to the insurance limiter while disconnected, rather than wait for a timeout.
        rejectIfRedisNotReady: true,
        insuranceLimiter: insurance,
      });
      limiters.set(rule, { limiter, insurance });
    } else {
      limiters.set(rule, { limiter: new RateLimiterMemory(limiterOptions) });
    }
  }
  const limiterFor = (rule: RateLimitRule) => {
    const entry = limiters.get(rule);
    if (!entry) throw new Error(`Unknown rate limit rule: ${String(rule)}`);
    return entry;
  };

  return {
    async consume(rule, key) {
      try {
        await limiterFor(rule).limiter.consume(limiterKey(rule, key));
      } catch (error) {
        // The limiter rejects with its result when over the limit, with an Error when its store fails.
        if (error instanceof RateLimiterRes) {
          throw new RateLimitedError(Math.max(1, Math.ceil(error.msBeforeNext / 1000)));
        }
        throw error;
      }
    },

    async reset(rule, key) {
      const { limiter, insurance } = limiterFor(rule);
      const limited = limiterKey(rule, key);
      // The insurance limiter may hold attempts counted during an outage; forget those too.
      await Promise.all([limiter.delete(limited), insurance?.delete(limited)]);
    },
  };
}
