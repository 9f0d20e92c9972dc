/** A page made of content blocks only. */
import { useLoaderData } from 'react-router';
import { ALL_BLOCK_COMPONENTS } from '../blocks/all-blocks.tsx';
import { PageBlocks } from '../blocks/page-blocks.tsx';
import type { PageData } from '../route-data.ts';

export function Component() {
  const page = useLoaderData() as PageData;
  return (
    <main id="main" className="page" tabIndex={-1}>
      <PageBlocks page={page} registry={ALL_BLOCK_COMPONENTS} />
    </main>
  );
}
