import createClient from 'openapi-fetch';
import type { paths } from './api-schema';

/** The cookie the server hands out and the header a change must echo it in (packages/server/src/plugins/csrf.ts). */
const XSRF_COOKIE = 'XSRF-TOKEN';
const XSRF_HEADER = 'X-XSRF-TOKEN';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function xsrfToken(): string | null {
  const entry = document.cookie.split('; ').find((cookie) => cookie.startsWith(`${XSRF_COOKIE}=`));
  return entry ? decodeURIComponent(entry.slice(XSRF_COOKIE.length + 1)) : null;
}

/**
 * The browser's one client of `/api`, typed from `/api/openapi.json` by `npm run api:types`
 * (docs/api.md): paths, parameters, bodies and answers are checked when the code compiles.
 * Changes carry the CSRF token, as the server asks of every POST, PUT, PATCH and DELETE.
 */
export const api = createClient<paths>({ baseUrl: '/api' });

api.use({
  onRequest({ request }) {
    if (SAFE_METHODS.has(request.method)) return undefined;
    const token = xsrfToken();
    if (token) request.headers.set(XSRF_HEADER, token);
    return request;
  },
});
