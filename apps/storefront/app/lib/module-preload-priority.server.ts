import { Transform } from 'node:stream';

/** React writes `rel` first; the priority goes last, so the link still reads `rel="modulepreload" href="…"`. */
const MODULE_PRELOAD = /(<link rel="modulepreload"[^>]*?)\s*(\/?>)/g;
const HEAD_END = Buffer.from('</head>');

/**
 * Marks the head's module preloads low priority, so that a phone's first requests go to what the
 * first paint needs (the LCP image, `fetchpriority=high`; the stylesheet is inline) rather than to
 * the scripts, which the paint does not wait for. React Router's `<Scripts>` renders these links
 * with no way to give them a priority, and React hoists them into `<head>`. The head is held until
 * it is whole (it leaves in the shell's first write anyway); the body passes through untouched.
 */
export function lowPriorityModulePreloads(): Transform {
  const head: Buffer[] = [];
  let done = false;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (done) return callback(null, chunk);
      head.push(chunk);
      const held = Buffer.concat(head);
      const end = held.indexOf(HEAD_END);
      if (end === -1) return callback();
      done = true;
      const rewritten = held.subarray(0, end).toString('utf8').replace(MODULE_PRELOAD, '$1 fetchpriority="low"$2');
      callback(null, Buffer.concat([Buffer.from(rewritten, 'utf8'), held.subarray(end)]));
    },
    flush(callback) {
      callback(null, done ? undefined : Buffer.concat(head));
    },
  });
}
