/**
 * Compresses the text answers routes send whole (JSON, feeds, content files) by
 * Accept-Encoding, in place: they are a few kilobytes, so a synchronous compression at a
 * fast quality costs tens of microseconds where a compression stream per answer costs ten
 * times that, and an answer sent again is compressed only once. Pages compress themselves while streaming; files are precompressed at build.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { createCompressedCopies } from '../http/compressed-copies.ts';
import { negotiateEncoding } from '../http/encoding.ts';

/** Room for the compressed copies of a few hundred repeated answers. */
const COMPRESSED_COPIES_BYTES = 4 * 1024 * 1024;
/** Smaller answers gain less than the header costs. */
const MIN_BYTES = 1024;
/** Text, JSON, XML and SVG; never files visitors uploaded or PDFs. */
const COMPRESSIBLE_TYPES = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?(?:json|xml)\b|image\/svg\+xml\b)/;

const compression: FastifyPluginAsync = async (app) => {
  const copies = createCompressedCopies(COMPRESSED_COPIES_BYTES);
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (reply.getHeader('content-encoding') || Buffer.byteLength(payload) < MIN_BYTES) return payload;
    if (!COMPRESSIBLE_TYPES.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const compressed = copies.compress(typeof payload === 'string' ? Buffer.from(payload) : payload, encoding);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return compressed;
  });
};

export const compressionPlugin = fp(compression, { name: 'compression' });
