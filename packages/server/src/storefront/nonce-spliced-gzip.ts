import { constants, crc32, deflateRawSync } from 'node:zlib';

/**
 * A page compressed once whose CSP nonce still changes on every answer (decision 014).
 *
 * The HTML is cut where the nonce appears and each piece is deflated on its own, ending in a
 * full flush: the piece is byte-aligned and nothing after it refers back into it. An answer is
 * then the gzip header, the pieces with the new nonce between them as stored (uncompressed)
 * blocks, a final empty block and the trailer (CRC-32 and length of the whole page). The only
 * work per answer is the CRC over the page, a small fraction of compressing it again.
 */
export interface NonceSplicedGzip {
  /** The page's bytes between nonces. */
  readonly pieces: readonly Buffer[];
  /** Each piece deflated, ending byte-aligned with no reference into it from later pieces. */
  readonly deflated: readonly Buffer[];
  /** Length of the page in bytes, less its nonces. */
  readonly piecesLength: number;
}

/** Gzip member header: deflate, no flags, no modification time, no level hint, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final, empty block with fixed codes: BFINAL 1, BTYPE 01, end-of-block (RFC 1951 §3.2.6). */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes (its length is 16 bits). */
const MAX_STORED_LENGTH = 0xffff;

/**
 * Compresses the page once; `nonce` is the value to be replaced in every answer. zlib's default
 * level: on our pages level 9 is no smaller and takes longer.
 */
export function spliceAtNonce(html: string, nonce: string): NonceSplicedGzip {
  const pieces = html.split(nonce).map((piece) => Buffer.from(piece));
  const deflated = pieces.map((piece) => deflateRawSync(piece, { finishFlush: constants.Z_FULL_FLUSH }));
  return { pieces, deflated, piecesLength: pieces.reduce((sum, piece) => sum + piece.length, 0) };
}

/** A non-final stored block holding `bytes`, for a stream that is byte-aligned (after a full flush). */
function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

/** The gzip body of the page with `nonce` wherever the original nonce was. */
export function gzipWithNonce(spliced: NonceSplicedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  if (nonceBytes.length > MAX_STORED_LENGTH) throw new RangeError('A nonce this long does not fit a stored block.');
  const nonceBlock = storedBlock(nonceBytes);
  const chunks: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  spliced.pieces.forEach((piece, index) => {
    if (index > 0) {
      chunks.push(nonceBlock);
      crc = crc32(nonceBytes, crc);
    }
    chunks.push(spliced.deflated[index]!);
    // NOTE: zlib.crc32 answers 0, not the running value, for some empty buffers.
    if (piece.length > 0) crc = crc32(piece, crc);
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  // ISIZE is the length modulo 2^32 (RFC 1952).
  const length = spliced.piecesLength + (spliced.pieces.length - 1) * nonceBytes.length;
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** The page's bytes with `nonce` wherever the original nonce was, for a client that takes no gzip. */
export function plainWithNonce(spliced: NonceSplicedGzip, nonce: string): Buffer {
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(spliced.pieces.flatMap((piece, index) => (index > 0 ? [nonceBytes, piece] : [piece])));
}
