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

/**
 * A source that is there at once: each method waits for the real source, then calls it. Every
 * method of these sources returns a promise, so a caller cannot tell the difference. Not a
 * promise itself: asked for `then`, it has none.
 */
function whenLoaded<T extends Record<keyof T, (...args: never[]) => Promise<unknown>>>(source: () => Promise<T>): T {
  return new Proxy({} as T, {
    get: (_target, method) =>
      method === 'then'
        ? undefined
        : async (...args: unknown[]) => {
            const loaded = await source();
            return Reflect.apply(loaded[method as keyof T], loaded, args);
          },
  });
}

export function createOnDemandSources(assetsBaseUrl: string): BrowserSources {
  const sources = onFirstCall(() =>
    import('./browser-sources.ts').then((module) => module.createBrowserSources(assetsBaseUrl)),
  );
  return {
    content: whenLoaded(async () => (await sources()).content),
    insights: whenLoaded(async () => (await sources()).insights),
    careers: whenLoaded(async () => (await sources()).careers),
  };
}
