/** The blocks the homepage shows; its chunk carries only these. */
import type { ContactContent } from '../content/schemas/contact.ts';
import type { IntroContent } from '../content/schemas/intro.ts';
import type { QuoteContent } from '../content/schemas/quote.ts';
import type { ServicesContent } from '../content/schemas/services.ts';
import type { StageContent } from '../content/schemas/stage.ts';
import type { TeaserContent } from '../content/schemas/teaser.ts';
import type { TrustsContent } from '../content/schemas/trusts.ts';
import { Contact } from './contact.tsx';
import { Intro } from './intro.tsx';
import { Quote } from './quote.tsx';
import { Services } from './services.tsx';
import { Stage } from './stage.tsx';
import { Teaser } from './teaser.tsx';
import { Trusts } from './trusts.tsx';
import type { BlockRegistry } from './block-renderer.ts';

export const HOME_BLOCK_COMPONENTS: BlockRegistry = {
  stage: (content, { root, hero }) => <Stage content={content as StageContent} ui={root.ui} withArrow={hero} />,
  intro: (content) => <Intro content={content as IntroContent} />,
  quote: (content) => <Quote content={content as QuoteContent} />,
  contact: (content) => <Contact content={content as ContactContent} />,
  services: (content) => <Services content={content as ServicesContent} />,
  trusts: (content) => <Trusts content={content as TrustsContent} />,
  teaser: (content, { page }) => <Teaser content={content as TeaserContent} teaser={page.teaser} language={page.language} />,
};
