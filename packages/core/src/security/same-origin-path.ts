const BASE = 'http://same-origin.invalid';

/**
 * A path on this site to send a shopper to, or null: it starts with one `/`, and neither `//`
 * nor `/\` (which browsers read as another host), and holds no control characters or
 * backslashes (spec §8: external navigation is refused unless flagged). It comes back as a URL
 * serialises it, so it fits a Location header: `é`, emoji or a lone surrogate percent-encoded.
 */
export function sameOriginPath(value: string | null | undefined): string | null {
  // eslint-disable-next-line no-control-regex
  if (!value || !value.startsWith('/') || /^\/[/\\]/.test(value) || /[\u0000-\u001f\u007f\\]/.test(value)) return null;
  const url = new URL(value, BASE);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments resolve first: `/.//evil.example` would come back as `//evil.example`.
  return url.origin === BASE && !path.startsWith('//') ? path : null;
}
