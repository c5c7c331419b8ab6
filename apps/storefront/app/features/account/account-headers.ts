/** Headers a page's loader or action sets that the account pages pass on (the rest are theirs alone). */
const PASSED_ON = ['Referrer-Policy', 'Retry-After'] as const;

/**
 * The account pages' response headers: never stored by any cache (they carry one customer's
 * details), plus the reset page's `Referrer-Policy` (its URL holds the reset token) and a
 * rate-limited form's `Retry-After`.
 */
export function accountHeaders({
  loaderHeaders,
  actionHeaders,
}: {
  loaderHeaders: Headers;
  actionHeaders: Headers;
}): Headers {
  const headers = new Headers({ 'Cache-Control': 'private, no-store' });
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const name of PASSED_ON) {
      const value = source.get(name);
      if (value) headers.set(name, value);
    }
  }
  return headers;
}
