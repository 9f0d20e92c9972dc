/** The homepage: hero stage with the arrow to the services, then its teasers. */
import { useLoaderData } from 'react-router';
import { HOME_BLOCK_COMPONENTS } from '../blocks/home-blocks.tsx';
import { PageBlocks } from '../blocks/page-blocks.tsx';
import type { PageData } from '../routes.tsx';

export function Component() {
  const page = useLoaderData() as PageData;
  return (
    <main id="main" className="page page--home" tabIndex={-1}>
      <PageBlocks page={page} registry={HOME_BLOCK_COMPONENTS} hero />
    </main>
  );
}
