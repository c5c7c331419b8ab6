/**
 * Script-injection payloads for docs/reliability.md 'Web security'. Each one would set
 * `window.__xss` if a page ever let it run (the iframe's sets its parent's), so a browser can tell
 * at once; each fits an 80-character name field.
 */
export const XSS_PAYLOADS = [
  '<script>window.__xss=1</script>',
  '"><img src=x onerror=window.__xss=1>',
  "'><svg onload=window.__xss=1>",
  '</script><script>window.__xss=1</script>',
  'javascript:window.__xss=1',
  '<iframe srcdoc="<script>parent.__xss=1</script>">',
  '\u2028</script><img src=x onerror=window.__xss=1>',
  "{{constructor.constructor('window.__xss=1')()}}",
  '<a href="javascript:window.__xss=1">x</a>',
  '<math><mtext><table><mglyph><style><img src=x onerror=window.__xss=1>',
  '<details open ontoggle=window.__xss=1>',
  '<x onpointerover=window.__xss=1 style=position:fixed;inset:0>',
] as const;

/** Every payload carries this, and nothing else on a page does. */
export const XSS_MARKER = '__xss';

/**
 * The places a shopper's or an editor's text reaches a page: what the suite stores or sends,
 * one payload in each, rotating so that over the full run every payload visits every place.
 */
export const XSS_SINKS = [
  'customer first name',
  'customer last name',
  'address company',
  'address line 1',
  'address city',
  'order shipping first name',
  'order shipping street',
  'search query',
  'unknown page path',
  'sign-in redirect parameter',
  'product title (content)',
  'product tagline (content)',
  'product description (content)',
  'blog post title (content)',
  'blog post body (content rich text)',
] as const;
export type XssSink = (typeof XSS_SINKS)[number];

/** Round `round`'s payload for each sink: a rotation, so rounds × sinks covers every pair once per full cycle. */
export function payloadsForRound(round: number): Record<XssSink, string> {
  return Object.fromEntries(
    XSS_SINKS.map((sink, index) => [sink, XSS_PAYLOADS[(index + round) % XSS_PAYLOADS.length]!]),
  ) as Record<XssSink, string>;
}
