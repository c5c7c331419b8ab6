import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import {
  decideLocaleRoute,
  LOCALE_COOKIE,
  pagePathOf,
  parseLocale,
  UTM_COOKIE,
  UTM_COOKIE_MAX_AGE_SECONDS,
  utmParamsFrom,
} from '@piste/core';
import type { Geolocation } from '../platform/index';

interface LocaleRoutingOptions {
  /** The visitor's country (trusted CDN headers, else GeoIP), as `/api/geolocation` answers it. */
  geolocation: Geolocation;
}

/** Form posts go to `/{locale}/…` exactly as pages link them (`.data` requests included). */
function postsUnderLocale(pathname: string): boolean {
  const firstSegment = pagePathOf(pathname).slice(1).split('/', 1)[0]!;
  return parseLocale(firstSegment)?.locale === firstSegment;
}

/**
 * Spec §2 'Locale routing rules', applied to page requests before SSR: redirects to the
 * visitor's locale, shortens /en-us, answers invalid prefixes with the 404 page, and keeps
 * utm* parameters in a cookie. The rules themselves live in @piste/core.
 */
const localeRouting: FastifyPluginAsync<LocaleRoutingOptions> = async (app, options) => {
  app.addHook('onRequest', async (request, reply) => {
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      // React Router runs a form's action before the locale layout's loader can reject the
      // prefix, so a post under one that is not a shop locale (`/xx/p/…`) must stop here.
      if (!postsUnderLocale(pathname)) {
        return reply
          .code(404)
          .header('cache-control', 'no-store')
          .type('text/plain; charset=utf-8')
          .send('Page not found');
      }
      return;
    }
    const search = query ? `?${query}` : '';
    const decision = decideLocaleRoute({
      pathname,
      search,
      cookieLocale: request.cookies[LOCALE_COOKIE],
      // Spec §4 'Locale': "from cookies, then geolocation, then the accept-language header".
      geoCountry: options.geolocation.countryOf(request),
      acceptLanguage: request.headers['accept-language'],
    });
    if (decision.action === 'skip') return;

    const utm = utmParamsFrom(search);
    if (Object.keys(utm).length > 0) {
      reply.setCookie(UTM_COOKIE, JSON.stringify(utm), {
        path: '/',
        maxAge: UTM_COOKIE_MAX_AGE_SECONDS,
        sameSite: 'lax',
        httpOnly: true,
        secure: request.protocol === 'https',
      });
    }
    if (decision.action === 'redirect') {
      return reply.redirect(decision.location, decision.status);
    }
    // 'not-found' and 'render' both go on to SSR: React Router renders the 404 page for an
    // invalid prefix because its locale layout rejects it.
  });
};

export default fp(localeRouting, { name: 'locale-routing', dependencies: ['@fastify/cookie'] });
