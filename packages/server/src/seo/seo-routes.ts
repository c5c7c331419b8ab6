import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody } from '../errors';
import type { Services } from '../services';
import { hreflangAlternates } from './hreflang';
import { robotsTxt } from './robots-txt';
import { absoluteUrl, LOCALE_PROFILES, localeProfile, publicOrigin } from './seo-locales';
import { SITEMAP_KINDS, type SitemapKind } from './seo-pages';
import { sitemapIndexXml, urlSetXml } from './sitemap-xml';

/** Crawlers come back daily; an hour lets a CDN absorb them while a publish shows soon. */
const CRAWLER_CACHE = 'public, max-age=3600';
/** `products.xml` is page 1, `products-2.xml` page 2 (page 1 has one name only). */
const SITEMAP_NAME = /^(products|categories|content)(?:-([2-9]|[1-9]\d{1,4}))?\.xml$/;

function sitemapPath(locale: string, kind: SitemapKind, page: number): string {
  return `/sitemaps/${locale}/${kind}${page > 1 ? `-${page}` : ''}.xml`;
}

function notFound(reply: FastifyReply, what: string) {
  return reply.code(404).send(errorBody('NOT_FOUND', `${what} does not exist.`));
}

/**
 * A sitemap missing URLs because content or the catalogue failed would tell crawlers those
 * pages are gone: answer "try later" instead.
 */
function unavailable(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  request.log.error({ err: error }, 'a sitemap could not be built');
  return reply
    .code(503)
    .header('retry-after', '300')
    .send(errorBody('UNAVAILABLE', 'The sitemap is not available right now; try again later.'));
}

/**
 * `/robots.txt`, `/sitemap.xml` (an index) and `/sitemaps/{locale}/{kind}[-{page}].xml`:
 * products, categories and content per locale, every URL with its hreflang alternates. URLs
 * are absolute on PUBLIC_URL; the Host header is never trusted for them. These paths end in
 * `.xml`/`.txt`, so locale routing leaves them alone (spec §2 "Paths ending in .xml skip
 * locale handling").
 */
export function seoRoutes(services: Services, options: { publicUrl: string }): FastifyPluginAsync {
  const origin = publicOrigin(options.publicUrl);
  const { seo } = services;

  return async (app) => {
    app.get('/robots.txt', async (_request, reply) =>
      reply.type('text/plain; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(robotsTxt(origin)),
    );

    app.get('/sitemap.xml', async (request, reply) => {
      const entries = await Promise.all(
        LOCALE_PROFILES.map(async (profile) =>
          Promise.all(
            SITEMAP_KINDS.map(async (kind) => {
              const pages = await seo.pageCount(profile, kind);
              return Array.from({ length: pages }, (_, index) => ({
                loc: `${origin}${sitemapPath(profile.locale, kind, index + 1)}`,
              }));
            }),
          ),
        ),
      ).catch((error: unknown) => error as Error);
      if (entries instanceof Error) return unavailable(request, reply, entries);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', CRAWLER_CACHE)
        .send(sitemapIndexXml(entries.flat(2)));
    });

    app.get<{ Params: { locale: string; name: string } }>('/sitemaps/:locale/:name', async (request, reply) => {
      const profile = localeProfile(request.params.locale);
      const match = SITEMAP_NAME.exec(request.params.name);
      if (!profile || !match) return notFound(reply, 'This sitemap');
      const kind = match[1] as SitemapKind;
      const page = match[2] ? Number(match[2]) : 1;
      let pages;
      try {
        if (page > (await seo.pageCount(profile, kind))) return notFound(reply, 'This sitemap page');
        pages = await seo.sitemapPages(profile, kind, page);
      } catch (error) {
        return unavailable(request, reply, error);
      }
      const xml = urlSetXml(
        pages.map((entry) => ({
          loc: absoluteUrl(origin, profile.locale, entry.path),
          lastmod: entry.lastmod,
          alternates: hreflangAlternates(origin, entry.path, entry.locales),
        })),
      );
      return reply.type('application/xml; charset=utf-8').header('cache-control', CRAWLER_CACHE).send(xml);
    });
  };
}
