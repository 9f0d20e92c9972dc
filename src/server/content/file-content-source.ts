/** The server's ContentSource: answers the app's loaders from the content store (articles through its bounded cache). */
import type { ContentSource, LanguageMapping, PageContent } from '#app/content/types.ts';
import type { ContentStore } from './content-store.ts';

export function createStoreContentSource(store: ContentStore): ContentSource {
  return {
    async file<T>(language: string, file: string) {
      return ((await store.read(`${language}/${file}`))?.value as T | undefined) ?? null;
    },
    async page(language: string, folder: string) {
      return ((await store.readPage(`${language}/${folder}`))?.value as PageContent | undefined) ?? null;
    },
    async languageMapping() {
      return (store.get('language_mapping.json')?.value as LanguageMapping | undefined) ?? null;
    },
  };
}
