/**
 * The insights indexes of both languages, built from content at start and again on rebuild();
 * the insights plugin hands it to the routes as app.insights.
 */
import type { Language } from '#app/i18n/language.ts';
import type { ContentStore } from '../content/content-store.ts';
import { buildLanguageIndex, type LanguageIndex } from './insights-index.ts';

export interface InsightsService {
  index(language: Language): LanguageIndex;
  /**
   * Builds both indexes again from the store's current content, one language after the other:
   * a language's old index answers until its new one is done, and is let go before the next
   * language is built, so a reload holds three indexes at most, not four.
   */
  rebuild(): Promise<void>;
}

export async function createInsightsService(store: ContentStore): Promise<InsightsService> {
  const readMore = (language: Language) =>
    (store.get(`${language}/insights_labels.json`)?.value as { read_more?: string } | undefined)?.read_more ?? '';
  // One language after the other: the pass over the articles holds one article's text at a time.
  const build = async () => {
    const en = await buildLanguageIndex(store, 'en', readMore('en'));
    return { en, de: await buildLanguageIndex(store, 'de', readMore('de')) };
  };
  // Replaced whole, never changed: a reader holds one language's complete index or the other's.
  let indexes: Readonly<Record<Language, LanguageIndex>> = await build();
  return {
    index: (language) => indexes[language],
    async rebuild() {
      for (const language of ['en', 'de'] as const) {
        const rebuilt = await buildLanguageIndex(store, language, readMore(language));
        indexes = { ...indexes, [language]: rebuilt };
      }
    },
  };
}
