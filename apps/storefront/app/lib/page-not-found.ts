import { data } from 'react-router';

/** React Router's data request for a client navigation: `/de-de/x.data`, and `/_root.data` for `/`. */
const DATA_REQUEST_SUFFIX = /\.data$/;
const ROOT_DATA_PATH = '/_root.data';

/** The path of the page a request is for, without a data request's suffix. */
function pagePath(request: Request): string {
  const { pathname } = new URL(request.url);
  return pathname === ROOT_DATA_PATH ? '/' : pathname.replace(DATA_REQUEST_SUFFIX, '');
}

/**
 * Spec §8: "Invalid or unmatched route → 404 'Page Not Found: {path}'". Loaders throw it; the
 * error page says 'Page not found' and shows the message itself only in development (spec §2).
 */
export function pageNotFound(request: Request) {
  return data(`Page Not Found: ${pagePath(request)}`, { status: 404 });
}
