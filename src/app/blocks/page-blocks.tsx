/** Renders a page's blocks in the order its route names, each by the component its registry has for it. */
import { Fragment, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { BlockName } from '../content/schemas/block-schemas.ts';
import type { BlockContext, PageData, RootData } from '../route-data.ts';
import type { BlockRegistry } from './block-renderer.ts';

/** One block by its registry's renderer, or nothing when the folder has no such file or the registry no renderer. */
function renderBlock<K extends BlockName>(registry: BlockRegistry, name: K, context: BlockContext): ReactNode {
  const content = context.page.content[name];
  const render = registry[name];
  if (content === undefined || content === null || !render) return null;
  return render(content, context);
}

export function PageBlocks({
  page,
  registry,
  hero = false,
}: {
  page: PageData;
  registry: BlockRegistry;
  hero?: boolean;
}) {
  const root = useRouteLoaderData('root') as RootData;
  return (
    <>
      {page.blocks.map((name) => (
        <Fragment key={name}>{renderBlock(registry, name, { root, page, hero })}</Fragment>
      ))}
    </>
  );
}
