/**
 * GET /sitemap.xml: every listable page in both languages (src/server/seo/), or, for a site
 * beyond the protocol's limits for one file, the index of /sitemaps/{n}.xml. Built on the
 * first request and kept while its inputs stay the same: the content (a reload starts a new
 * generation), the Berlin day (event editions turn past at midnight) and the open positions.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { CareersSource, Position } from '#app/careers/model.ts';
import type { LanguageMapping } from '#app/content/types.ts';
import { berlinDay } from '#app/i18n/berlin-calendar.ts';
import type { Language } from '#app/i18n/language.ts';
import { SITEMAP_PATH } from '#app/paths.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { InsightsService } from '../insights/insights-service.ts';
import { articleSummaries, listSitePages } from '../seo/site-pages.ts';
import { SITEMAP_FILE_PATH, sitemapDocuments } from '../seo/sitemap.ts';
import { sitemapUrls } from '../seo/sitemap-urls.ts';

export interface SitemapOptions {
  siteUrl: string;
  store: ContentStore;
  careers: CareersSource;
  /** The articles, with their dates, without reading their files. */
  insights: InsightsService;
}

interface Built {
  inputs: readonly unknown[];
  /** Kept as bytes, outside the heap: a site of many articles has a sitemap of megabytes. */
  root: Buffer;
  files: Buffer[];
}

export const sitemapPlugin: FastifyPluginAsync<SitemapOptions> = async (app, { siteUrl, store, careers, insights }) => {
  let built: Built | undefined;

  async function current(): Promise<Built> {
    const now = new Date();
    const [en, de] = await Promise.all([careers.positions('en'), careers.positions('de')]);
    // The careers source hands out the same list until it fetched a new one, so comparing by identity is enough.
    // The indexes are built anew after a content reload, a moment after the store's generation changed.
    const inputs: readonly unknown[] = [
      store.generation,
      insights.index('en'),
      insights.index('de'),
      berlinDay(now),
      en,
      de,
    ];
    if (!built || inputs.some((input, index) => input !== built?.inputs[index])) {
      const positions: Record<'en' | 'de', readonly Position[]> = { en, de };
      const articles = (language: Language) => articleSummaries(insights.index(language));
      const pages = listSitePages({ store, articles, positions, siteUrl, now });
      const mapping = (store.get('language_mapping.json')?.value as LanguageMapping | undefined) ?? null;
      const documents = sitemapDocuments(sitemapUrls(pages, mapping, siteUrl), siteUrl);
      built = { inputs, ...documents };
    }
    return built;
  }

  const send = (reply: FastifyReply, xml: Buffer) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);

  app.get(SITEMAP_PATH, async (_request, reply) => send(reply, (await current()).root));

  app.get<{ Params: { number: string } }>(
    SITEMAP_FILE_PATH,
    {
      schema: {
        params: {
          type: 'object',
          required: ['number'],
          properties: { number: { type: 'string', pattern: '^[1-9][0-9]{0,3}$' } },
        },
      },
    },
    async (request, reply) => {
      const file = (await current()).files[Number(request.params.number) - 1];
      return file ? send(reply, file) : reply.callNotFound();
    },
  );
};
