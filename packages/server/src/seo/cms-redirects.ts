import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { sameEntries, type RedirectEntry } from '@piste/content';
import type { ContentClient } from '@piste/content/server';
import { DEFAULT_LOCALE, dataRequestPagePath, isSkippedPath, parseLocale } from '@piste/core';
import { compileRedirects, resolveRedirect, type CompiledRedirects } from './redirect-rules';

/** What React Router should do with a client navigation's data request (`/path.data`) instead of answering it. */
export interface CmsDataRedirect {
  location: string;
  status: 301 | 302;
  /** A full page load: the target is another site, or the server must answer the page itself. */
  reloadDocument: boolean;
}

const dataRedirects = new WeakMap<FastifyRequest, CmsDataRedirect>();

/** The redirect a `.data` request was given by the hook below, for the storefront's load context. */
export function cmsDataRedirectOf(request: FastifyRequest): CmsDataRedirect | null {
  return dataRedirects.get(request) ?? null;
}

/**
 * The rules, read through the content client, so they are cached like other content
 * (CONTENT_CACHE_TTL_SECONDS: a publish shows within it). The lookup is rebuilt only when the
 * client hands back other entries than last time.
 */
function createRedirectSource(client: ContentClient, log: FastifyRequest['log']) {
  let last: { entries: RedirectEntry[]; compiled: CompiledRedirects } | null = null;
  const reported = new Set<string>();
  return async (): Promise<CompiledRedirects> => {
    const entries = await client.redirects();
    if (last && sameEntries(last.entries, entries)) {
      return last.compiled;
    }
    const compiled = compileRedirects(entries);
    for (const problem of compiled.problems) {
      if (reported.has(problem)) continue;
      reported.add(problem);
      log.warn({ problem }, 'a redirect entry cannot be applied');
    }
    last = { entries, compiled };
    return compiled;
  };
}

/** Splits a page request's path into its locale and the path below it; null for anything else. */
function pageOf(pathname: string): { locale: string; path: string } | null {
  if (pathname === '/') return { locale: DEFAULT_LOCALE, path: '/' };
  const segment = pathname.slice(1).split('/', 1)[0]!;
  const locale = parseLocale(segment)?.locale;
  // Locale routing has already canonicalised the prefix; a different spelling is not a page.
  if (locale !== segment) return null;
  return { locale, path: pathname.slice(1 + segment.length) || '/' };
}

function searchWithout(query: string | undefined, names: readonly string[]): string {
  if (!query) return '';
  const params = new URLSearchParams(query);
  for (const name of names) params.delete(name);
  const search = params.toString();
  return search ? `?${search}` : '';
}

const TOO_MANY_REDIRECTS_PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Too many redirects</title></head>
<body><main><h1>Too many redirects</h1><p>This address forwards through too many steps, or in a circle. Please start again from the homepage.</p><p><a href="/">Return to homepage</a></p></main></body>
</html>
`;

/**
 * CMS-managed redirects (docs/seo.md), applied to page requests before SSR and after locale
 * routing, so the path already carries the visitor's locale. Spec §2 "Redirects … are followed.
 * External ones are followed by a full page load"; §8 "More than 10 redirects on the server →
 * 400 'Too many redirects'". A client navigation asks for `/path.data`: it is given the same
 * answer through React Router (entry.server.tsx `handleDataRequest`), so a link to a moved
 * page lands on its target, and a target on another site, or a redirect loop, becomes a full
 * page load.
 */
const cmsRedirects: FastifyPluginAsync<{ client: ContentClient }> = async (app, options) => {
  const redirects = createRedirectSource(options.client, app.log);

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const [pathname = '/', query] = request.url.split(/\?(.*)/s);
    const documentPath = dataRequestPagePath(pathname);
    if (documentPath === null && isSkippedPath(pathname)) return;
    const page = pageOf(documentPath ?? pathname);
    if (!page) return;
    // React Router names the routes to load in `_routes`; the target page asks for its own.
    const search = searchWithout(query, ['_routes']);
    const decision = resolveRedirect(await redirects(), { locale: page.locale, path: page.path, search });
    if (decision.action === 'none') return;

    if (documentPath !== null) {
      dataRedirects.set(
        request,
        decision.action === 'redirect'
          ? { location: decision.location, status: decision.status, reloadDocument: decision.external }
          : // The page itself answers 400: load it as a document.
            { location: `${documentPath}${search}`, status: 302, reloadDocument: true },
      );
      return;
    }
    if (decision.action === 'redirect') return reply.redirect(decision.location, decision.status);
    request.log.warn({ path: pathname, hops: decision.hops }, 'redirect rules form a loop or a chain too long');
    return reply
      .code(400)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(TOO_MANY_REDIRECTS_PAGE);
  });
};

export default fp(cmsRedirects, { name: 'cms-redirects', dependencies: ['locale-routing'] });
