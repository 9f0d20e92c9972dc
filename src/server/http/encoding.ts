/**
 * Content encodings for answers the server writes itself: which one a client takes, a
 * compressor that keeps a streamed page streaming.
 */
import { pipeline, Writable } from 'node:stream';
import zlib from 'node:zlib';

export type ContentEncoding = 'br' | 'gzip' | 'identity';

/** Quality for compressing while streaming: fast enough to keep up with rendering. */
const STREAM_BROTLI_QUALITY = 5;
const STREAM_GZIP_LEVEL = 6;

/** The q-value of each coding named in an Accept-Encoding header (RFC 9110, section 12.5.3). */
function qualities(header: string): Map<string, number> {
  const result = new Map<string, number>();
  for (const part of header.split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!token) continue;
    let q = 1;
    for (const parameter of parameters) {
      const match = /^q=([01](?:\.\d{0,3})?)$/.exec(parameter);
      if (match) q = Number(match[1]);
    }
    result.set(token === 'x-gzip' ? 'gzip' : token, q);
  }
  return result;
}

/** Whether the client takes this coding at all. */
function acceptsEncoding(
  acceptEncoding: string | string[] | undefined,
  coding: Exclude<ContentEncoding, 'identity'>,
): boolean {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return false;
  const q = qualities(header);
  return (q.get(coding) ?? q.get('*') ?? 0) > 0;
}

/** Brotli when the client takes it, then gzip, else the bytes as they are. */
export function negotiateEncoding(acceptEncoding: string | string[] | undefined): ContentEncoding {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return 'identity';
  if (acceptsEncoding(header, 'br')) return 'br';
  if (acceptsEncoding(header, 'gzip')) return 'gzip';
  return 'identity';
}

/**
 * A 256 KB window: larger than any page, and a fraction of the default 4 MB each of up to
 * 50 concurrent compressors would otherwise hold. The page cache's kept copies use it too.
 */
export const BROTLI_WINDOW_BITS = 18;
const STREAM_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: STREAM_BROTLI_QUALITY,
  [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
};

/** Bytes compressed at streaming quality: small answers, and kept pages before their best copies are ready. */
export function compressNow(bytes: Buffer, encoding: Exclude<ContentEncoding, 'identity'>): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(bytes, { params: STREAM_BROTLI_PARAMS })
    : zlib.gzipSync(bytes, { level: STREAM_GZIP_LEVEL });
}

/**
 * Collects what a renderer writes between its flushes and hands it to the compressor as one
 * piece: React writes in 2 KB views and flushes after each batch, and compressing each view
 * on its own costs three times as much as compressing the batch.
 */
class FlushBatcher extends Writable {
  private pending: Buffer[] = [];

  constructor(private readonly compressor: zlib.BrotliCompress | zlib.Gzip) {
    super();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.pending.push(chunk);
    callback();
  }

  private handOver(): void {
    // A visitor who left destroyed the compressor with the response; what is still written is dropped.
    if (this.compressor.destroyed) this.pending = [];
    if (this.pending.length === 0) return;
    this.compressor.write(Buffer.concat(this.pending));
    this.pending = [];
  }

  /** Everything written so far leaves the compressor now, decodable on its own. */
  flush(): void {
    this.handOver();
    if (this.compressor.destroyed) return;
    if (this.compressor instanceof zlib.Gzip) this.compressor.flush(zlib.constants.Z_SYNC_FLUSH);
    else this.compressor.flush();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.handOver();
    if (!this.compressor.destroyed) this.compressor.end();
    callback();
  }

  /** Called after a normal end too (autoDestroy): the compressor then still has output to give. */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    if (error) this.compressor.destroy(error);
    callback(error);
  }
}

/**
 * Where a streamed answer is written: the target itself, or a compressor piped into it
 * that emits everything it holds whenever the writer flushes, so each part of the page
 * leaves as soon as it is rendered.
 */
export function compressedDestination(target: Writable, encoding: ContentEncoding): Writable & { flush?: () => void } {
  if (encoding === 'identity') return target;
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({ params: STREAM_BROTLI_PARAMS })
      : zlib.createGzip({ level: STREAM_GZIP_LEVEL });
  pipeline(compressor, target, () => {
    // A visitor who leaves closes the target; the writer learns of it through its own signal.
  });
  return new FlushBatcher(compressor);
}
