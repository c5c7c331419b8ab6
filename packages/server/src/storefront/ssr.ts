import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { requestCustomer } from '../accounts/request-customer';
import { ensureCsrfCookie } from '../plugins/csrf';
import { cmsDataRedirectOf } from '../seo/cms-redirects';
import { pageContentSecurityPolicy } from './content-security-policy';
import type { Services } from '../services';
import type { StorefrontLoadContext } from './load-context';
import { sendWebResponse, toWebRequest } from './web-request';

export interface StorefrontOptions {
  /** The React Router server build, or a loader for it (the Vite dev server reloads it). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the client build (`build/client`); omitted in development, where Vite serves assets. */
  clientBuildDir?: string;
  mode: 'production' | 'development';
  services: Services;
  /** The media service the storefront builds image URLs for; defaults to the embedded one. */
  media?: StorefrontLoadContext['media'];
  /** STORE_MAP_TILE_URL: the store locator draws a map only with one. */
  mapTileUrl?: string | null;
  tagManagerId?: string | null;
  /** PUBLIC_URL: canonical, hreflang and structured-data URLs are built on it, never on the Host header. */
  publicUrl: string;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The storefront catch-all: static assets from the client build, then React Router SSR for
 * every other path. Request bodies reach React Router actions untouched, whatever their type.
 */
export const storefront: FastifyPluginAsync<StorefrontOptions> = async (app, options) => {
  if (options.clientBuildDir) {
    await app.register(fastifyStatic, {
      root: options.clientBuildDir,
      // One route per file: the catch-all below stays free for pages.
      wildcard: false,
      index: false,
      // The build ships `.br` and `.gz` beside each file (vite-plugin-compression2).
      preCompressed: true,
      setHeaders: (reply, path) => {
        // Vite puts content-hashed files under /assets: they never change under the same name.
        const hashed = path.startsWith(join(options.clientBuildDir!, 'assets'));
        reply.header('cache-control', hashed ? IMMUTABLE : 'public, max-age=3600');
      },
    });
  }

  const handleRequest = createRequestHandler(options.build, options.mode);

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));

  app.all('/*', async (request, reply) => {
    const cspNonce = randomBytes(16).toString('base64');
    // Page views hand out the token that the page's scripts echo on /api changes (spec §7).
    if (request.method === 'GET') ensureCsrfCookie(request, reply);
    const session = await requestCustomer(request, reply, options.services);
    const loadContext: StorefrontLoadContext = {
      cspNonce,
      services: options.services,
      media: options.media ?? { baseUrl: '/media', alias: 'piste' },
      mapTileUrl: options.mapTileUrl ?? null,
      tagManagerId: options.tagManagerId ?? null,
      customer: session.status,
      sessionToken: session.token,
      clientIp: request.ip,
      publicUrl: options.publicUrl,
      cmsRedirect: cmsDataRedirectOf(request),
    };
    const response = await handleRequest(toWebRequest(request, reply), loadContext);
    if (response.headers.get('content-type')?.startsWith('text/html')) {
      if (options.mode === 'production') {
        reply.header(
          'content-security-policy',
          pageContentSecurityPolicy(
            cspNonce,
            loadContext.media.baseUrl,
            loadContext.mapTileUrl,
            loadContext.tagManagerId,
            loadContext.services.botProtection.protection.browser.provider === 'recaptcha',
          ),
        );
      } else {
        // Vite's development pages inject un-nonced scripts and a websocket; the app-wide
        // `default-src 'none'` meant for JSON would blank them.
        reply.removeHeader('content-security-policy');
      }
    }
    return sendWebResponse(reply, response);
  });
};
