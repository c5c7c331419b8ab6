/**
 * Spec §8 'Dangerous-protocol URL': "Refused". A URL that leaves the shop may only use these
 * schemes; anything else (javascript:, data:, vbscript:, file:, …) is refused rather than
 * listed, so a scheme nobody thought of is refused too.
 */
export const SAFE_URL_SCHEMES: readonly string[] = ['http', 'https', 'mailto', 'tel'];

// Browsers drop ASCII whitespace and control characters inside a scheme ("jav\tascript:"), so
// they are removed before the scheme is read.
// eslint-disable-next-line no-control-regex
const IGNORED_BY_BROWSERS = /[\u0000-\u0020\u007f]+/g;
// Character references a URL could hide its scheme behind if it ever lands in HTML unescaped.
const NUMERIC_REFERENCE = /&#(x[0-9a-f]+|\d+);?/gi;
const NAMED_REFERENCES: Readonly<Record<string, string>> = { colon: ':', tab: '\t', newline: '\n' };
const NAMED_REFERENCE = /&(colon|tab|newline);/gi;

function decodeReferences(url: string): string {
  return url
    .replace(NUMERIC_REFERENCE, (_match, code: string) => {
      const point = code[0] === 'x' || code[0] === 'X' ? parseInt(code.slice(1), 16) : parseInt(code, 10);
      return point <= 0x10ffff ? String.fromCodePoint(point) : '';
    })
    .replace(NAMED_REFERENCE, (_match, name: string) => NAMED_REFERENCES[name.toLowerCase()] ?? '');
}

/**
 * True when `url` is relative (no scheme) or uses one of SAFE_URL_SCHEMES, compared
 * case-insensitively. The scheme is read as a browser would after HTML decoding, so
 * "jav&#x09;ascript:" and "javascript&colon;" are refused too.
 */
export function isSafeUrl(url: string): boolean {
  const cleaned = decodeReferences(url).replace(IGNORED_BY_BROWSERS, '');
  const colon = cleaned.indexOf(':');
  if (colon === -1) return true;
  const pathStart = cleaned.search(/[/?#]/);
  if (pathStart !== -1 && pathStart < colon) return true;
  return SAFE_URL_SCHEMES.includes(cleaned.slice(0, colon).toLowerCase());
}
