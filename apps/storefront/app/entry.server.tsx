import { createReadableStreamFromReadable } from '@react-router/node';
import type { ReactNode } from 'react';
import { preinit } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
} from 'react-router';
import { isDomainError } from '@piste/core';
import { builtStylesheetText } from './lib/inline-stylesheet.server';
import { InlineStylesheetsProvider, type InlineStylesheet } from './lib/inline-stylesheets';
import { scriptsAfterLargestPaint } from './lib/scripts-after-largest-paint.server';

/**
 * A client navigation's data request (`/path.data`) to a path a CMS redirect moved (the server
 * decided it before SSR, docs/seo.md): React Router turns this redirect into its data
 * redirect, so the browser lands on the target; another site, or a page the server must answer
 * itself, is reached by a full page load (spec §2 "External ones are followed by a full page load").
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  const redirect = context.cmsRedirect;
  if (!redirect) return response;
  const headers = new Headers({ Location: redirect.location });
  if (redirect.reloadDocument) headers.set('X-Remix-Reload-Document', 'true');
  return new Response(null, { status: redirect.status, headers });
};

/**
 * Logs what went wrong on our side. A client's mistake that React Router answers itself (a
 * post to a page without a form: 405) is not one, and a crawler must not fill the log with its
 * stack traces; nor is a request the visitor abandoned.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || (isRouteErrorResponse(error) && error.status < 500)) return;
  // A platform that is down is not our failure: the server answers the 503 page and logs it.
  if (isDomainError(error, 'UNAVAILABLE')) {
    (context as AppLoadContext).noteUnavailable();
    return;
  }
  console.error(error);
};

/**
 * Puts the shop's stylesheet into <head> ahead of the scripts' module preloads: inline through
 * `<InlineStylesheets>` in the root layout (docs/decisions/029-d), or, where the build's file is
 * not on disk (`vite dev`), announced to React as a stylesheet resource. Rendered by `<Links>`
 * alone, it came after the preloads, so a phone on a slow connection fetched the scripts before
 * the one file the first paint waits for. It renders the router inside it rather than beside
 * it: `useId` numbers a child by its place among its siblings, and the client's router has none,
 * so a sibling here gave every id of the page another value on the client (an error message's
 * `aria-describedby`, added after hydration, named an element that does not exist).
 */
function StylesheetsFirst({ hrefs, children }: { hrefs: readonly string[]; children: ReactNode }) {
  const inline: InlineStylesheet[] = [];
  for (const href of hrefs) {
    const css = builtStylesheetText(href);
    if (css === null) preinit(href, { as: 'style', precedence: 'default' });
    else inline.push({ href, css });
  }
  return <InlineStylesheetsProvider value={inline}>{children}</InlineStylesheetsProvider>;
}

/** A render that has not finished by then is abandoned with an error page. */
export const streamTimeout = 10_000;

/**
 * Renders the whole document before the first byte, for every visitor: the server reads the
 * page to its end anyway, since its Content-Security-Policy names each inline script by hash
 * (packages/server/src/storefront/ssr.ts), and a page rendered whole carries no fallbacks and
 * no scripts that swap them for late content. A render that fails before it is ready answers
 * with its status, 500 included, rather than a 200 whose body turns to an error.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
) {
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <StylesheetsFirst hrefs={routerContext.manifest.routes.root?.css ?? []}>
        <ServerRouter context={routerContext} url={request.url} />
      </StylesheetsFirst>,
      {
        onShellReady() {
          shellRendered = true;
        },
        onAllReady() {
          const body = scriptsAfterLargestPaint();
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // An error in the shell rejects (React Router renders the error page); log the others.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
