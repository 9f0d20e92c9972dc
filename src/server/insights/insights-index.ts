/**
 * The insights of one language, read from content once at start (and at each reload):
 * cards for lists, facets for filters, dates for the sitemap and feeds, and a compact
 * full-text index over headline, text, authors and tags. Article bodies are not kept: pages
 * read them from the content store when asked.
 */
import type { BlockContent, BlockName } from '#app/content/schemas/block-schemas.ts';
import type { GeneralInformation, InsightParagraph } from '#app/content/schemas/insight.ts';
import type { StageContent } from '#app/content/schemas/stage.ts';
import type { Language } from '#app/i18n/language.ts';
import {
  type ArticleCard,
  articleImageUrl,
  articlePath,
  type CardActions,
  CONTENT_TYPES,
  cardAction,
  cardText,
  SECONDARY_GROUP_NAMES,
  SECONDARY_GROUPS,
  type SecondaryGroup,
} from '#app/insights/model.ts';
import type { ContentStore } from '../content/content-store.ts';
import { forEachInSlices } from '../content/time-slices.ts';
import { createSearchIndexBuilder } from './search-index.ts';
import type { SearchIndex } from './search-index-types.ts';

/**
 * An article as the index keeps it: a few short strings and numbers, about half a kilobyte,
 * so 10,000 a language fit the heap. Its card is made when an answer needs it (articleCard).
 */
export interface IndexedArticle {
  folderName: string;
  headline: string;
  /** The card's text: the start of the description (or first paragraph). */
  teaser: string;
  /** As the article states it. */
  datetime: string;
  timestamp: number;
  type: string;
  /** One bit per secondary value (SECONDARY_VALUES), for filtering, facets and recommendations. */
  secondary: number;
  /** Shared between articles with the same list. */
  tags: readonly string[];
  authors: readonly string[];
  /** When the article's files last changed, for the sitemap. */
  modifiedMs: number;
  /** The address its meta names as canonical, when it names one. */
  canonical?: string;
}

/** Every secondary value, in group order: a value's bit is its place here (29 values fit one 32-bit mask). */
export const SECONDARY_VALUES: readonly string[] = SECONDARY_GROUP_NAMES.flatMap((group) => SECONDARY_GROUPS[group]);
const SECONDARY_BIT = new Map(SECONDARY_VALUES.map((value, index) => [value, 2 ** index]));

/** A secondary value's bit; 0 for a value no group knows. */
export const secondaryBit = (value: string): number => SECONDARY_BIT.get(value) ?? 0;

/** The mask of these secondary values; unknown values have no bit. */
export function secondaryMask(values: Iterable<string>): number {
  let mask = 0;
  for (const value of values) mask |= secondaryBit(value);
  return mask >>> 0;
}

/** An article's values of one secondary group, in the group's order. */
export const secondaryValues = (article: IndexedArticle, group: SecondaryGroup): string[] =>
  (SECONDARY_GROUPS[group] as readonly string[]).filter((value) => (article.secondary & secondaryBit(value)) !== 0);

/** The card lists and search answer with, made from the article when asked. */
export function articleCard(article: IndexedArticle, actions: CardActions): ArticleCard {
  const { folderName, headline, teaser, type, datetime, authors } = article;
  return {
    folderName,
    headline,
    text: teaser,
    linkText: cardAction(actions, type),
    type,
    imageUrl: articleImageUrl(folderName),
    path: articlePath(folderName),
    datetime,
    authors: [...authors],
  };
}

/** A string of its own: a slice of a longer one would keep the whole text alive in the heap. */
const ownCopy = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/** Keeps one copy of each distinct list (most articles share their authors, many their tags). */
function createListInterner() {
  const lists = new Map<string, readonly string[]>();
  return (values: readonly string[]): readonly string[] => {
    const key = values.join('\u0000');
    const known = lists.get(key);
    if (known) return known;
    const frozen = Object.freeze(values.map(ownCopy));
    lists.set(key, frozen);
    return frozen;
  };
}

/** The content types as constants, so 10,000 articles share six strings. */
const knownType = (type: string) => CONTENT_TYPES.find((known) => known === type) ?? ownCopy(type);

