/**
 * A path that starts with // (read by URL parsers as another host) or holds characters no
 * page of this site has is answered 404 before any route sees it: never a page, never a 500.
 */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

export function isMalformedPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this refuses
  return !path.startsWith('/') || path.startsWith('//') || path.includes('\\') || /[\u0000-\u001f\u007f]/.test(path);
}

const malformedPaths: FastifyPluginAsync = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    if (isMalformedPath(request.url)) return reply.callNotFound();
    return undefined;
  });
};

export const malformedPathsPlugin = fp(malformedPaths, { name: 'malformed-paths' });
