/** Every GET that no other route answers is a page. */
import type { FastifyPluginAsync } from 'fastify';
import type { PageHandler } from '../ssr/page-handler.ts';

/** The catch-all's pattern, which the metrics resolve to the page's own route. */
export const PAGES_PATTERN = '/*';

export const ssrPlugin: FastifyPluginAsync<{ pages: PageHandler }> = async (app, { pages }) => {
  app.get(PAGES_PATTERN, async (request, reply) => {
    await pages.handle(request, reply);
  });
};
