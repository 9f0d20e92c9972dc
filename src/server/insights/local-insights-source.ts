/** The server's InsightsSource: answers the page loaders straight from the indexes. */
import type { InsightsSource } from '#app/insights/model.ts';
import {
  filterPossibilities,
  listArticles,
  recommendArticles,
  searchArticles,
  searchOptions,
} from './insights-queries.ts';
import type { InsightsService } from './insights-service.ts';

export function createLocalInsightsSource(service: InsightsService): InsightsSource {
  return {
    list: async (language, page, sort, filter) => listArticles(service.index(language), page, sort, filter),
    possibilities: async (language, filter) => filterPossibilities(service.index(language), filter),
    searchOptions: async (language) => searchOptions(service.index(language)),
    search: async (language, term) => searchArticles(service.index(language), term),
    recommend: async (language, current, read) => recommendArticles(service.index(language), current, read),
  };
}
