import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gzipWithNonce, plainWithNonce, spliceAtNonce } from './nonce-spliced-gzip';

const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA==';
const FRESH = 'q1w2e3r4t5y6u7i8o9p0ZZ==';

/** A page shaped like ours: the nonce on several scripts, repeated markup, non-ASCII text. */
function page(nonce: string, repeat = 200): string {
  const cards = Array.from({ length: repeat }, (_, i) => `<li class="card">Größe ${i} – 12,99 €</li>`).join('');
  return `<!doctype html><script nonce="${nonce}">a()</script><ul>${cards}</ul><script nonce="${nonce}" type="module">b()</script><link nonce="${nonce}">`;
}

describe('a page compressed once with a nonce per answer', () => {
  it('decompresses to the page with the new nonce in every place the old one was', () => {
    const spliced = spliceAtNonce(page(NONCE), NONCE);
    expect(gunzipSync(gzipWithNonce(spliced, FRESH)).toString()).toBe(page(FRESH));
    expect(plainWithNonce(spliced, FRESH).toString()).toBe(page(FRESH));
  });

  it('is a fraction of the page and close to compressing it whole', () => {
    const html = page(NONCE, 2000);
    const body = gzipWithNonce(spliceAtNonce(html, NONCE), FRESH);
    expect(body.length).toBeLessThan(Buffer.byteLength(html) / 10);
  });

  it('holds pages that start or end with the nonce, or never name it', () => {
    for (const html of [`${NONCE}middle${NONCE}`, NONCE, 'no nonce here', '']) {
      const spliced = spliceAtNonce(html, NONCE);
      expect(gunzipSync(gzipWithNonce(spliced, FRESH)).toString()).toBe(html.replaceAll(NONCE, FRESH));
    }
  });

  it('gives each answer its own nonce from one compression', () => {
    const spliced = spliceAtNonce(page(NONCE), NONCE);
    const answers = ['n1n1n1n1n1n1n1n1n1n1n1==', 'n2n2n2n2n2n2n2n2n2n2n2=='].map((nonce) =>
      gunzipSync(gzipWithNonce(spliced, nonce)).toString(),
    );
    expect(answers).toEqual([page('n1n1n1n1n1n1n1n1n1n1n1=='), page('n2n2n2n2n2n2n2n2n2n2n2==')]);
  });
});
