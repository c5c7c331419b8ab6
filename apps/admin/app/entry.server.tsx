import { renderToReadableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext } from 'react-router';

/**
 * Runs only at build time, to write the SPA's `index.html` (ssr: false): the root's loading
 * screen with React Router's boot data. Rendered whole before it is written (`allReady`), so
 * the data stream the client waits for is closed in the file; web streams need no server runtime package.
 */
export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  const body = await renderToReadableStream(<ServerRouter context={routerContext} url={request.url} />, {
    signal: request.signal,
  });
  await body.allReady;
  headers.set('Content-Type', 'text/html; charset=utf-8');
  return new Response(body, { status, headers });
}
