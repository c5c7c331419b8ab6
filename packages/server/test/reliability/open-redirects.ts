/**
 * Open-redirect attempts (docs/reliability.md 'Web security'): off-site targets written every way
 * browsers and URL parsers have been known to read as another host.
 */
export const OFF_SITE_TARGETS = [
  'https://evil.example/',
  '//evil.example/',
  '///evil.example/',
  '/\\evil.example',
  '\\\\evil.example',
  '/\\/evil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '%2F%2Fevil.example',
  ' //evil.example',
  '/.//evil.example',
  '/a/..//evil.example',
  'http:evil.example',
  'https:/evil.example',
  '//evil.example@shop.test',
  'https://shop.test.evil.example/',
  'javascript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
] as const;

const SHOP = 'http://shop.test';

/**
 * Whether a redirect target stays on the shop, read the way a browser reads a Location header
 * from a page of the shop (WHATWG URL parsing: backslashes are slashes, tabs vanish).
 */
export function staysOnSite(location: string): boolean {
  const target = new URL(location, `${SHOP}/en-us/account`);
  return target.origin === SHOP;
}
