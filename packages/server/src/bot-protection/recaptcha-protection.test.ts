import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { isDomainError } from '@piste/core';
import { createRecaptchaProtection } from './recaptcha-protection';

function quietLogger() {
  return { error: vi.fn(), info: vi.fn() } as unknown as FastifyBaseLogger & {
    error: ReturnType<typeof vi.fn>;
  };
}

/** A stand-in for Google's siteverify that answers `answer` and records what it was asked. */
function siteverify(answer: unknown, status = 200) {
  const requests: URLSearchParams[] = [];
  const fetch = vi.fn(async (_url: string | URL | Request, init?: RequestInit) => {
    requests.push(new URLSearchParams(String(init?.body)));
    return new Response(JSON.stringify(answer), { status, headers: { 'content-type': 'application/json' } });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, requests };
}

const outcome = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (isDomainError(error, 'NOT_ALLOWED') ? error.code : String(error)),
  );

const protection = (fetch: typeof globalThis.fetch | undefined, logger = quietLogger(), verifyUrl?: string) =>
  createRecaptchaProtection({
    siteKey: 'site-key-0123456789',
    secretKey: 'secret-key-0123456789',
    minScore: 0.5,
    logger,
    fetch,
    verifyUrl,
  });

describe('the reCAPTCHA v3 bot check', () => {
  it('asks Google with the secret, the token and the address, and accepts a good score for the action', async () => {
    const google = siteverify({ success: true, score: 0.9, action: 'login' });
    expect(await outcome(protection(google.fetch).assertHuman('login', 'token-1', '203.0.113.7'))).toBe('accepted');
    expect(Object.fromEntries(google.requests[0]!)).toEqual({
      secret: 'secret-key-0123456789',
      response: 'token-1',
      remoteip: '203.0.113.7',
    });
  });

  it.each([
    ['a score under the threshold', { success: true, score: 0.3, action: 'login' }],
    ['a token made for another action', { success: true, score: 0.9, action: 'checkout' }],
    ['an invalid token', { success: false, 'error-codes': ['invalid-input-response'] }],
    ['an answer without a score', { success: true, action: 'login' }],
    ['an answer of the wrong shape', { ok: 'yes' }],
  ])('refuses %s', async (_name, answer) => {
    expect(await outcome(protection(siteverify(answer).fetch).assertHuman('login', 'token', '1.2.3.4'))).toBe(
      'BOT_CHECK_FAILED',
    );
  });

  it('refuses a missing token without asking Google', async () => {
    const google = siteverify({ success: true, score: 1, action: 'login' });
    expect(await outcome(protection(google.fetch).assertHuman('login', null, '1.2.3.4'))).toBe('BOT_CHECK_FAILED');
    expect(google.requests).toHaveLength(0);
  });

  it('fails closed, and logs, when Google cannot be asked', async () => {
    const logger = quietLogger();
    const down = vi.fn(async () => {
      throw new TypeError('fetch failed');
    }) as unknown as typeof globalThis.fetch;
    expect(await outcome(protection(down, logger).assertHuman('signup', 'token', '1.2.3.4'))).toBe('BOT_CHECK_FAILED');
    expect(logger.error).toHaveBeenCalledOnce();
    const failing = siteverify({}, 503);
    expect(await outcome(protection(failing.fetch).assertHuman('signup', 'token', '1.2.3.4'))).toBe('BOT_CHECK_FAILED');
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
      expect(await outcome(protection(undefined, logger, url).assertHuman('login', 'token', '1.2.3.4'))).toBe(
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
