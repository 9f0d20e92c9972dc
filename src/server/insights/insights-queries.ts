/** Listing, faceting, searching and recommending over one language's insights index. */
import {
  type ArticleCard,
  type ArticlesPage,
  CONTENT_TYPES,
  type FacetCount,
  type FilterPossibilities,
  groupOf,
  type InsightsFilter,
  type InsightsSort,
  PAGE_SIZE,
  RECOMMENDATION_LIMIT,
  SECONDARY_GROUP_NAMES,
  SECONDARY_GROUPS,
  type SearchOption,
  type SecondaryGroup,
} from '#app/insights/model.ts';
import {
  articleCard,
  type IndexedArticle,
  type LanguageIndex,
  SEARCH_OPTIONS,
  secondaryBit,
  secondaryMask,
} from './insights-index.ts';

interface ResolvedFilter {
  primary: Set<string>;
  /** Per group, the mask of its chosen values: an article matches a group when it has any of them. */
  secondary: Map<SecondaryGroup, number>;
  /** Values no group knows: they match nothing. */
  unknown: boolean;
}

function resolve(filter: InsightsFilter): ResolvedFilter {
  const secondary = new Map<SecondaryGroup, number>();
  let unknown = filter.primary.some((value) => !(CONTENT_TYPES as readonly string[]).includes(value));
  for (const value of filter.secondary) {
    const group = groupOf(value);
    if (!group) {
      unknown = true;
      continue;
    }
    secondary.set(group, ((secondary.get(group) ?? 0) | secondaryBit(value)) >>> 0);
  }
  return { primary: new Set(filter.primary), secondary, unknown };
}

/** Within a group any value may match, across groups all must; skip leaves one part out (for facet counts). */
function matches(article: IndexedArticle, filter: ResolvedFilter, skip?: 'primary' | SecondaryGroup): boolean {
  if (filter.unknown) return false;
  if (skip !== 'primary' && filter.primary.size > 0 && !filter.primary.has(article.type)) return false;
  for (const [group, mask] of filter.secondary) {
    if (group === skip) continue;
    if ((article.secondary & mask) === 0) return false;
  }
  return true;
}

function compare(sort: InsightsSort): (a: IndexedArticle, b: IndexedArticle) => number {
  const direction = sort.type === 'asc' ? 1 : -1;
  if (sort.value === 'title') {
    const collator = new Intl.Collator('de', { sensitivity: 'base' });
    return (a, b) => direction * collator.compare(a.headline, b.headline) || a.folderName.localeCompare(b.folderName);
  }
  return (a, b) => direction * (a.timestamp - b.timestamp) || a.folderName.localeCompare(b.folderName);
}

/**
 * The index's articles in a sort order, sorted once per index and order: thousands of articles
 * are filtered in order on each request, never sorted again.
 */
export function sortedArticles(index: LanguageIndex, sort: InsightsSort): readonly IndexedArticle[] {
  const key = `${sort.value}:${sort.type}`;
  const known = index.orders.get(key);
  if (known) return known;
  const sorted = [...index.articles].sort(compare(sort));
  index.orders.set(key, sorted);
  return sorted;
}

export function listArticles(
  index: LanguageIndex,
  page: number,
  sort: InsightsSort,
  filter: InsightsFilter,
): ArticlesPage {
  const resolved = resolve(filter);
  const matching = sortedArticles(index, sort).filter((article) => matches(article, resolved));
  const start = (page - 1) * PAGE_SIZE;
  return {
    articles: matching.slice(start, start + PAGE_SIZE).map((article) => articleCard(article, index.cardActions)),
    sum: matching.length,
    page,
    more: start + PAGE_SIZE < matching.length,
  };
}

/** How many articles carry each value, in the order of values; a value none carries is left out. */
function count(
  articles: readonly IndexedArticle[],
  values: readonly string[],
  has: (article: IndexedArticle, value: string) => boolean,
): FacetCount[] {
  return values.flatMap((value) => {
    let found = 0;
    for (const article of articles) if (has(article, value)) found += 1;
    return found > 0 ? [{ value, count: found }] : [];
  });
}

const hasSecondary = (article: IndexedArticle, value: string) => (article.secondary & secondaryBit(value)) !== 0;

