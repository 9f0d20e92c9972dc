/** GET /robots.txt: what crawlers may read, and the absolute address of the sitemap. */
import type { FastifyPluginAsync } from 'fastify';
import { ROBOTS_PATH, SITEMAP_PATH } from '#app/paths.ts';

/** The rules rarely change; a day matches how long the static files are cached. */
const ROBOTS_CACHE_CONTROL = 'public, max-age=86400';

export function robotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    // Parsers that take the first matching rule (not the longest) would read Allow: / first and crawl the API.
    'Disallow: /api/',
    'Allow: /',
    '',
    `Sitemap: ${siteUrl}${SITEMAP_PATH}`,
    '',
  ].join('\n');
}

export const robotsPlugin: FastifyPluginAsync<{ siteUrl: string }> = async (app, { siteUrl }) => {
  const body = robotsTxt(siteUrl);
  app.get(ROBOTS_PATH, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').header('cache-control', ROBOTS_CACHE_CONTROL).send(body),
  );
};
