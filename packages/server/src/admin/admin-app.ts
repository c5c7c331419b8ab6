import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { inlineScriptHashes } from '../inline-script-hashes';

export interface AdminAppOptions {
  /** Folder of the admin app's build (`apps/admin/build/client`). */
  clientBuildDir: string;
  /** MEDIA_BASE_URL: the media library shows images from a hosted media service. */
  mediaBaseUrl?: string | null;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';
const ADMIN_BASE = '/admin';
const API_PREFIX = '/admin/api';

/**
 * The back office's pages may load scripts, styles and data only from this origin. Its
 * `index.html` has two inline scripts that React Router writes at build time (the router's
 * context, the module loader): allowed by their hashes, so no nonce, `'unsafe-inline'` or
 * per-request rewriting is needed, and the page stays a static file.
 */
export function adminContentSecurityPolicy(scriptHashes: readonly string[], mediaBaseUrl?: string | null): string {
  const mediaOrigin = mediaBaseUrl && /^https?:\/\//.test(mediaBaseUrl) ? ` ${new URL(mediaBaseUrl).origin}` : '';
  return [
    "default-src 'self'",
    ['script-src', "'self'", ...scriptHashes].join(' '),
    // React sets style attributes (widths, focal-point markers); stylesheets come from 'self'.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}`,
    `media-src 'self' blob:${mediaOrigin}`,
    "connect-src 'self'",
    "object-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * `/admin`: the back office app (apps/admin, a single-page app). Hashed assets are served for a
 * year; every other `GET /admin/…` that is no file and not the API is the app's `index.html`,
 * never cached, so a deploy shows at the next page load. Outside the storefront's scope: no
 * locale routing, page cache or storefront CSP touches it, and no storefront page links to it.
 */
export function adminApp(options: AdminAppOptions): FastifyPluginAsync {
  return async (app) => {
    const indexFile = join(options.clientBuildDir, 'index.html');
    const robots = (reply: FastifyReply) => reply.header('x-robots-tag', 'noindex, nofollow');

    if (!existsSync(indexFile)) {
      app.log.warn(`no back-office build at ${options.clientBuildDir}: /admin answers 503 until it is built`);
      app.get(`${ADMIN_BASE}/*`, async (_request, reply) =>
        robots(reply)
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The back office is not built: run `npm run build -w @piste/admin-app`, then restart.'),
      );
      app.get(ADMIN_BASE, (request, reply) => reply.redirect(`${ADMIN_BASE}/`));
      return;
    }

    const indexHtml = readFileSync(indexFile);
    const policy = adminContentSecurityPolicy(inlineScriptHashes(indexHtml.toString('utf8')), options.mediaBaseUrl);
    const sendIndex = (reply: FastifyReply) =>
      robots(reply)
        .header('content-security-policy', policy)
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(indexHtml);

    await app.register(fastifyStatic, {
      root: options.clientBuildDir,
      prefix: `${ADMIN_BASE}/`,
      // One route per file, so the page fallback below stays free; index.html is sent by it.
      wildcard: false,
      index: false,
      allowedPath: (pathName) => pathName !== '/index.html',
      decorateReply: false,
      setHeaders: (reply) => {
        // Vite names every file of the build by its content: it never changes under that name.
        robots(reply).header('cache-control', IMMUTABLE);
      },
    });

    // The app's router knows its pages under `/admin/` only: without the slash it would match none.
    app.get(ADMIN_BASE, async (request, reply) => {
      const query = request.url.slice(ADMIN_BASE.length);
      return robots(reply).redirect(`${ADMIN_BASE}/${query}`, 308);
    });
    app.all(`${ADMIN_BASE}/*`, async (request, reply) => {
      const path = request.url.split('?')[0]!;
      // `/admin/api` itself, and what the API plugin does not route, answer as the API does.
      if (path === API_PREFIX || path.startsWith(`${API_PREFIX}/`)) {
        return reply.status(404).send({ error: { code: 'NOT_FOUND', message: `No admin API route for ${path}` } });
      }
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return reply
          .status(405)
          .header('allow', 'GET, HEAD')
          .send({ error: { code: 'METHOD_NOT_ALLOWED', message: 'The back office pages are read with GET.' } });
      }
      // A missing asset is a 404, not the app: a stale page asking for an old chunk must fail loudly.
      if (path.startsWith(`${ADMIN_BASE}/assets/`)) {
        return robots(reply).status(404).type('text/plain; charset=utf-8').send('No such file.');
      }
      return sendIndex(reply);
    });
  };
}
