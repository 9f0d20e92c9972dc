/** The insights indexes of both languages as app.insights, built from content at start and again on rebuild(). */
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import type { Language } from '#app/i18n/language.ts';
import type { ContentStore } from '../content/content-store.ts';
import { buildLanguageIndex, type LanguageIndex } from '../insights/insights-index.ts';

export interface InsightsService {
  index(language: Language): LanguageIndex;
  /** Builds both indexes again from the store's current content. */
  rebuild(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    insights: InsightsService;
  }
}

export function createInsightsService(store: ContentStore): InsightsService {
  const readMore = (language: Language) => (store.get(`${language}/insights_labels.json`)?.value as { read_more?: string } | undefined)?.read_more ?? '';
  const build = () => ({ en: buildLanguageIndex(store, 'en', readMore('en')), de: buildLanguageIndex(store, 'de', readMore('de')) });
  let indexes = build();
  return {
    index: (language) => indexes[language],
    rebuild() {
      indexes = build();
    },
  };
}

const insights: FastifyPluginAsync<{ service: InsightsService }> = async (app, { service }) => {
  app.decorate('insights', service);
};

export const insightsPlugin = fp(insights, { name: 'insights' });
