import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { isDomainError, type FetchLike } from '@piste/core';
import {
  CHALLENGE_TIME,
  DOCUMENTED_ERROR_CODES,
  failure,
  replaySiteverify,
  SECRET_KEY,
  SHOP_HOSTNAME,
  SHOPPER_IP,
  SITE_KEY,
  siteverifyRequest,
  TOKEN,
  v3Success,
  type SiteverifyExchange,
} from '../../test/recaptcha/siteverify-fixtures';
import { recaptchaHostnames } from './create-bot-protection';
import {
  createRecaptchaProtection,
  parseChallengeTimestamp,
  RECAPTCHA_CLOCK_SKEW_MS,
  RECAPTCHA_MAX_TOKEN_AGE_MS,
} from './recaptcha-protection';

// Fixtures: packages/server/test/recaptcha/siteverify-fixtures.ts, written from
// https://developers.google.com/recaptcha/docs/verify and https://developers.google.com/recaptcha/docs/v3.

type MockLogger = FastifyBaseLogger & {
  error: ReturnType<typeof vi.fn>;
  warn: ReturnType<typeof vi.fn>;
  info: ReturnType<typeof vi.fn>;
};

function quietLogger(): MockLogger {
  return { error: vi.fn(), warn: vi.fn(), info: vi.fn() } as unknown as MockLogger;
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isDomainError(error, 'NOT_ALLOWED') ? error.code : String(error)),
  );

interface Setup {
  fetch?: FetchLike;
  logger?: MockLogger;
  verifyUrl?: string;
  hostnames?: string[];
  /** Seconds since the fixtures' challenge_ts when the token is checked. */
  secondsLater?: number;
}

const protection = ({
  fetch,
  logger = quietLogger(),
  verifyUrl,
  hostnames = [SHOP_HOSTNAME],
  secondsLater = 5,
}: Setup) =>
  createRecaptchaProtection({
    siteKey: SITE_KEY,
    secretKey: SECRET_KEY,
    minScore: 0.5,
    hostnames,
    logger,
    fetch,
    verifyUrl,
    now: () => new Date(CHALLENGE_TIME.getTime() + secondsLater * 1000),
  });

/** Replays `exchange` for a `login` token from the fixtures' shopper. */
async function check(exchange: SiteverifyExchange, setup: Omit<Setup, 'fetch'> = {}) {
  const google = replaySiteverify(exchange);
  const logger = setup.logger ?? quietLogger();
  const result = await outcome(
    protection({ ...setup, logger, fetch: google.fetch }).assertHuman('login', TOKEN, SHOPPER_IP),
  );
  return { result, logger, sent: google.sent };
}

