import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
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
import { NonceProvider } from './lib/nonce';

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
 * Announces the shop's stylesheet to React as a stylesheet resource, which React writes into
 * <head> before the scripts' module preloads. Rendered by `<Links>` alone, it came after them
 * all, so a phone on a slow connection fetched the scripts before the one file the first paint
 * waits for. It renders the router inside it rather than beside it: `useId` numbers a child by
 * its place among its siblings, and the client's router has none, so a sibling here gave every
 * id of the page another value on the client (an error message's `aria-describedby`, added
 * after hydration, named an element that does not exist).
 */
function StylesheetsFirst({
  hrefs,
  nonce,
  children,
}: {
  hrefs: readonly string[];
  nonce: string;
  children: ReactNode;
}) {
  for (const href of hrefs) preinit(href, { as: 'style', precedence: 'default', nonce });
  return children;
}

/** A render that has not produced its shell by then is abandoned with an error page. */
export const streamTimeout = 10_000;

/**
 * Streams HTML as soon as the shell is ready for people; waits for everything for crawlers
 * and for SPA-mode prerendering so that they get complete documents.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.cspNonce;
  const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetsFirst hrefs={routerContext.manifest.routes.root?.css ?? []} nonce={nonce}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetsFirst>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
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
          // Errors after the shell are already shown by an error boundary; log the rest.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
