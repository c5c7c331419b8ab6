/**
 * The Content-Security-Policy for rendered pages. Scripts run only from our origin or with
 * the per-response nonce that React Router puts on its inline hydration scripts.
 */
export function pageContentSecurityPolicy(nonce: string, mediaBaseUrl = '', mapTileUrl: string | null = null): string {
  // Images and video may come from a hosted media service (MEDIA_BASE_URL).
  const mediaOrigin = /^https?:\/\//.test(mediaBaseUrl) ? ` ${new URL(mediaBaseUrl).origin}` : '';
  // The store locator's map tiles (STORE_MAP_TILE_URL) are images from the tile server.
  const tileOrigin = mapTileUrl ? ` ${new URL(mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin}` : '';
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    // Inline style attributes are used by React components (e.g. image aspect ratios).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}${tileOrigin}`,
    "font-src 'self' data:",
    "connect-src 'self'",
    `media-src 'self'${mediaOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
