/** How a page's block files become components: one renderer per block name, typed by the block's schema. */
import type { ReactNode } from 'react';
import type { BlockContent, BlockName } from '../content/schemas/block-schemas.ts';
import type { BlockContext } from '../route-data.ts';

/**
 * Renders one block from its file's content. The server never validates content at run time:
 * content:check holds every file to its schema before it ships, which is what the type says.
 */
export type BlockRenderer<K extends BlockName> = (content: BlockContent<K>, context: BlockContext) => ReactNode;

/** Block name → renderer; a page module's registry has the blocks its pages show. */
export type BlockRegistry = { readonly [K in BlockName]?: BlockRenderer<K> };

/** A registry that renders each of these blocks: one left out fails the type check. */
export type BlockRenderers<Names extends BlockName> = { readonly [K in Names]: BlockRenderer<K> };
