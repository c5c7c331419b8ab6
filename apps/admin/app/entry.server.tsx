import { renderToString } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Runs only at build time: the SPA's `index.html` is the root's loading screen rendered once
 * (ssr: false), so a plain string render does, and no server runtime package is needed.
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Response {
  const html = renderToString(<ServerRouter context={routerContext} url={request.url} />);
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(`<!DOCTYPE html>${html}`, { status, headers });
}
