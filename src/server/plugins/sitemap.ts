/**
 * GET /sitemap.xml: every listable page in both languages (src/server/seo/). Built on the
 * first request and kept while its inputs stay the same: the content (a reload starts a new
 * generation), the Berlin day (event editions turn past at midnight) and the open positions.
 */
import type { FastifyPluginAsync } from 'fastify';
import type { CareersSource, Position } from '#app/careers/model.ts';
import type { LanguageMapping } from '#app/content/types.ts';
import { berlinDay } from '#app/i18n/berlin-time.ts';
import { SITEMAP_PATH } from '#app/paths.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { Language } from '#app/i18n/language.ts';
import type { InsightsService } from './insights.ts';
import { articleSummaries, listSitePages } from '../seo/site-pages.ts';
import { sitemapXml } from '../seo/sitemap.ts';
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
  xml: string;
}

export const sitemapPlugin: FastifyPluginAsync<SitemapOptions> = async (app, { siteUrl, store, careers, insights }) => {
  let built: Built | undefined;

  app.get(SITEMAP_PATH, async (_request, reply) => {
    const now = new Date();
    const [en, de] = await Promise.all([careers.positions('en'), careers.positions('de')]);
    // The careers source hands out the same list until it fetched a new one, so comparing by identity is enough.
    // The indexes are built anew after a content reload, a moment after the store's generation changed.
    const inputs: readonly unknown[] = [store.generation, insights.index('en'), insights.index('de'), berlinDay(now), en, de];
    if (!built || inputs.some((input, index) => input !== built?.inputs[index])) {
      const positions: Record<'en' | 'de', readonly Position[]> = { en, de };
      const articles = (language: Language) => articleSummaries(insights.index(language));
      const pages = listSitePages({ store, articles, positions, siteUrl, now });
      const mapping = (store.get('language_mapping.json')?.value as LanguageMapping | undefined) ?? null;
      built = { inputs, xml: sitemapXml(sitemapUrls(pages, mapping, siteUrl)) };
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(built.xml);
  });
};
