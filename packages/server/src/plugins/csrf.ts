import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { DomainError } from '@piste/core';

/** Spec §7 'Other': "The XSRF cookie is XSRF-TOKEN and the header X-XSRF-TOKEN". */
export const XSRF_COOKIE = 'XSRF-TOKEN';
/** Spec §6/§7 name the header `csrf-token`; the HTTP client of §7 sends `X-XSRF-TOKEN`. Either is accepted. */
const TOKEN_HEADERS = ['x-xsrf-token', 'csrf-token'] as const;
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Gives the visitor an `XSRF-TOKEN` cookie unless they hold one: random, readable by the
 * page's script (which copies it into the header), SameSite=Lax, Secure over HTTPS.
 */
function ensureCsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (TOKEN_PATTERN.test(request.cookies[XSRF_COOKIE] ?? '')) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
}

/**
 * Double submit: another site can make a visitor's browser send our cookies, but it can
 * neither read the cookie nor set a custom header without a CORS preflight we never grant.
 */
function tokenMatches(request: FastifyRequest): boolean {
  const cookie = request.cookies[XSRF_COOKIE] ?? '';
  const header = TOKEN_HEADERS.map((name) => request.headers[name]).find((value) => value !== undefined);
  if (typeof header !== 'string' || !TOKEN_PATTERN.test(cookie) || !TOKEN_PATTERN.test(header)) return false;
  return timingSafeEqual(Buffer.from(cookie), Buffer.from(header));
}

export interface CsrfOptions {
  /**
   * Path prefixes whose mutating calls are not checked, being authorised by their own headers
   * and never by cookies: the embedded content service, whose POSTs are reads (spec §7: "Reads
   * are POSTs with a GET override") carrying api_key and access_token; and the embedded search
   * engine, whose POSTs carry the bearer search key (spec §7 'Site search'). That key is public,
   * so a forged cross-site call could do no more than anyone may do with it directly: search,
   * or record a click.
   */
  exempt: string[];
}

/**
 * CSRF protection for `/api` (spec §6: "Mutating cart and customer calls carry a csrf-token
 * header"): every response hands out the token cookie (but catalogue reads that CDNs cache,
 * see http-cache.ts), and every POST, PUT, PATCH and DELETE must echo it in a header, else
 * `403 { error: { code: 'CSRF' } }`. The check runs once the body is parsed, so a malformed or
 * oversized body still answers 400 or 413, and before the route's schema validates the input: a
 * forged change learns nothing about what a valid one looks like.
 */
const csrf: FastifyPluginAsync<CsrfOptions> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => ensureCsrfCookie(request, reply));
  app.addHook('preValidation', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?')[0]!;
    if (options.exempt.some((prefix) => path.startsWith(prefix))) return;
    if (!tokenMatches(request)) {
      throw new DomainError(
        'NOT_ALLOWED',
        `Send the ${XSRF_COOKIE} cookie's value in the X-XSRF-TOKEN header with every change.`,
        'CSRF',
      );
    }
  });
};

export default fp(csrf, { name: 'csrf', dependencies: ['@fastify/cookie'] });
