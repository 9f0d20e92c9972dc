/**
 * What every page's first load needs, built as one chunk (see firstLoadGroups in build.mjs):
 * the hydration, and the parts most page modules share (the stage, the section every block
 * stands in, the blocks the homepage and the content pages have in common, the article card and
 * its picture), which would otherwise come as small chunks of their own on every page. Those are
 * imported for their place in the chunk only: the page modules use them, the entry does not.
 */
export { hydrate } from './hydrate.tsx';

import '#app/blocks/block-section.tsx';
import '#app/blocks/home-blocks.tsx';
import '#app/blocks/stage.tsx';
import '#app/insights/article-card.tsx';
import '#app/images/picture.tsx';
