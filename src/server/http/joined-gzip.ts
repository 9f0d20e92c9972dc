/**
 * A gzip answer made of pieces deflated once and text set between them per answer (a page's
 * nonce). Each piece is deflated on its own and ends on a byte boundary without a final block,
 * so no piece refers back into another; an answer joins them with the text as stored blocks,
 * a final empty block and a trailer summed over the whole. Nothing is compressed per answer:
 * the CRC-32 of a 100 KB page takes about 15 µs.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflateRaw = promisify(zlib.deflateRaw);

/** ID1 ID2, deflate, no flags, no time, best compression, unknown OS (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0, 0, 0, 0, 0x02, 0xff]);
/** A final fixed-Huffman block holding only its end code. */
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
/** The most a stored block holds. */
const STORED_BLOCK_MAX = 0xffff;

/** The pieces deflated at best compression, each ending with a sync flush instead of a final block. */
export function deflatePieces(pieces: readonly Buffer[]): Promise<Buffer[]> {
  return Promise.all(pieces.map((piece) => deflateRaw(piece, { level: zlib.constants.Z_BEST_COMPRESSION, finishFlush: zlib.constants.Z_SYNC_FLUSH })));
}

/** Text as non-final stored blocks (RFC 1951, 3.2.4): a byte-aligned header, the length and its complement. */
function storedBlocks(text: Buffer): Buffer[] {
  const blocks: Buffer[] = [];
  for (let start = 0; start < text.length; start += STORED_BLOCK_MAX) {
    const chunk = text.subarray(start, start + STORED_BLOCK_MAX);
    const header = Buffer.alloc(5);
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    blocks.push(header, chunk);
  }
  return blocks;
}

/** One gzip member: the deflated pieces in order with `between` stored after each but the last. */
export function joinGzip(pieces: readonly Buffer[], deflated: readonly Buffer[], between: Buffer): Buffer {
  if (pieces.length !== deflated.length || pieces.length === 0) throw new Error('every piece needs its deflated copy');
  const parts: Buffer[] = [GZIP_HEADER];
  const inserted = storedBlocks(between);
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, index) => {
    parts.push(deflated[index]!);
    crc = zlib.crc32(piece, crc);
    size += piece.length;
    if (index === pieces.length - 1) return;
    parts.push(...inserted);
    crc = zlib.crc32(between, crc);
    size += between.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  parts.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(parts);
}