/** For each part of the filter, the values still possible and how many articles each would show. */
export function filterPossibilities(index: LanguageIndex, filter: InsightsFilter): FilterPossibilities {
  const resolved = resolve(filter);
  const within = (skip: 'primary' | SecondaryGroup) =>
    index.articles.filter((article) => matches(article, resolved, skip));
  const secondary = {} as Record<SecondaryGroup, FacetCount[]>;
  for (const group of SECONDARY_GROUP_NAMES)
    secondary[group] = count(within(group), SECONDARY_GROUPS[group], hasSecondary);
  return { primary: count(within('primary'), CONTENT_TYPES, (article, value) => article.type === value), secondary };
}

/**
 * Titles the search box suggests: the newest this many. The suggestions travel with every
 * insights page; with thousands of articles, every title would make the page megabytes.
 */
export const SUGGESTED_TITLES = 200;

/** Suggestions for the search box: the newest titles and every tag, once. */
export function searchOptions(index: LanguageIndex): SearchOption[] {
  const newest = sortedArticles(index, { value: 'datetime', type: 'desc' }).slice(0, SUGGESTED_TITLES);
  const titles: SearchOption[] = newest.map((article) => ({
    type: 'title',
    value: article.headline,
    folderName: article.folderName,
  }));
  const tags = [...new Set(index.articles.flatMap((article) => article.tags))].sort((a, b) =>
    a.localeCompare(b, index.language),
  );
  return [...titles, ...tags.map((value): SearchOption => ({ type: 'term', value }))];
}

/** At most this many distinct words of at most this many characters: no query costs more than a few normal ones. */
export const SEARCH_LIMITS = { words: 6, wordLength: 40 } as const;

/** The words of a search, once each (ignoring case), capped in count and length. */
export function searchWords(term: string): string[] {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of term.split(/\s+/)) {
    const capped = word.slice(0, SEARCH_LIMITS.wordLength);
    const key = capped.toLocaleLowerCase('de');
    if (capped === '' || seen.has(key)) continue;
    seen.add(key);
    words.push(capped);
    if (words.length === SEARCH_LIMITS.words) break;
  }
  return words;
}

/**
 * The most results a search answers, best first: with 10,000 articles a language, a common
 * word matches thousands, and a list of thousands of cards is no answer (and a heavy one).
 */
export const SEARCH_RESULT_LIMIT = 50;

export function searchArticles(index: LanguageIndex, term: string): ArticleCard[] {
  const trimmed = searchWords(term).join(' ');
  if (trimmed === '') return [];
  let results = index.search.search(trimmed, SEARCH_OPTIONS.combineWith, SEARCH_RESULT_LIMIT);
  // A term with several words that finds nothing together may still find articles with some of them.
  if (results.length === 0) results = index.search.search(trimmed, 'OR', SEARCH_RESULT_LIMIT);
  return results.flatMap((result) => {
    const article = index.byFolder.get(result.id);
    return article ? [articleCard(article, index.cardActions)] : [];
  });
}

/** Related by shared services, technology and topics; newer first on a tie; never the current or an already read one. */
export function recommendArticles(
  index: LanguageIndex,
  currentArticle: string,
  read: readonly string[],
): ArticleCard[] {
  const current = index.byFolder.get(currentArticle);
  const excluded = new Set([currentArticle, ...read]);
  const related = (current?.secondary ?? 0) & RELATED_MASK;
  return index.articles
    .filter((article) => !excluded.has(article.folderName))
    .map((article) => ({ article, score: bitCount(article.secondary & related) }))
    .sort((a, b) => b.score - a.score || b.article.timestamp - a.article.timestamp)
    .slice(0, RECOMMENDATION_LIMIT)
    .map(({ article }) => articleCard(article, index.cardActions));
}

/** The values that make articles related: shared services, technology and topics (not the audience). */
const RELATED_MASK = secondaryMask([
  ...SECONDARY_GROUPS.services,
  ...SECONDARY_GROUPS.technology,
  ...SECONDARY_GROUPS.topics,
]);

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask >>> 0; rest !== 0; rest &= rest - 1) count += 1;
  return count;
}
