import type { FetchLike } from '@piste/core';

/**
 * Request/answer pairs of Google's reCAPTCHA `siteverify`, written from Google's reference:
 *
 * - The request and the error codes: https://developers.google.com/recaptcha/docs/verify
 *   ('API Request': `POST https://www.google.com/recaptcha/api/siteverify` with the form
 *   parameters `secret` and `response` (required) and `remoteip` (optional); 'API Response';
 *   'Error code reference').
 * - The v3 answer: https://developers.google.com/recaptcha/docs/v3 ('Site Verify Response':
 *   `success`, `score`, `action`, `challenge_ts` — "timestamp of the challenge load (ISO format
 *   yyyy-MM-dd'T'HH:mm:ssZZ)" —, `hostname`, `error-codes`).
 *
 * The values (keys, token, address, host, times) are ours; the shapes are Google's.
 */

export const SITEVERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';
export const SITE_KEY = 'site-key-0123456789';
export const SECRET_KEY = 'secret-key-0123456789';
export const SHOP_HOSTNAME = 'shop.example.com';
export const SHOPPER_IP = '203.0.113.7';
export const TOKEN = '03AFcWeA5x-token-of-a-shopper';
/** When the fixtures' challenges were loaded; tests set their clock from it. */
export const CHALLENGE_TS = '2026-11-27T13:09:01Z';
export const CHALLENGE_TIME = new Date(CHALLENGE_TS);

export interface SiteverifyRequest {
  url: string;
  method: 'POST';
  contentType: 'application/x-www-form-urlencoded';
  form: Record<string, string>;
}

export interface SiteverifyExchange {
  request: SiteverifyRequest;
  answer: { status: number; body: Record<string, unknown> };
}

/** The request our adapter must send for `token` from `ip` (Google's 'API Request'). */
export function siteverifyRequest(token = TOKEN, ip = SHOPPER_IP, secret = SECRET_KEY): SiteverifyRequest {
  return {
    url: SITEVERIFY_URL,
    method: 'POST',
    contentType: 'application/x-www-form-urlencoded',
    form: { secret, response: token, remoteip: ip },
  };
}

/** A v3 success ('Site Verify Response'), with `overrides` for the field under test. */
export function v3Success(overrides: Record<string, unknown> = {}): SiteverifyExchange {
  return {
    request: siteverifyRequest(),
    answer: {
      status: 200,
      body: {
        success: true,
        score: 0.9,
        action: 'login',
        challenge_ts: CHALLENGE_TS,
        hostname: SHOP_HOSTNAME,
        ...overrides,
      },
    },
  };
}

/**
 * Google's documented `error-codes`, each with what it means ('Error code reference') and who
 * is at fault: the operator's secret, our request, or the shopper's token.
 */
export const DOCUMENTED_ERROR_CODES = [
  { code: 'missing-input-secret', meaning: 'The secret parameter is missing.', fault: 'configuration' },
  { code: 'invalid-input-secret', meaning: 'The secret parameter is invalid or malformed.', fault: 'configuration' },
  { code: 'missing-input-response', meaning: 'The response parameter is missing.', fault: 'request' },
  { code: 'invalid-input-response', meaning: 'The response parameter is invalid or malformed.', fault: 'token' },
  { code: 'bad-request', meaning: 'The request is invalid or malformed.', fault: 'request' },
  {
    code: 'timeout-or-duplicate',
    meaning: 'The response is no longer valid: either is too old or has been used previously.',
    fault: 'token',
  },
] as const;

/** A failed verification ('API Response': `success: false` with `error-codes`). */
export function failure(code: string): SiteverifyExchange {
  return { request: siteverifyRequest(), answer: { status: 200, body: { success: false, 'error-codes': [code] } } };
}

/**
 * A fake `fetch` that replays `exchange`: it answers the recorded answer only when the request
 * is exactly the recorded one (URL, method, content type, form fields), and otherwise answers
 * what Google answers a request it cannot use — `bad-request` — so a test expecting acceptance
 * fails if the adapter sent the wrong request.
 */
export function replaySiteverify(exchange: SiteverifyExchange) {
  const sent: { url: string; method: string; contentType: string | null; form: Record<string, string> }[] = [];
  const fetch: FetchLike = async (input, init) => {
    const headers = new Headers(init.headers);
    const request = {
      url: input,
      method: init.method ?? 'GET',
      contentType: headers.get('content-type'),
      form: Object.fromEntries(new URLSearchParams(String(init.body))),
    };
    sent.push(request);
    const expected = exchange.request;
    const matches =
      request.url === expected.url &&
      request.method === expected.method &&
      request.contentType === expected.contentType &&
      JSON.stringify(Object.entries(request.form).sort()) === JSON.stringify(Object.entries(expected.form).sort());
    const body = matches ? exchange.answer.body : { success: false, 'error-codes': ['bad-request'] };
    return new Response(JSON.stringify(body), {
      status: matches ? exchange.answer.status : 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  };
  return { fetch, sent };
}
