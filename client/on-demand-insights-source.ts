/**
 * The browser's insights source with its module loaded at the first call: only a navigation
 * to an insights page or an insights teaser calls it, so no first load carries it.
 */
import type { InsightsSource } from '#app/insights/model.ts';

/** The module's promise, kept once it loaded; a failed load is tried again at the next call. */
function onFirstCall<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

export function createOnDemandInsightsSource(): InsightsSource {
  const source = onFirstCall(() => import('#app/insights/fetch-insights-source.ts').then((module) => module.createFetchInsightsSource()));
  return {
    list: async (...args) => (await source()).list(...args),
    possibilities: async (...args) => (await source()).possibilities(...args),
    searchOptions: async (...args) => (await source()).searchOptions(...args),
    search: async (...args) => (await source()).search(...args),
    recommend: async (...args) => (await source()).recommend(...args),
  };
}
