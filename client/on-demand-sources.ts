/**
 * The browser's content, insights and careers sources with their module loaded at the first
 * call: the first page comes with its data, so only navigations and the link prefetcher call
 * them, and no first load carries their code.
 */
import type { CareersSource } from '#app/careers/model.ts';
import type { ContentSource } from '#app/content/types.ts';
import type { InsightsSource } from '#app/insights/model.ts';

export interface BrowserSources {
  content: ContentSource;
  insights: InsightsSource;
  careers: CareersSource;
}

/** The module's promise, kept once it loaded; a failed load is tried again at the next call. */
function onFirstCall<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export function createOnDemandSources(assetsBaseUrl: string): BrowserSources {
  const sources = onFirstCall(() => import('./browser-sources.ts').then((module) => module.createBrowserSources(assetsBaseUrl)));
  return {
    content: {
      file: async <T,>(...args: Parameters<ContentSource['file']>) => (await sources()).content.file<T>(...args),
      page: async (...args) => (await sources()).content.page(...args),
      languageMapping: async () => (await sources()).content.languageMapping(),
    },
    insights: {
      list: async (...args) => (await sources()).insights.list(...args),
      possibilities: async (...args) => (await sources()).insights.possibilities(...args),
      searchOptions: async (...args) => (await sources()).insights.searchOptions(...args),
      search: async (...args) => (await sources()).insights.search(...args),
      recommend: async (...args) => (await sources()).insights.recommend(...args),
    },
    careers: { positions: async (...args) => (await sources()).careers.positions(...args) },
  };
}
