/** Insights as both sides see them: the taxonomy, the shapes the API answers with, and its constants. */
import type { Language } from '../i18n/language.ts';

export const CONTENT_TYPES = ['article', 'case-study', 'event', 'fact-sheet', 'video', 'whitepaper'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

/** A card's link words per content type: each names what the card leads to ("Read case study", "Download PDF"). */
export type CardActions = Readonly<Record<ContentType, string>>;

/** The link words of a card of this type; a type the model does not know reads as an article. */
export const cardAction = (actions: CardActions, type: string): string =>
  actions[CONTENT_TYPES.find((known) => known === type) ?? 'article'];

/** Secondary filter groups and their values; a value belongs to exactly one group. */
export const SECONDARY_GROUPS = {
  audience: ['marketing-leads', 'data-teams', 'executives', 'developers', 'agencies'],
  services: ['analytics', 'ad-technology', 'data-platforms', 'marketing-automation', 'cloud-engineering'],
  technology: [
    'google-analytics-4',
    'server-side-gtm',
    'bigquery',
    'display-video-360',
    'campaign-manager-360',
    'search-ads-360',
    'looker-studio',
    'meridian',
    'lunio',
    'google-cloud',
    'consent-mode',
  ],
  topics: [
    'privacy',
    'measurement',
    'first-party-data',
    'ai',
    'media-efficiency',
    'attribution',
    'connected-tv',
    'automation',
  ],
} as const;
export type SecondaryGroup = keyof typeof SECONDARY_GROUPS;
export const SECONDARY_GROUP_NAMES = Object.keys(SECONDARY_GROUPS) as SecondaryGroup[];

export const PAGE_SIZE = 9;
export const FIRST_PAGE = 1;
export const RECOMMENDATION_LIMIT = 3;
/** Related and listed cards show at most this much of the article's text, then an ellipsis. */
export const CARD_TEXT_LENGTH = 100;

export type SortValue = 'datetime' | 'title';
export type SortType = 'asc' | 'desc';
export interface InsightsSort {
  value: SortValue;
  type: SortType;
}
/**
 * Newest first: what a reader of a company's insights expects, and a deliberate departure from
 * the specification's ascending default (docs/decisions/0001-insights-open-newest-first.md).
 * Both orders stay available, and the sort keeps its shape (`datetime:desc` in the URL).
 */
export const DEFAULT_SORT: InsightsSort = { value: 'datetime', type: 'desc' };

export interface InsightsFilter {
  primary: string[];
  secondary: string[];
}
export const EMPTY_FILTER: InsightsFilter = { primary: [], secondary: [] };

/** An article as a card: the related-article shape of the spec plus what lists show. */
export interface ArticleCard {
  folderName: string;
  headline: string;
  text: string;
  linkText: string;
  type: string;
  imageUrl: string;
  path: string;
  datetime: string;
  authors: readonly string[];
}

export interface ArticlesPage {
  articles: ArticleCard[];
  sum: number;
  page: number;
  more: boolean;
}

export interface FacetCount {
  value: string;
  count: number;
}
export interface FilterPossibilities {
  primary: FacetCount[];
  secondary: Record<SecondaryGroup, FacetCount[]>;
}

export interface SearchOption {
  type: 'title' | 'term';
  value: string;
  folderName?: string;
}

/**
 * The first CARD_TEXT_LENGTH characters and an ellipsis, as the specification has it, but cut
 * where a word ends: never "payin…". A cut after a comma or a dash drops it. One word longer
 * than the whole length is cut where the length ends.
 */
export function cardText(text: string): string {
  const head = text.slice(0, CARD_TEXT_LENGTH + 1);
  const cut =
    text.length <= CARD_TEXT_LENGTH || /\s/.test(head.charAt(CARD_TEXT_LENGTH))
      ? head.slice(0, CARD_TEXT_LENGTH)
      : head.slice(0, Math.max(head.slice(0, CARD_TEXT_LENGTH).search(/\s\S*$/), 0)) || head.slice(0, CARD_TEXT_LENGTH);
  return `${cut.replace(/[\s,;:–-]+$/u, '')}…`;
}

/** Where each insight's content folder is, below content/{language}/. */
export const INSIGHTS_CONTENT_FOLDER = 'homepage/insights';

export const articlePath = (folderName: string) => `/insights/${folderName}`;
export const articleImageUrl = (folderName: string) => `/images/insights/${folderName}/image.jpg`;

/** The group a secondary value belongs to, or undefined for values no group knows. */
export function groupOf(value: string): SecondaryGroup | undefined {
  return SECONDARY_GROUP_NAMES.find((group) => (SECONDARY_GROUPS[group] as readonly string[]).includes(value));
}

/** Sort and filter as they travel in URLs: sort=datetime:desc, filter={"primary":[...],"secondary":[...]} */
export function formatSort(sort: InsightsSort): string {
  return `${sort.value}:${sort.type}`;
}

export function parseSort(raw: string | null | undefined): InsightsSort | null {
  if (!raw) return DEFAULT_SORT;
  const [value, type] = raw.split(':');
  if ((value === 'datetime' || value === 'title') && (type === 'asc' || type === 'desc')) return { value, type };
  return null;
}

export function parseFilter(raw: string | null | undefined): InsightsFilter | null {
  if (!raw) return EMPTY_FILTER;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  const isList = (value: unknown): value is string[] =>
    Array.isArray(value) &&
    value.length <= 50 &&
    value.every((entry) => typeof entry === 'string' && entry.length <= 60);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
  const { primary = [], secondary = [] } = parsed as { primary?: unknown; secondary?: unknown };
  if (!isList(primary) || !isList(secondary)) return null;
  return { primary, secondary };
}

export function formatFilter(filter: InsightsFilter): string | undefined {
  return filter.primary.length || filter.secondary.length ? JSON.stringify(filter) : undefined;
}

/** What the insights pages need from their data source: the server answers in-process, the browser over /api. */
export interface InsightsSource {
  list(language: Language, page: number, sort: InsightsSort, filter: InsightsFilter): Promise<ArticlesPage>;
  possibilities(language: Language, filter: InsightsFilter): Promise<FilterPossibilities | null>;
  searchOptions(language: Language): Promise<SearchOption[] | null>;
  search(language: Language, term: string): Promise<ArticleCard[]>;
  recommend(language: Language, currentArticle: string, recoStorage: string[]): Promise<ArticleCard[]>;
}
