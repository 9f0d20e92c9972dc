/** The server's ContentSource: answers the app's loaders from the in-memory content store. */
import type { ContentSource, LanguageMapping, PageContent } from '#app/content/types.ts';
import type { ContentStore } from './content-store.ts';

export function createStoreContentSource(store: ContentStore): ContentSource {
  return {
    async file<T>(language: string, file: string) {
      return (store.get(`${language}/${file}`)?.value as T | undefined) ?? null;
    },
    async page(language: string, folder: string) {
      return (store.page(`${language}/${folder}`)?.value as PageContent | undefined) ?? null;
    },
    async languageMapping() {
      return (store.get('language_mapping.json')?.value as LanguageMapping | undefined) ?? null;
    },
  };
}
