/** Renders a page's blocks in the order its route names, each by the component its registry has for it. */
import { Fragment } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { PageData, RootData } from '../routes.tsx';
import type { BlockRegistry } from './block-renderer.ts';

export function PageBlocks({ page, registry, hero = false }: { page: PageData; registry: BlockRegistry; hero?: boolean }) {
  const root = useRouteLoaderData('root') as RootData;
  return (
    <>
      {page.blocks.map((name) => {
        const content = page.content[name];
        const render = registry[name];
        if (content === undefined || content === null || !render) return null;
        return <Fragment key={name}>{render(content, { root, page, hero })}</Fragment>;
      })}
    </>
  );
}
