/**
 * The insights overview's state and its rules from the spec: a new filter starts again at
 * page 1; a loaded page is appended when it has articles and replaces the list otherwise;
 * an error empties the list; a search clears the list and shows one page of results.
 */
import { proxy } from 'valtio';
import {
  type ArticleCard,
  type ArticlesPage,
  DEFAULT_SORT,
  EMPTY_FILTER,
  FIRST_PAGE,
  type FilterPossibilities,
  type InsightsFilter,
  type InsightsSort,
  type SearchOption,
} from '../insights/model.ts';

export interface InsightsState {
  articles: ArticleCard[];
  sum: number;
  page: number;
  more: boolean;
  sort: InsightsSort;
  filter: InsightsFilter;
  possibleFilter: FilterPossibilities | null;
  searchOptions: SearchOption[] | null;
  articlesLoading: boolean;
}

export function createInsightsState(initial: Partial<InsightsState> = {}): InsightsState {
  return proxy<InsightsState>({
    articles: [],
    sum: 0,
    page: FIRST_PAGE,
    more: false,
    sort: DEFAULT_SORT,
    filter: EMPTY_FILTER,
    possibleFilter: null,
    searchOptions: null,
    articlesLoading: true,
    ...initial,
  });
}

export function setFilter(state: InsightsState, filter: InsightsFilter): void {
  state.filter = filter;
  state.page = FIRST_PAGE;
}

export function startLoading(state: InsightsState): void {
  state.articlesLoading = true;
}

/** A page of results: appended when it has articles, otherwise the list is replaced. */
export function articlesLoaded(state: InsightsState, result: ArticlesPage): void {
  state.articles =
    result.articles.length > 0 && result.page > FIRST_PAGE ? [...state.articles, ...result.articles] : result.articles;
  state.sum = result.sum;
  state.page = result.page;
  state.more = result.more;
  state.articlesLoading = false;
}

export function articlesFailed(state: InsightsState): void {
  state.articles = [];
  state.sum = 0;
  state.more = false;
  state.articlesLoading = false;
}

export function searchStarted(state: InsightsState): void {
  state.articles = [];
  state.page = FIRST_PAGE;
  state.more = false;
  state.articlesLoading = true;
}

export function searchLoaded(state: InsightsState, articles: ArticleCard[]): void {
  state.articles = articles;
  state.sum = articles.length;
  state.page = FIRST_PAGE;
  state.more = false;
  state.articlesLoading = false;
}
