/** RSS 2.0 feeds of the newest insights, one per language, at /feeds/insights-{language}.xml. */
import { statSync } from 'node:fs';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { isLanguage, type Language } from '#app/i18n/language.ts';
import { languageAddress } from '#app/i18n/language-address.ts';
import type { InsightsLabels } from '#app/insights/page-data.ts';
import { INSIGHTS_PATH, insightsFeedPath } from '#app/paths.ts';
import type { ContentStore } from '../content/content-store.ts';
import { escapeXml } from '../http/escape-xml.ts';
import { articleCard } from '../insights/insights-index.ts';

export const FEED_ITEMS = 20;

export interface FeedsOptions {
  siteUrl: string;
  store: ContentStore;
  /** Where the article images are, to state their sizes. */
  staticDir: string;
}

export const feedsPlugin: FastifyPluginAsync<FeedsOptions> = async (app, { siteUrl, store, staticDir }) => {
  /** An enclosure must state its length in bytes; an image that is missing gets none rather than a false one. */
  function enclosure(imageUrl: string): string {
    const size = statSync(path.join(staticDir, imageUrl), { throwIfNoEntry: false })?.size;
    return size ? `<enclosure url="${escapeXml(`${siteUrl}${imageUrl}`)}" type="image/jpeg" length="${size}"/>` : '';
  }

  function feed(language: Language): string {
    const labels = store.get(`${language}/insights_labels.json`)?.value as InsightsLabels;
    const articles = [...app.insights.index(language).articles]
      .sort((a, b) => b.timestamp - a.timestamp)
      .slice(0, FEED_ITEMS);
    const items = articles.map((article) => {
      const card = articleCard(article, labels.card_actions);
      // The article's address in the feed's own language: a crawler following it sends no cookie.
      const link = `${siteUrl}${languageAddress(card.path, language)}`;
      return [
        '<item>',
        `<title>${escapeXml(card.headline)}</title>`,
        `<link>${escapeXml(link)}</link>`,
        `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
        `<pubDate>${new Date(article.timestamp).toUTCString()}</pubDate>`,
        `<category>${escapeXml(labels.values[card.type] ?? card.type)}</category>`,
        ...card.authors.map((author) => `<dc:creator>${escapeXml(author)}</dc:creator>`),
        `<description>${escapeXml(card.text)}</description>`,
        enclosure(card.imageUrl),
        '</item>',
      ].join('');
    });
    const newest = articles[0]?.timestamp;
    return [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/">',
      '<channel>',
      `<title>${escapeXml(labels.feed_title)}</title>`,
      `<link>${escapeXml(`${siteUrl}${languageAddress(INSIGHTS_PATH, language)}`)}</link>`,
      `<description>${escapeXml(labels.feed_description)}</description>`,
      `<language>${language === 'de' ? 'de-DE' : 'en-GB'}</language>`,
      newest ? `<lastBuildDate>${new Date(newest).toUTCString()}</lastBuildDate>` : '',
      `<atom:link href="${escapeXml(`${siteUrl}${insightsFeedPath(language)}`)}" rel="self" type="application/rss+xml"/>`,
      ...items,
      '</channel>',
      '</rss>',
    ].join('\n');
  }

  app.get<{ Params: { name: string } }>(
    '/feeds/:name',
    {
      schema: {
        params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } },
      },
    },
    async (request, reply) => {
      const language = /^insights-(\w+)\.xml$/.exec(request.params.name)?.[1];
      if (!isLanguage(language)) return reply.callNotFound();
      return reply
        .type('application/rss+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=600')
        .send(feed(language));
    },
  );
};
