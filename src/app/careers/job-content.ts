/** A job page's blocks, made from its position: the stage, the position's sections and the head. */
import type { MetaContent } from '../content/schemas/meta.ts';
import type { PageContent } from '../content/types.ts';
import type { JobPageData } from './page-data.ts';

export function jobContent(shared: PageContent, { position, related }: JobPageData, path: string): PageContent {
  const { generic } = position;
  const meta: MetaContent = {
    title: `${generic.title} | Nordstern Digital`,
    description: generic.teaser,
    og_title: `${generic.title} – Nordstern Digital`,
    og_description: generic.teaser,
    og_image: '/images/og/nordstern.jpg',
    og_type: 'website',
    canonical: path,
  };
  return {
    ...shared,
    meta,
    stage: { headline: generic.title, description: generic.teaser },
    description: position.description,
    requirements: position.requirements,
    offers: position.offers,
    coffee_chat: position.coffee_chat,
    ...(related.length > 0 ? { related_jobs: related } : {}),
  };
}
