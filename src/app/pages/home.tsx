/** The homepage: hero stage with the arrow to the services, then its teasers, and the company as structured data. */
import { useLoaderData, useRouteLoaderData } from 'react-router';
import { HOME_BLOCK_COMPONENTS } from '../blocks/home-blocks.tsx';
import { PageBlocks } from '../blocks/page-blocks.tsx';
import { useEnvironment } from '../environment.tsx';
import type { PageData, RootData } from '../route-data.ts';
import { JsonLd, organization } from '../seo/json-ld.tsx';

export function Component() {
  const page = useLoaderData() as PageData;
  const root = useRouteLoaderData('root') as RootData;
  const { siteUrl } = useEnvironment();
  const address = root.footer?.address;
  return (
    <main id="main" className="page page--home" tabIndex={-1}>
      <JsonLd
        data={{
          ...organization(siteUrl),
          ...(address
            ? {
                email: address.email,
                address: {
                  '@type': 'PostalAddress',
                  streetAddress: address.street,
                  addressLocality: address.city.replace(/^\d+\s*/, ''),
                  postalCode: address.city.match(/^\d+/)?.[0],
                  addressCountry: 'DE',
                },
              }
            : {}),
        }}
      />
      <PageBlocks page={page} registry={HOME_BLOCK_COMPONENTS} hero />
    </main>
  );
}
