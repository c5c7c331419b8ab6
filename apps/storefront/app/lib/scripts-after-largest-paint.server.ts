import { Transform } from 'node:stream';
import { HELD_MODULE_PRELOAD_REL, HELD_MODULE_SCRIPT_TYPE } from './scripts-after-largest-paint';

const HEAD_END = Buffer.from('</head>');
/** React writes `rel` first in every link it renders. */
const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const HELD_MODULE_PRELOAD = Buffer.from(`<link rel="${HELD_MODULE_PRELOAD_REL}"`);
/** React Router's `<Scripts>` writes `type` first in its module script. */
const MODULE_SCRIPT = Buffer.from('<script type="module"');
const HELD_MODULE_SCRIPT = Buffer.from(`<script type="${HELD_MODULE_SCRIPT_TYPE}"`);

/** `bytes` with every `from` from `start` on written as `to`. */
function replaceAll(bytes: Buffer, from: Buffer, to: Buffer, start: number, end: number): Buffer[] {
  const pieces: Buffer[] = [];
  let copied = start;
  for (let found = bytes.indexOf(from, start); found !== -1 && found < end; found = bytes.indexOf(from, found + 1)) {
    pieces.push(bytes.subarray(copied, found), to);
    copied = found + from.length;
  }
  pieces.push(bytes.subarray(copied, end));
  return pieces;
}

/**
 * Holds back the scripts of a rendered document until its largest image has painted
 * (`scripts-after-largest-paint.ts`, docs/decisions/029-h): the head's module preloads (React
 * Router's, hoisted there by React, and the display texts') and the body's module script get a
 * `rel` and a `type` the browser does not act on, which the page's inline starter turns back.
 * React Router's `<Scripts>` offers no way to defer them. The document is read whole (the render
 * finished before it is piped, `onAllReady`) and rewritten bytewise, without decoding it; a
 * preload in the body (text a shopper wrote, escaped) is left alone, since only the head's count.
 */
export function scriptsAfterLargestPaint(): Transform {
  const chunks: Buffer[] = [];
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      chunks.push(chunk);
      callback();
    },
    flush(callback) {
      const document = Buffer.concat(chunks);
      const headEnd = document.indexOf(HEAD_END);
      if (headEnd === -1) return callback(null, document);
      callback(
        null,
        Buffer.concat([
          ...replaceAll(document, MODULE_PRELOAD, HELD_MODULE_PRELOAD, 0, headEnd),
          ...replaceAll(document, MODULE_SCRIPT, HELD_MODULE_SCRIPT, headEnd, document.length),
        ]),
      );
    },
  });
}
