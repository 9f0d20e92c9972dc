/**
 * The insights of one language, read from content once at start (and at each reload):
 * cards for lists, facets for filters, dates for the sitemap and feeds, and a compact
 * full-text index over headline, text, authors and tags. Article bodies are not kept: pages
 * read them from the content store when asked.
 */
import type { Language } from '#app/i18n/language.ts';
import {
  articleImageUrl,
  articlePath,
  cardText,
  INSIGHTS_CONTENT_FOLDER,
  groupOf,
  type ArticleCard,
  type SecondaryGroup,
} from '#app/insights/model.ts';
import type { ContentStore } from '../content/content-store.ts';
import { createSearchIndexBuilder, type SearchIndex } from './search-index.ts';

export interface IndexedArticle {
  card: ArticleCard;
  /** For sorting by title. */
  title: string;
  timestamp: number;
  type: string;
  /** Secondary values by group, for filtering and recommendations. */
  groups: Record<SecondaryGroup, string[]>;
  tags: string[];
  /** When the article's files last changed, for the sitemap. */
  modifiedMs: number;
  /** The address its meta names as canonical, when it names one. */
  canonical?: string;
}

export interface LanguageIndex {
  language: Language;
  articles: IndexedArticle[];
  byFolder: Map<string, IndexedArticle>;
  /** The articles in each sort order asked for so far (see sortedArticles): filled once per order, never changed after. */
  orders: Map<string, readonly IndexedArticle[]>;
  search: SearchIndex;
}

interface GeneralInformation {
  type: string;
  datetime: string;
  audience?: string[];
  services?: string[];
  technology?: string[];
  topics?: string[];
  tags?: string[];
}

interface Paragraph {
  headline?: string;
  text?: string;
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

/** What the index keeps of an article besides its card: enough for listings, the sitemap and feeds, nothing of its body. */
async function readArticle(store: ContentStore, folder: string): Promise<{ info: GeneralInformation; stage: { headline?: string; description?: string }; paragraphs: Paragraph[]; authors: string[]; canonical: string | undefined } | undefined> {
  // A pass over every article: read past the cache, which keeps what visitors read.
  const read = async <T>(block: string) => (await store.read(`${folder}/${block}.json`, { cache: false }))?.value as T | undefined;
  const [info, stage, content, author, meta] = await Promise.all([
    read<GeneralInformation>('general_information'),
    read<{ headline?: string; description?: string }>('stage'),
    read<{ paragraphs?: Paragraph[] | Paragraph }>('content'),
    read<{ authors?: { name: string }[] }>('author'),
    read<{ canonical?: string }>('meta'),
  ]);
  if (!info || !stage?.headline) return undefined;
  const paragraphs = content?.paragraphs === undefined ? [] : Array.isArray(content.paragraphs) ? content.paragraphs : [content.paragraphs];
  return { info, stage, paragraphs, authors: (author?.authors ?? []).map((entry) => entry.name), canonical: meta?.canonical };
}

/**
 * Reads every article of the language once, one at a time, keeping its card, its facets and
 * its terms in the search index; its text is dropped as soon as it is indexed.
 */
export async function buildLanguageIndex(store: ContentStore, language: Language, readMore: string): Promise<LanguageIndex> {
  const articles: IndexedArticle[] = [];
  // Each article's text goes into the index as it is read and is not kept.
  const searchBuilder = createSearchIndexBuilder({ fields: ['headline', 'text', 'authors', 'tags'], ...SEARCH_OPTIONS });
  for (const folder of store.articleFolders(language)) {
    const folderName = folder.slice(folder.lastIndexOf('/') + 1);
    const article = await readArticle(store, folder);
    if (!article) continue;
    const { info, stage, paragraphs, authors, canonical } = article;
    const bodyText = paragraphs.map((p) => [p.headline, p.text].filter(Boolean).join(' ')).join(' ');
    const groups: Record<SecondaryGroup, string[]> = { audience: [], services: [], technology: [], topics: [] };
    for (const value of [...asList(info.audience), ...asList(info.services), ...asList(info.technology), ...asList(info.topics)]) {
      const group = groupOf(value);
      if (group) groups[group].push(value);
    }
    const timestamp = Date.parse(info.datetime);
    articles.push({
      card: {
        folderName,
        headline: stage.headline!,
        text: cardText(stage.description ?? paragraphs[0]?.text ?? ''),
        linkText: readMore,
        type: info.type,
        imageUrl: articleImageUrl(folderName),
        path: articlePath(folderName),
        datetime: info.datetime,
        authors,
      },
      title: stage.headline!,
      timestamp: Number.isNaN(timestamp) ? 0 : timestamp,
      type: info.type,
      groups,
      tags: asList(info.tags),
      modifiedMs: store.articleModifiedMs(folder),
      ...(canonical ? { canonical } : {}),
    });
    searchBuilder.add({
      id: folderName,
      headline: stage.headline!,
      text: [stage.description ?? '', bodyText].join(' '),
      authors: authors.join(' '),
      tags: asList(info.tags).join(' '),
    });
  }
  const search = searchBuilder.finish();
  return { language, articles, byFolder: new Map(articles.map((article) => [article.card.folderName, article])), orders: new Map(), search };
}
