import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';

/**
 * What a page's form post may hold. The shop's largest form (checkout) sends about 1 KB and no
 * form uploads files, so these leave room for long typing and still stop a post that would
 * take memory: React Router's `request.formData()` reads the whole body before it parses it.
 */
export const PAGE_BODY_LIMITS = {
  /** The whole body, in any encoding (urlencoded, multipart, a `.data` request's). */
  bytes: 256 * 1024,
  /** Parts of a multipart body. */
  parts: 100,
  /** One multipart part, its headers included. */
  partBytes: 64 * 1024,
};

/** The multipart boundary of a content type, or null when the body is not multipart. */
function multipartBoundaryOf(contentType: string | undefined): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

/** What a body was refused for, in words for the log. */
export type BodyExcess = 'bytes' | 'parts' | 'part-bytes';

/** Whether a body announces more bytes than a page takes: refused before a byte is read. */
export function announcesTooManyBytes(request: IncomingMessage): boolean {
  return Number(request.headers['content-length']) > PAGE_BODY_LIMITS.bytes;
}

/**
 * A page post's body as it arrives, counted: past a limit the stream fails, so React Router's
 * parse stops there, and `excess()` tells the page to answer 413. Multipart parts are counted
 * by their delimiters (RFC 2046 §5.1.1), so a body of many tiny fields is stopped too.
 */
export function countedPageBody(request: IncomingMessage) {
  const boundary = multipartBoundaryOf(request.headers['content-type']);
  const delimiter = boundary ? Buffer.from(`--${boundary}`) : null;
  let excess: BodyExcess | null = null;
  let bytes = 0;
  let delimiters = 0;
  // Where the last delimiter ended, counted from the body's first byte.
  let partStart = 0;
  // The end of the last chunk, where a delimiter split between chunks begins.
  let tail = Buffer.alloc(0);

  /** Counts the chunk's delimiters; `bytes` already includes the chunk. */
  function countParts(chunk: Buffer): BodyExcess | null {
    if (!delimiter) return null;
    const data = Buffer.concat([tail, chunk]);
    const dataStart = bytes - data.length;
    let searchFrom = 0;
    for (let at = data.indexOf(delimiter); at !== -1; at = data.indexOf(delimiter, searchFrom)) {
      if (dataStart + at - partStart > PAGE_BODY_LIMITS.partBytes) return 'part-bytes';
      delimiters += 1;
      searchFrom = at + delimiter.length;
      partStart = dataStart + searchFrom;
    }
    tail = data.subarray(Math.max(searchFrom, data.length - delimiter.length + 1));
    // n parts have n + 1 delimiters, the closing one included.
    if (delimiters > PAGE_BODY_LIMITS.parts + 1) return 'parts';
    return bytes - partStart > PAGE_BODY_LIMITS.partBytes ? 'part-bytes' : null;
  }

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      excess = bytes > PAGE_BODY_LIMITS.bytes ? 'bytes' : countParts(chunk);
      if (excess) done(new Error(`The form is too large (${excess}).`));
      else done(null, chunk);
    },
  });
  request.pipe(stream);

  return {
    stream,
    excess: () => excess,
    /**
     * Reads and drops what the page left unread once it has answered, so the next request on
     * the connection is heard (Node drains a body only when nobody started reading it). A body
     * that runs past the byte limit while draining closes the connection instead.
     */
    drainUnread() {
      if (request.complete) return;
      request.unpipe(stream);
      stream.destroy();
      request.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
        if (bytes > PAGE_BODY_LIMITS.bytes) request.socket.destroy();
      });
      request.resume();
    },
  };
}
