/** The insights indexes of both languages as app.insights, built from content at start and again on rebuild(). */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '#app/i18n/language.ts';
import type { ContentStore } from '../content/content-store.ts';
import { buildLanguageIndex, type LanguageIndex } from '../insights/insights-index.ts';

export interface InsightsService {
  index(language: Language): LanguageIndex;
  /** Builds both indexes again from the store's current content; the old ones answer until the new ones are done. */
  rebuild(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

export async function createInsightsService(store: ContentStore): Promise<InsightsService> {
  const readMore = (language: Language) => (store.get(`${language}/insights_labels.json`)?.value as { read_more?: string } | undefined)?.read_more ?? '';
  // One language after the other: the pass over the articles holds one article's text at a time.
  const build = async () => {
    const en = await buildLanguageIndex(store, 'en', readMore('en'));
    return { en, de: await buildLanguageIndex(store, 'de', readMore('de')) };
  };
  let indexes = await build();
  return {
    index: (language) => indexes[language],
    async rebuild() {
      indexes = await build();
    },
  };
}

const insights: FastifyPluginAsync<{ service: InsightsService }> = async (app, { service }) => {
  app.decorate('insights', service);
};

export const insightsPlugin = fp(insights, { name: 'insights' });
