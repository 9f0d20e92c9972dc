/**
 * The 'more' block of a services sub-detail and its related-article cards. The rules:
 * setting or resetting 'more' clears the related articles; related articles are unique
 * by folderName; when loading fails, 'more' becomes null and the section is hidden.
 */
import type { MoreContent } from '../content/schemas/more.ts';
import { type ArticleCard, articleImageUrl, articlePath, type CardActions, cardAction, cardText } from './model.ts';

/** The related-article card of the spec: an article card without date and authors. */
export type RelatedArticle = Pick<
  ArticleCard,
  'folderName' | 'headline' | 'text' | 'linkText' | 'type' | 'imageUrl' | 'path'
>;

export interface MoreState {
  more: MoreContent | null;
  related: RelatedArticle[];
}

export const EMPTY_MORE: MoreState = { more: null, related: [] };

export function setMore(more: MoreContent | null): MoreState {
  return { more, related: [] };
}

export function resetMore(): MoreState {
  return setMore(null);
}

export function uniqueByFolder(articles: readonly RelatedArticle[]): RelatedArticle[] {
  const seen = new Set<string>();
  return articles.filter((article) => !seen.has(article.folderName) && Boolean(seen.add(article.folderName)));
}

export function addRelated(state: MoreState, articles: readonly RelatedArticle[]): MoreState {
  return { ...state, related: uniqueByFolder([...state.related, ...articles]) };
}

/** The blocks of an insight folder a card is made from. */
export interface ArticleBlocks {
  stage?: { headline?: string };
  content?: { paragraphs?: { text?: string } | { text?: string }[] };
  general_information?: { type?: string };
}

export function relatedArticle(folderName: string, blocks: ArticleBlocks, actions: CardActions): RelatedArticle | null {
  const headline = blocks.stage?.headline;
  const paragraphs = blocks.content?.paragraphs;
  const first = Array.isArray(paragraphs) ? paragraphs[0] : paragraphs;
  if (!headline || !first?.text) return null;
  return {
    folderName,
    headline,
    text: cardText(first.text),
    linkText: cardAction(actions, blocks.general_information?.type ?? 'article'),
    type: blocks.general_information?.type ?? 'article',
    imageUrl: articleImageUrl(folderName),
    path: articlePath(folderName),
  };
}

/**
 * Sets 'more' and loads its articles. A folder that has no article is skipped;
 * a failed load hides the whole section.
 */
export async function loadMore(
  more: MoreContent | null | undefined,
  fetchArticle: (folderName: string) => Promise<ArticleBlocks | null>,
  actions: CardActions,
): Promise<MoreState> {
  if (!more) return resetMore();
  let state = setMore(more);
  try {
    const folders = [...new Set(more.articles)];
    const blocks = await Promise.all(folders.map(fetchArticle));
    const cards = blocks
      .flatMap((article, index) => (article ? [relatedArticle(folders[index] ?? '', article, actions)] : []))
      .filter((card) => card !== null);
    state = addRelated(state, cards);
  } catch {
    return { ...EMPTY_MORE };
  }
  return state.related.length > 0 ? state : { ...EMPTY_MORE };
}
