/** The browser's ContentSource: fetches content JSON from the assets base URL. Failures are logged, content stays empty. */
import { type ContentSource, type LanguageMapping, PAGE_BUNDLE_FILE, type PageContent } from './types.ts';

export function createFetchContentSource(baseUrl: string, fetchImpl: typeof fetch = fetch): ContentSource {
  const cache = new Map<string, Promise<unknown>>();
  function get<T>(path: string): Promise<T | null> {
    const url = `${baseUrl}/${path}`;
    let pending = cache.get(url);
    if (!pending) {
      pending = fetchImpl(url, { headers: { accept: 'application/json' } })
        .then((response) => {
          if (!response.ok) throw new Error(`${response.status} for ${url}`);
          return response.json() as Promise<unknown>;
        })
        .catch((error: unknown) => {
          cache.delete(url);
          console.warn('Content could not be loaded', error);
          return null;
        });
      cache.set(url, pending);
    }
    return pending as Promise<T | null>;
  }
  return {
    file: (language, file) => get(`${language}/${file}`),
    page: (language, folder) => get<PageContent>(`${language}/${folder}/${PAGE_BUNDLE_FILE}`),
    languageMapping: () => get<LanguageMapping>('language_mapping.json'),
  };
}
