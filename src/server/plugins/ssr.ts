/** Every GET that no other route answers is a page. */
import type { FastifyPluginAsync } from 'fastify';
import type { PageHandler } from '../ssr/page-handler.ts';

export const ssrPlugin: FastifyPluginAsync<{ pages: PageHandler }> = async (app, { pages }) => {
  app.get('/*', async (request, reply) => {
    await pages.handle(request, reply);
  });
};
