/** Content JSON for the browser: every file, and every folder's blocks as one page document, with ETags. */
import type { FastifyPluginAsync } from 'fastify';
import { PAGE_BUNDLE_FILE } from '#app/content/types.ts';
import type { ContentStore } from '../content/content-store.ts';

export interface ContentOptions {
  store: ContentStore;
}

/** Content may change with a deploy; browsers check again after a minute. */
const CONTENT_CACHE_CONTROL = 'public, max-age=60, must-revalidate';

export const contentPlugin: FastifyPluginAsync<ContentOptions> = async (app, { store }) => {
  app.get<{ Params: { '*': string } }>(
    '/*',
    {
      schema: {
        params: { type: 'object', properties: { '*': { type: 'string', maxLength: 300 } }, required: ['*'] },
      },
    },
    async (request, reply) => {
      const requested = request.params['*'];
      const file = requested.endsWith(`/${PAGE_BUNDLE_FILE}`)
        ? await store.readPage(requested.slice(0, -PAGE_BUNDLE_FILE.length - 1))
        : await store.read(requested);
      if (!file)
        return reply
          .code(404)
          .send({ statusCode: 404, error: 'Not Found', message: 'There is no content at this path.' });
      reply
        .header('etag', file.etag)
        .header('cache-control', CONTENT_CACHE_CONTROL)
        .type('application/json; charset=utf-8');
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(file.etag)) return reply.code(304).send();
      return reply.send(file.body);
    },
  );
};
