import { createHash } from 'node:crypto';

/**
 * The scripts of a page that a browser runs from the page's own text: every `<script>` without
 * `src` that is not a JSON data block. Read here by cutting the HTML at its script tags, apart
 * from the server's own reading, so that a test checks one against the other.
 */
export function runnableInlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const piece of html.split(/<script(?=[\s>])/i).slice(1)) {
    const openingEnd = piece.indexOf('>');
    const attributes = piece.slice(0, openingEnd);
    const text = piece.slice(openingEnd + 1, piece.search(/<\/script/i));
    if (/\ssrc=/.test(attributes) || /\stype="application\/(ld\+)?json"/.test(attributes) || text === '') continue;
    scripts.push(text);
  }
  return scripts;
}

/** The `'sha256-…'` sources a page's Content-Security-Policy lists in its `script-src`. */
export function policyScriptHashes(policy: string): string[] {
  const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? '';
  return scriptSources.match(/'sha256-[A-Za-z0-9+/=]+'/g) ?? [];
}

/**
 * What the policy should list for the page: the SHA-256 of each inline script the browser runs
 * (CSP Level 3 'hash-source'), once each, in the order of the page.
 */
export function expectedScriptHashes(html: string): string[] {
  const hashes = runnableInlineScripts(html).map(
    (text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`,
  );
  return [...new Set(hashes)];
}
