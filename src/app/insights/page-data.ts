/** What the insights pages load besides their content blocks. */

import type { InsightEndings } from '../content/schemas/insight-endings.ts';
import type { InsightsLabels } from '../content/schemas/insights-labels.ts';
import type { ContentSource, PageContent } from '../content/types.ts';
import type { Language } from '../i18n/language.ts';
import type { PageDataKind } from '../page-loading.ts';
import { endingFor, type InsightEnding } from './ending.ts';
import {
  type ArticleCard,
  type ArticlesPage,
  DEFAULT_SORT,
  EMPTY_FILTER,
  FIRST_PAGE,
  type FilterPossibilities,
  INSIGHTS_CONTENT_FOLDER,
  type InsightsFilter,
  type InsightsSort,
  type InsightsSource,
  parseFilter,
  parseSort,
  type SearchOption,
} from './model.ts';
import { type ArticleBlocks, loadMore, type MoreState } from './related-articles.ts';

export type { InsightsLabels };

export interface InsightsOverviewData {
  labels: InsightsLabels;
  sort: InsightsSort;
  filter: InsightsFilter;
  /** The search term of the URL, or null when the list is filtered instead. */
  search: string | null;
  /** The first page of the filtered list, or the search results as one page. */
  list: ArticlesPage;
  possibilities: FilterPossibilities | null;
  searchOptions: SearchOption[] | null;
}

export interface InsightArticleData {
  labels: InsightsLabels;
  /** Related articles, before the visitor's reading history is known. */
  recommendations: ArticleCard[];
  /** The call to action and newsletter line the page ends with; null when the content has none. */
  ending: InsightEnding | null;
}

/** What a card reads of the labels: the names of the types it shows. */
export type CardLabels = Pick<InsightsLabels, 'values'>;

/** The type names of these cards only: a page of three cards carries three names, not every label. */
function cardLabels(labels: InsightsLabels, cards: readonly { type: string }[]): CardLabels {
  const types = new Set(cards.map((card) => card.type));
  return { values: Object.fromEntries(Object.entries(labels.values).filter(([value]) => types.has(value))) };
}

export interface InsightsTeaserData {
  labels: CardLabels;
  /** The newest insights, or none when they could not be loaded. */
  articles: ArticleCard[];
}

export interface RelatedArticlesData extends MoreState {
  labels: CardLabels;
}

export interface PageExtras {
  insights?: InsightsOverviewData;
  article?: InsightArticleData;
  teaser?: InsightsTeaserData;
  related?: RelatedArticlesData;
}

interface ExtrasContext {
  deps: { content: ContentSource; insights: InsightsSource };
  language: Language;
  /** The page's own blocks. */
  content: PageContent;
  params: Readonly<Record<string, string | undefined>>;
  url: URL;
}

export const SEARCH_PARAM = 'search';

/** The newest first, for the homepage's teaser. */
const NEWEST_FIRST: InsightsSort = { value: 'datetime', type: 'desc' };
const TEASER_DEFAULT_COUNT = 3;

/** The kinds of page data the insights load. */
export type InsightsDataKind = Extract<
  PageDataKind,
  'insights-overview' | 'insights-article' | 'insights-teaser' | 'related-articles'
>;

export async function loadPageExtras(
  kind: InsightsDataKind,
  { deps, language, params, url, content }: ExtrasContext,
): Promise<PageExtras> {
  const labels = await deps.content.file<InsightsLabels>(language, 'insights_labels.json');
  if (!labels) return {};
  if (kind === 'insights-teaser') {
    const count = content.teaser?.count ?? TEASER_DEFAULT_COUNT;
    const articles = await deps.insights.list(language, FIRST_PAGE, NEWEST_FIRST, EMPTY_FILTER).then(
      (page) => page.articles.slice(0, count),
      () => [],
    );
    return { teaser: { labels: cardLabels(labels, articles), articles } };
  }
  if (kind === 'related-articles') {
    const state = await loadMore(
      content.more,
      (folder) => deps.content.page(language, `${INSIGHTS_CONTENT_FOLDER}/${folder}`) as Promise<ArticleBlocks | null>,
      labels.card_actions,
    );
    return { related: { labels: cardLabels(labels, state.related), ...state } };
  }
  if (kind === 'insights-article') {
    const [recommendations, endings] = await Promise.all([
      deps.insights.recommend(language, params.slug ?? '', []).catch(() => []),
      deps.content.file<InsightEndings>(language, 'insight_endings.json'),
    ]);
    const info = content.general_information;
    const ending = endings ? endingFor(endings, info?.services ?? [], info?.type === 'case-study') : null;
    return { article: { labels, recommendations, ending } };
  }
  // A hand-edited URL with a broken filter or sort shows the unfiltered list.
  const filter = parseFilter(url.searchParams.get('filter')) ?? EMPTY_FILTER;
  const sort = parseSort(url.searchParams.get('sort')) ?? DEFAULT_SORT;
  const search = url.searchParams.get(SEARCH_PARAM)?.trim().slice(0, 200) || null;
  const [list, possibilities, searchOptions] = await Promise.all([
    search
      ? deps.insights
          .search(language, search)
          .then((articles) => ({ articles, sum: articles.length, page: FIRST_PAGE, more: false }))
      : deps.insights.list(language, FIRST_PAGE, sort, filter),
    deps.insights.possibilities(language, filter),
    deps.insights.searchOptions(language),
  ]);
  return { insights: { labels, sort, filter, search, list, possibilities, searchOptions } };
}
