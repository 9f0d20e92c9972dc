/**
 * The insights of one language, read from content once: cards for lists, facets for
 * filters, and a compact full-text index over headline, text, authors and tags.
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
}

export interface LanguageIndex {
  language: Language;
  articles: IndexedArticle[];
  byFolder: Map<string, IndexedArticle>;
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

const FOLDER_PATTERN = /^(?:de|en)\/homepage\/insights\/([a-z0-9-]+)\/general_information\.json$/;

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

export function buildLanguageIndex(store: ContentStore, language: Language, readMore: string): LanguageIndex {
  const articles: IndexedArticle[] = [];
  // Each article's text goes into the index as it is read and is not kept.
  const searchBuilder = createSearchIndexBuilder({ fields: ['headline', 'text', 'authors', 'tags'], ...SEARCH_OPTIONS });
  for (const path of store.paths(`${language}/${INSIGHTS_CONTENT_FOLDER}/`)) {
    const folderName = FOLDER_PATTERN.exec(path)?.[1];
    if (!folderName) continue;
    const base = `${language}/${INSIGHTS_CONTENT_FOLDER}/${folderName}`;
    const info = store.get(path)?.value as GeneralInformation;
    const stage = store.get(`${base}/stage.json`)?.value as { headline?: string; description?: string } | undefined;
    const content = store.get(`${base}/content.json`)?.value as { paragraphs?: Paragraph[] | Paragraph } | undefined;
    const author = store.get(`${base}/author.json`)?.value as { authors?: { name: string }[] } | undefined;
    if (!stage?.headline) continue;
    const paragraphs = content?.paragraphs === undefined ? [] : Array.isArray(content.paragraphs) ? content.paragraphs : [content.paragraphs];
    const bodyText = paragraphs.map((p) => [p.headline, p.text].filter(Boolean).join(' ')).join(' ');
    const authors = (author?.authors ?? []).map((entry) => entry.name);
    const groups: Record<SecondaryGroup, string[]> = { audience: [], services: [], technology: [], topics: [] };
    for (const value of [...asList(info.audience), ...asList(info.services), ...asList(info.technology), ...asList(info.topics)]) {
      const group = groupOf(value);
      if (group) groups[group].push(value);
    }
    const timestamp = Date.parse(info.datetime);
    articles.push({
      card: {
        folderName,
        headline: stage.headline,
        text: cardText(stage.description ?? paragraphs[0]?.text ?? ''),
        linkText: readMore,
        type: info.type,
        imageUrl: articleImageUrl(folderName),
        path: articlePath(folderName),
        datetime: info.datetime,
        authors,
      },
      title: stage.headline,
      timestamp: Number.isNaN(timestamp) ? 0 : timestamp,
      type: info.type,
      groups,
      tags: asList(info.tags),
    });
    searchBuilder.add({
      id: folderName,
      headline: stage.headline,
      text: [stage.description ?? '', bodyText].join(' '),
      authors: authors.join(' '),
      tags: asList(info.tags).join(' '),
    });
  }
  const search = searchBuilder.finish();
  return { language, articles, byFolder: new Map(articles.map((article) => [article.card.folderName, article])), search };
}
