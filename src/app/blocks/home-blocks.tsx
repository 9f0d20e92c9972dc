/** The blocks the homepage shows; its chunk carries only these. */

import type { BLOCK_ORDERS } from '../block-orders.ts';
import type { BlockRenderers } from './block-renderer.ts';
import { Contact } from './contact.tsx';
import { Intro } from './intro.tsx';
import { Proof } from './proof.tsx';
import { Quote } from './quote.tsx';
import { Services } from './services.tsx';
import { Stage } from './stage.tsx';
import { Teaser } from './teaser.tsx';
import { Trusts } from './trusts.tsx';

export const HOME_BLOCK_COMPONENTS: BlockRenderers<(typeof BLOCK_ORDERS)['home'][number]> = {
  stage: (content, { root, page, hero }) => (
    <Stage content={content} variant={page.hero} ui={root.ui} withArrow={hero} />
  ),
  intro: (content) => <Intro content={content} />,
  proof: (content) => <Proof content={content} />,
  quote: (content) => <Quote content={content} />,
  contact: (content) => <Contact content={content} />,
  services: (content) => <Services content={content} />,
  trusts: (content) => <Trusts content={content} />,
  teaser: (content, { page }) => <Teaser content={content} teaser={page.teaser} />,
};
