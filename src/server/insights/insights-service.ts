/**
 * The insights indexes of both languages, built from content at start and again on rebuild();
 * the insights plugin hands it to the routes as app.insights.
 */
import type { Language } from '#app/i18n/language.ts';
import { type CardActions, CONTENT_TYPES } from '#app/insights/model.ts';
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
  // The labels file is checked by content:check; a store without it (a bare test store) gives cards no link words.
  const cardActions = (language: Language): CardActions =>
    (store.get(`${language}/insights_labels.json`)?.value as { card_actions?: CardActions } | undefined)
      ?.card_actions ??
    (Object.fromEntries(CONTENT_TYPES.map((type) => [type, ''])) as Record<(typeof CONTENT_TYPES)[number], string>);
  // One language after the other: the pass over the articles holds one article's text at a time.
  const build = async () => {
    const en = await buildLanguageIndex(store, 'en', cardActions('en'));
    return { en, de: await buildLanguageIndex(store, 'de', cardActions('de')) };
  };
  // Replaced whole, never changed: a reader holds one language's complete index or the other's.
  let indexes: Readonly<Record<Language, LanguageIndex>> = await build();
  return {
    index: (language) => indexes[language],
    async rebuild() {
      for (const language of ['en', 'de'] as const) {
        const rebuilt = await buildLanguageIndex(store, language, cardActions(language));
        indexes = { ...indexes, [language]: rebuilt };
      }
    },
  };
}
