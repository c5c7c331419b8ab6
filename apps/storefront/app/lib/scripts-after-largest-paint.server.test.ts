import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { scriptsAfterLargestPaint } from './scripts-after-largest-paint.server';

/** What the transform makes of a document written in the given pieces. */
function throughTransform(pieces: Buffer[]): Promise<string> {
  return text(Readable.from(pieces).pipe(scriptsAfterLargestPaint()));
}

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Ski – Piste</title>' +
  '<link rel="modulepreload" href="/display-texts/en-us.abc.js" data-display-texts=""/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/app-shell.js"/></head>';
const BODY =
  '<body><p>A <link rel="modulepreload" href="x"/> in the body is text we leave alone.</p>' +
  '<script>window.__reactRouterContext = {};</script>' +
  '<script type="module" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script></body></html>';

describe('scriptsAfterLargestPaint', () => {
  it('holds back every module preload of the head and the module script, and nothing else', async () => {
    const html = await throughTransform([Buffer.from(HEAD + BODY)]);
    expect(html).not.toContain('<link rel="modulepreload" href="/');
    expect(html.match(/<link rel="modulepreload-after-paint" href="\/[^"]+"/g)).toHaveLength(3);
    expect(html).toContain('data-display-texts=""');
    expect(html).toContain(
      '<script type="module-after-paint" async="">import "/assets/manifest.js";\nimport("/assets/entry.client.js");</script>',
    );
    expect(html).toContain('<p>A <link rel="modulepreload" href="x"/> in the body');
    expect(html).toContain('<script>window.__reactRouterContext = {};</script>');
    expect(html.replace(/-after-paint/g, '')).toBe(HEAD + BODY);
  });

  it('reads the document whole, so pieces cut inside a tag or a character change nothing', async () => {
    const whole = Buffer.from(HEAD + BODY);
    // Every cut of three bytes: inside "modulepreload", "</head>", "type=" and the en dash's three bytes.
    const pieces = Array.from({ length: Math.ceil(whole.length / 3) }, (_, index) =>
      whole.subarray(index * 3, index * 3 + 3),
    );
    expect(await throughTransform(pieces)).toBe(await throughTransform([whole]));
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await throughTransform([Buffer.from('<p>plain</p>')])).toBe('<p>plain</p>');
  });
});
