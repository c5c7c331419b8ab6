/**
 * A client navigation that the server redirects, or a fetcher submission that a newer one
 * supersedes, completes as it should; but with the router's single-fetch strategy one of its
 * internal promises can still reject unobserved, with the redirect `Response` or the
 * `AbortError` of the cancelled request. Those are the router's own bookkeeping, not failures
 * of the page, so they are kept from being reported as uncaught; anything else still is.
 */
export function ignoreSupersededRouterRequests(): void {
  window.addEventListener('unhandledrejection', (event) => {
    const reason: unknown = event.reason;
    const redirect = reason instanceof Response && reason.status >= 300 && reason.status < 400;
    const cancelled = reason instanceof DOMException && reason.name === 'AbortError';
    if (redirect || cancelled) event.preventDefault();
  });
}
