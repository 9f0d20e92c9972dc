/** The browser's InsightsSource: the insights and recommendation APIs of this server. */
import {
  insightsArticlesApiPath,
  insightsFilterApiPath,
  insightsSearchApiPath,
  insightsSearchOptionsApiPath,
  recommendationsApiPath,
} from '../api-paths.ts';
import type { Language } from '../i18n/language.ts';
import {
  type ArticleCard,
  type ArticlesPage,
  type FilterPossibilities,
  formatFilter,
  formatSort,
  type InsightsSource,
  type SearchOption,
} from './model.ts';

async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  const response = await fetch(url, { ...init, headers: { accept: 'application/json', ...init?.headers } });
  if (!response.ok) throw new Error(`${response.status} for ${url}`);
  return (await response.json()) as T;
}

export function createFetchInsightsSource(): InsightsSource {
  return {
    list(language, page, sort, filter) {
      const query = new URLSearchParams({ sort: formatSort(sort) });
      const encoded = formatFilter(filter);
      if (encoded) query.set('filter', encoded);
      return getJson<ArticlesPage>(`${insightsArticlesApiPath(language, page)}?${query}`);
    },
    async possibilities(language, filter) {
      const encoded = formatFilter(filter);
      return getJson<FilterPossibilities>(
        `${insightsFilterApiPath(language)}${encoded ? `?filter=${encodeURIComponent(encoded)}` : ''}`,
      ).catch(() => null);
    },
    async searchOptions(language: Language) {
      return getJson<{ options: SearchOption[] }>(insightsSearchOptionsApiPath(language)).then(
        (body) => body.options,
        () => null,
      );
    },
    async search(language, term) {
      return (await getJson<{ articles: ArticleCard[] }>(insightsSearchApiPath(language, term))).articles;
    },
    async recommend(language, currentArticle, recoStorage) {
      return getJson<{ articles: ArticleCard[] }>(recommendationsApiPath(language), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ currentArticle, recoStorage }),
      }).then(
        (body) => body.articles,
        () => [],
      );
    },
  };
}
