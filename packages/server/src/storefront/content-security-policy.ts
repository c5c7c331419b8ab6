import { TAG_MANAGER_CSP_SOURCES } from '@piste/core';

const RECAPTCHA_SOURCES = 'https://www.google.com https://www.gstatic.com';

/**
 * The Content-Security-Policy for a rendered page. Scripts run from our origin (and the
 * configured services below), or inline when their SHA-256 is among `scriptHashes`: the inline
 * scripts the page was rendered with (inline-script-hashes.ts). No nonce, so the page and its
 * policy are the same for every visitor and a shared cache may keep both; any other inline
 * script, and every inline event handler, is refused (docs/security.md).
 */
export function pageContentSecurityPolicy(
  scriptHashes: readonly string[],
  mediaBaseUrl = '',
  mapTileUrl: string | null = null,
  tagManagerId: string | null = null,
  recaptcha = false,
  /** The payment provider's sources, on the checkout page only (issue 28: its card element is a frame of its own origin). */
  payment: { script: string[]; frame: string[]; connect: string[] } | null = null,
): string {
  // Images and video may come from a hosted media service (MEDIA_BASE_URL).
  const mediaOrigin = /^https?:\/\//.test(mediaBaseUrl) ? ` ${new URL(mediaBaseUrl).origin}` : '';
  // The store locator's map tiles (STORE_MAP_TILE_URL) are images from the tile server.
  const tileOrigin = mapTileUrl ? ` ${new URL(mapTileUrl.replace(/\{[a-z]\}/g, '0')).origin}` : '';
  // With a container configured (TAG_MANAGER_ID), the tag manager and GA4 may load once the
  // visitor consents, without a reload: the policy must already allow them (docs/analytics.md).
  const tags = (sources: readonly string[]) => (tagManagerId ? ` ${sources.join(' ')}` : '');
  // reCAPTCHA v3 (BOT_PROTECTION=recaptcha) loads its script from Google and runs in a frame.
  const captcha = (sources: string) => (recaptcha ? ` ${sources}` : '');
  const pay = (sources: string[] | undefined) => (sources && sources.length > 0 ? ` ${sources.join(' ')}` : '');
  return [
    "default-src 'self'",
    `script-src ${["'self'", ...scriptHashes].join(' ')}${tags(TAG_MANAGER_CSP_SOURCES.script)}${captcha(RECAPTCHA_SOURCES)}${pay(payment?.script)}`,
    // Inline style attributes are used by React components (e.g. image aspect ratios).
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${mediaOrigin}${tileOrigin}${tags(TAG_MANAGER_CSP_SOURCES.img)}`,
    "font-src 'self' data:",
    `connect-src 'self'${tags(TAG_MANAGER_CSP_SOURCES.connect)}${captcha(RECAPTCHA_SOURCES)}${pay(payment?.connect)}`,
    `frame-src 'self'${captcha(RECAPTCHA_SOURCES)}${pay(payment?.frame)}`,
    `media-src 'self'${mediaOrigin}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