describe('the reCAPTCHA v3 bot check', () => {
  it("sends Google's documented request and accepts a good score for the action, on the shop's host, just made", async () => {
    const { result, sent } = await check(v3Success());
    expect(result).toBe('accepted');
    expect(sent).toEqual([
      {
        url: 'https://www.google.com/recaptcha/api/siteverify',
        method: 'POST',
        contentType: 'application/x-www-form-urlencoded',
        form: { secret: SECRET_KEY, response: TOKEN, remoteip: SHOPPER_IP },
      },
    ]);
  });

  it('is refused by the replay when it sends another request (the fixtures check what was sent)', async () => {
    const wrongSecret = { ...v3Success(), request: siteverifyRequest(TOKEN, SHOPPER_IP, 'another-secret-0123') };
    const { result, logger } = await check(wrongSecret);
    expect(result).toBe('BOT_CHECK_FAILED');
    expect(logger.error).toHaveBeenCalledWith({ errors: ['bad-request'] }, expect.stringContaining('malformed'));
  });

  it.each([
    ['a score under the threshold', { score: 0.3 }, 'score'],
    ['a token made for another action', { action: 'checkout' }, 'action'],
    ['an answer without a score', { score: undefined }, 'score'],
  ])('refuses %s, and logs why', async (_name, overrides, reason) => {
    const { result, logger } = await check(v3Success(overrides));
    expect(result).toBe('BOT_CHECK_FAILED');
    expect(logger.info).toHaveBeenCalledWith(expect.objectContaining({ reason }), 'reCAPTCHA refused a token');
  });

  it('refuses an answer of the wrong shape, logged as a failed verification', async () => {
    const { result, logger } = await check({
      request: siteverifyRequest(),
      answer: { status: 200, body: { ok: 'yes' } },
    });
    expect(result).toBe('BOT_CHECK_FAILED');
    expect(logger.error).toHaveBeenCalledWith(expect.anything(), 'reCAPTCHA verification could not be completed');
  });

  it('refuses a success without the hostname or challenge_ts the v3 answer documents', async () => {
    for (const missing of ['hostname', 'challenge_ts']) {
      const { result, logger } = await check(v3Success({ [missing]: undefined }));
      expect(result).toBe('BOT_CHECK_FAILED');
      expect(logger.error).toHaveBeenCalledOnce();
    }
  });

  describe('hostname', () => {
    it('refuses a token made on a site that is not the shop, and warns with the host', async () => {
      const { result, logger } = await check(v3Success({ hostname: 'copycat.example.net' }));
      expect(result).toBe('BOT_CHECK_FAILED');
      expect(logger.warn).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'hostname', hostname: 'copycat.example.net', expected: [SHOP_HOSTNAME] }),
        expect.stringContaining('another site'),
      );
    });

    it('accepts any of the configured hostnames, in any letter case', async () => {
      const hostnames = ['shop.example.com', 'www.shop.example.com'];
      expect((await check(v3Success({ hostname: 'WWW.Shop.Example.com' }), { hostnames })).result).toBe('accepted');
      expect((await check(v3Success({ hostname: 'shop.example.com.evil.net' }), { hostnames })).result).toBe(
        'BOT_CHECK_FAILED',
      );
    });

    it("defaults to PUBLIC_URL's host, and RECAPTCHA_HOSTNAMES replaces it", () => {
      expect(
        recaptchaHostnames({ PUBLIC_URL: 'https://Shop.Example.com:8443/en', RECAPTCHA_HOSTNAMES: undefined }),
      ).toEqual(['shop.example.com']);
      expect(
        recaptchaHostnames({ PUBLIC_URL: 'https://shop.example.com', RECAPTCHA_HOSTNAMES: ['a.example', 'b.example'] }),
      ).toEqual(['a.example', 'b.example']);
    });
  });

  describe('token age', () => {
    it('accepts a token up to two minutes old (Google: tokens are valid for two minutes), and refuses an older one', async () => {
      expect(RECAPTCHA_MAX_TOKEN_AGE_MS).toBe(120_000);
      expect((await check(v3Success(), { secondsLater: 120 })).result).toBe('accepted');
      const stale = await check(v3Success(), { secondsLater: 121 });
      expect(stale.result).toBe('BOT_CHECK_FAILED');
      expect(stale.logger.info).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'token-age', ageMs: 121_000 }),
        'reCAPTCHA refused a token',
      );
    });

    it('allows a little clock difference, not a challenge from the future', async () => {
      expect(RECAPTCHA_CLOCK_SKEW_MS).toBe(30_000);
      expect((await check(v3Success(), { secondsLater: -30 })).result).toBe('accepted');
      expect((await check(v3Success(), { secondsLater: -31 })).result).toBe('BOT_CHECK_FAILED');
    });

    it('refuses a challenge_ts that is no timestamp', async () => {
      const { result, logger } = await check(v3Success({ challenge_ts: 'yesterday' }));
      expect(result).toBe('BOT_CHECK_FAILED');
      expect(logger.info).toHaveBeenCalledWith(
        expect.objectContaining({ reason: 'token-age', ageMs: null }),
        'reCAPTCHA refused a token',
      );
    });

    it("reads challenge_ts as Google's yyyy-MM-dd'T'HH:mm:ssZZ, with Z or a numeric offset", () => {
      const utc = Date.parse('2026-11-27T13:09:01Z');
      expect(parseChallengeTimestamp('2026-11-27T13:09:01Z')).toBe(utc);
      expect(parseChallengeTimestamp('2026-11-27T14:09:01+01:00')).toBe(utc);
      expect(parseChallengeTimestamp('2026-11-27T08:09:01-0500')).toBe(utc);
      expect(parseChallengeTimestamp('2026-11-27T13:09:01.250Z')).toBe(utc + 250);
      for (const bad of ['2026-11-27 13:09:01', '2026-11-27T13:09:01', '1764248941', '']) {
        expect(parseChallengeTimestamp(bad)).toBeNaN();
      }
    });
  });

  describe("Google's documented error codes", () => {
    it.each(DOCUMENTED_ERROR_CODES.map((entry) => [entry.code, entry.fault] as const))(
      '%s refuses the token (%s)',
      async (code, fault) => {
        const { result, logger } = await check(failure(code));
        expect(result).toBe('BOT_CHECK_FAILED');
        if (fault === 'token') {
          // The shopper's token: an ordinary refusal, not an alarm.
          expect(logger.info).toHaveBeenCalledWith(
            expect.objectContaining({ reason: 'invalid-token', errors: [code] }),
            'reCAPTCHA refused a token',
          );
          expect(logger.error).not.toHaveBeenCalled();
        } else {
          expect(logger.error).toHaveBeenCalledOnce();
          expect(logger.info).not.toHaveBeenCalled();
        }
      },
    );

    it('logs a rejected secret loudly as a configuration error naming RECAPTCHA_SECRET_KEY', async () => {
      for (const code of ['missing-input-secret', 'invalid-input-secret']) {
        const { logger } = await check(failure(code));
        expect(logger.error).toHaveBeenCalledWith(
          { errors: [code] },
          expect.stringMatching(/^reCAPTCHA configuration error: .*RECAPTCHA_SECRET_KEY/),
        );
      }
    });
  });

  it('refuses a missing token without asking Google', async () => {
    const google = replaySiteverify(v3Success());
    expect(await outcome(protection({ fetch: google.fetch }).assertHuman('login', null, SHOPPER_IP))).toBe(
      'BOT_CHECK_FAILED',
    );
    expect(google.sent).toHaveLength(0);
  });

  it('fails closed, and logs, when Google cannot be asked', async () => {
    const logger = quietLogger();
    const down: FetchLike = async () => {
      throw new TypeError('fetch failed');
    };
    expect(await outcome(protection({ fetch: down, logger }).assertHuman('signup', TOKEN, SHOPPER_IP))).toBe(
      'BOT_CHECK_FAILED',
    );
    expect(logger.error).toHaveBeenCalledOnce();
    const failing = replaySiteverify({ request: siteverifyRequest(), answer: { status: 503, body: {} } });
    expect(await outcome(protection({ fetch: failing.fetch }).assertHuman('login', TOKEN, SHOPPER_IP))).toBe(
      'BOT_CHECK_FAILED',
    );
  });

  it('asks over HTTP through the generic client: one try of the POST, its §8 failure logged', async () => {
    // A siteverify on loopback that is failing.
    const server = createServer((request, response) => {
      calls += 1;
      request.resume().on('end', () => response.writeHead(503).end());
    });
    let calls = 0;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const logger = quietLogger();
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/recaptcha/api/siteverify`;
      expect(await outcome(protection({ logger, verifyUrl: url }).assertHuman('login', TOKEN, SHOPPER_IP))).toBe(
        'BOT_CHECK_FAILED',
      );
      expect(calls).toBe(1);
      expect(logger.error).toHaveBeenCalledWith(
        { err: expect.objectContaining({ message: 'Request failed with status code 503' }) },
        'reCAPTCHA verification could not be completed',
      );
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
