/**
 * The page path of React Router's data request (a client navigation's loader call), read as
 * React Router reads it with `v8_trailingSlashAwareDataRequests` (apps/storefront/react-router.config.ts):
 * the browser asks `/de-de/c/x.data` for `/de-de/c/x`, `/de-de/c/x/_.data` for `/de-de/c/x/` and
 * `/_.data` for the home `/`. Null for a path that is not a data request.
 */
export function dataRequestPagePath(pathname: string): string | null {
  if (pathname.endsWith('/_.data')) return pathname.slice(0, -'_.data'.length);
  return pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : null;
}

/** The path of the page a request is for: its own, or the page its data request loads. */
export const pagePathOf = (pathname: string): string => dataRequestPagePath(pathname) ?? pathname;
