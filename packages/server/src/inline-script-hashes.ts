import { createHash } from 'node:crypto';

/** An inline `<script>` and what it holds; React escapes `>` in attribute values, so none holds one. */
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;

/** A script of data the browser never runs (JSON-LD, a JSON island): no policy applies to it. */
const DATA_BLOCK_TYPE = /\btype\s*=\s*["']?[^"'\s>]*json\b/i;

/**
 * The `'sha256-…'` source of each distinct inline script of a page that a browser would run, in
 * the order they first appear: what a Content-Security-Policy lists to allow exactly those
 * scripts and no other, without a nonce. The hash is over the text the browser reads, so line
 * breaks are normalised as the HTML parser does (CR LF and CR become LF). Empty scripts run
 * nothing and are never checked; scripts with `src` are allowed by their origin instead.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', text = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(attributes) || DATA_BLOCK_TYPE.test(attributes) || text === '') continue;
    const digest = createHash('sha256').update(text.replace(/\r\n?/g, '\n'), 'utf8').digest('base64');
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}
