/**
 * What every page's first load needs, built as one chunk (see firstLoadGroups in build.mjs):
 * the hydration, and the parts most page modules share (the stage, the article card and its
 * picture), which would otherwise come as small chunks of their own on every page.
 */
export { hydrate } from './hydrate.tsx';
export { Stage } from '#app/blocks/stage.tsx';
export { ArticleCard } from '#app/insights/article-card.tsx';
export { Picture } from '#app/images/picture.tsx';
