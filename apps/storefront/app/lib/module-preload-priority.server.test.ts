import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { lowPriorityModulePreloads } from './module-preload-priority.server';

/** What the transform makes of a document written in the given pieces. */
function throughTransform(pieces: Buffer[]): Promise<string> {
  return text(Readable.from(pieces).pipe(lowPriorityModulePreloads()));
}

const HEAD =
  '<!DOCTYPE html><html><head><meta charSet="utf-8"/><title>Ski – Piste</title>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/app-shell.js"/></head>';
const BODY = '<body><p>A <link rel="modulepreload" href="x"/> in the body is text we leave alone.</p></body></html>';

describe('lowPriorityModulePreloads', () => {
  it('marks every module preload of the head low priority and leaves the body as it was', async () => {
    const html = await throughTransform([Buffer.from(HEAD + BODY)]);
    expect(html.match(/<link rel="modulepreload" href="\/assets\/[^"]+" fetchpriority="low"\/>/g)).toHaveLength(2);
    expect(html.endsWith(BODY)).toBe(true);
  });

  it('finds the links and the head’s end when the stream cuts them, even inside a character', async () => {
    const whole = Buffer.from(HEAD + BODY);
    // Every cut of three bytes: inside "modulepreload", "</head>" and the en dash's three bytes.
    const pieces = Array.from({ length: Math.ceil(whole.length / 3) }, (_, index) =>
      whole.subarray(index * 3, index * 3 + 3),
    );
    expect(await throughTransform(pieces)).toBe(await throughTransform([whole]));
  });

  it('passes a document without a head through unchanged', async () => {
    expect(await throughTransform([Buffer.from('<p>plain</p>')])).toBe('<p>plain</p>');
  });
});
