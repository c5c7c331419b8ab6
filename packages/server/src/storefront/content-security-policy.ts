/**
 * The Content-Security-Policy for rendered pages. Scripts run only from our origin or with
 * the per-response nonce that React Router puts on its inline hydration scripts.
 */
export function pageContentSecurityPolicy(nonce: string, mediaBaseUrl = ''): string {
  // Images and video may come from a hosted media service (MEDIA_BASE_URL).
  const mediaOrigin = /^https?:\/\//.test(mediaBaseUrl) ? ` ${new URL(mediaBaseUrl).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes are used by React components (e.g. image aspect ratios).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `media-src 'self'${mediaOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
