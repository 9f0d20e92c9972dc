/** How a page's block files become components: one renderer per block file name. */
import type { ReactNode } from 'react';
import type { PageData, RootData } from '../routes.tsx';

export interface BlockContext {
  root: RootData;
  page: PageData;
  hero: boolean;
}

// Content is checked against the block's schema by content:check before it ships, so the casts in the registries hold.
export type BlockRenderer = (content: unknown, context: BlockContext) => ReactNode;

export type BlockRegistry = Readonly<Record<string, BlockRenderer>>;