export interface LanguageIndex {
  language: Language;
  /** The cards' link words in this language, by content type. */
  cardActions: CardActions;
  articles: IndexedArticle[];
  byFolder: Map<string, IndexedArticle>;
  /** The articles in each sort order asked for so far (see sortedArticles): filled once per order, never changed after. */
  orders: Map<string, readonly IndexedArticle[]>;
  search: SearchIndex;
}

/** Search options shared by indexing and querying: prefix and fuzzy matching, headline matches first. */
export const SEARCH_OPTIONS = {
  boost: { headline: 3, tags: 2, authors: 1.5, text: 1 },
  prefix: true,
  fuzzy: 0.2,
  combineWith: 'AND',
} as const;

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === 'string') : [];
}

/**
 * What the index keeps of an article besides its card: enough for listings, the sitemap and
 * feeds, nothing of its body. The files are typed by their schemas, which content:check holds
 * them to; the server does not validate them, so a list that may be missing is read with asList.
 */
function readArticle(
  store: ContentStore,
  folder: string,
):
  | {
      info: GeneralInformation;
      stage: StageContent;
      paragraphs: readonly InsightParagraph[];
      authors: string[];
      canonical: string | undefined;
    }
  | undefined {
  // A pass over every article: read past the cache, which keeps what visitors read.
  const read = <K extends BlockName>(block: K) =>
    store.readValueNow(`${folder}/${block}.json`) as BlockContent<K> | undefined;
  const info = read('general_information');
  const stage = read('stage');
  if (!info || !stage?.headline) return undefined;
  const content = read('content');
  const paragraphs =
    content?.paragraphs === undefined
      ? []
      : Array.isArray(content.paragraphs)
        ? content.paragraphs
        : [content.paragraphs];
  return {
    info,
    stage,
    paragraphs,
    authors: (read('author')?.authors ?? []).map((entry) => entry.name),
    canonical: read('meta')?.canonical,
  };
}

/**
 * Reads every article of the language once, one at a time, keeping its card, its facets and
 * its terms in the search index; its text is dropped as soon as it is indexed. The reads are
 * synchronous, in slices of a few milliseconds with the event loop free between them.
 */
export async function buildLanguageIndex(
  store: ContentStore,
  language: Language,
  cardActions: CardActions,
): Promise<LanguageIndex> {
  const articles: IndexedArticle[] = [];
  // Each article's text goes into the index as it is read and is not kept.
  const searchBuilder = createSearchIndexBuilder({
    fields: ['headline', 'text', 'authors', 'tags'],
    ...SEARCH_OPTIONS,
  });
  const intern = createListInterner();
  await forEachInSlices(store.articleFolders(language), (folder) => {
    const folderName = folder.slice(folder.lastIndexOf('/') + 1);
    const article = readArticle(store, folder);
    if (!article) return;
    const { info, stage, paragraphs, authors, canonical } = article;
    const bodyText = paragraphs.map((p) => [p.headline, p.text].filter(Boolean).join(' ')).join(' ');
    const timestamp = Date.parse(info.datetime);
    articles.push({
      folderName,
      headline: stage.headline,
      teaser: ownCopy(cardText(stage.description ?? paragraphs[0]?.text ?? '')),
      datetime: info.datetime,
      timestamp: Number.isNaN(timestamp) ? 0 : timestamp,
      type: knownType(info.type),
      secondary: secondaryMask([
        ...asList(info.audience),
        ...asList(info.services),
        ...asList(info.technology),
        ...asList(info.topics),
      ]),
      tags: intern(asList(info.tags)),
      authors: intern(authors),
      modifiedMs: store.articleModifiedMs(folder),
      ...(canonical ? { canonical } : {}),
    });
    searchBuilder.add({
      id: folderName,
      headline: stage.headline,
      text: [stage.description ?? '', bodyText].join(' '),
      authors: authors.join(' '),
      tags: asList(info.tags).join(' '),
    });
  });
  const search = searchBuilder.finish();
  return {
    language,
    cardActions,
    articles,
    byFolder: new Map(articles.map((article) => [article.folderName, article])),
    orders: new Map(),
    search,
  };
}
