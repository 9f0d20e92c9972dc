/** Renders a page's blocks in the order its route names, each by the component of its type. */
import { Fragment, type ReactNode } from 'react';
import { useRouteLoaderData } from 'react-router';
import type { AdsContent } from '../content/schemas/ads.ts';
import type { BadgesContent } from '../content/schemas/badges.ts';
import type { BenefitsContent } from '../content/schemas/benefits.ts';
import type { BoxesContent } from '../content/schemas/boxes.ts';
import type { CaseStudyContent } from '../content/schemas/case-study.ts';
import type { CategoriesContent } from '../content/schemas/categories.ts';
import type { ContactContent } from '../content/schemas/contact.ts';
import type { CrossLinkageContent } from '../content/schemas/cross-linkage.ts';
import type { DetailsContent } from '../content/schemas/details.ts';
import type { DownloadContent } from '../content/schemas/download.ts';
import type { FormContent } from '../content/schemas/form.ts';
import type { GmpContent } from '../content/schemas/gmp.ts';
import type { IntegrationContent } from '../content/schemas/integration.ts';
import type { IntroContent } from '../content/schemas/intro.ts';
import type { JourneyContent } from '../content/schemas/journey.ts';
import type { LicensingContent } from '../content/schemas/licensing.ts';
import type { MarketingIntelligenceContent } from '../content/schemas/marketing-intelligence.ts';
import type { MoreContent } from '../content/schemas/more.ts';
import type { OptimizationContent } from '../content/schemas/optimization.ts';
import type { PubsellContent } from '../content/schemas/pubsell.ts';
import type { QuoteSliderContent } from '../content/schemas/quote-slider.ts';
import type { QuoteContent } from '../content/schemas/quote.ts';
import type { ServicesContent } from '../content/schemas/services.ts';
import type { StageBlueContent } from '../content/schemas/stage-blue.ts';
import type { StageContent } from '../content/schemas/stage.ts';
import type { StepsContent } from '../content/schemas/steps.ts';
import type { SynergyContent } from '../content/schemas/synergy.ts';
import type { TabsContent } from '../content/schemas/tabs.ts';
import type { TeaserContent } from '../content/schemas/teaser.ts';
import type { ToolsContent } from '../content/schemas/tools.ts';
import type { TrustsContent } from '../content/schemas/trusts.ts';
import type { PageData, RootData } from '../routes.tsx';
import { Ads } from './ads.tsx';
import { Badges } from './badges.tsx';
import { Benefits } from './benefits.tsx';
import { Boxes } from './boxes.tsx';
import { CaseStudy } from './case-study.tsx';
import { Categories } from './categories.tsx';
import { Contact } from './contact.tsx';
import { CrossLinkage } from './cross-linkage.tsx';
import { Details } from './details.tsx';
import { Download } from './download.tsx';
import { Form } from './form.tsx';
import { Gmp } from './gmp.tsx';
import { Integration } from './integration.tsx';
import { Intro } from './intro.tsx';
import { Journey } from './journey.tsx';
import { Licensing } from './licensing.tsx';
import { MarketingIntelligence } from './marketing-intelligence.tsx';
import { More } from './more.tsx';
import { Optimization } from './optimization.tsx';
import { Pubsell } from './pubsell.tsx';
import { QuoteSlider } from './quote-slider.tsx';
import { Quote } from './quote.tsx';
import { Services } from './services.tsx';
import { StageBlue } from './stage-blue.tsx';
import { Stage } from './stage.tsx';
import { Steps } from './steps.tsx';
import { Synergy } from './synergy.tsx';
import { Tabs } from './tabs.tsx';
import { Teaser } from './teaser.tsx';
import { Tools } from './tools.tsx';
import { Trusts } from './trusts.tsx';

interface BlockContext {
  root: RootData;
  page: PageData;
  hero: boolean;
}

// Content is checked against the block's schema by content:check before it ships, so the casts hold.
type BlockRenderer = (content: unknown, context: BlockContext) => ReactNode;

/** One component per block file, keyed by the file name without .json. */
const BLOCKS: Readonly<Record<string, BlockRenderer>> = {
  stage: (content, { root, hero }) => <Stage content={content as StageContent} ui={root.ui} withArrow={hero} />,
  stage_blue: (content) => <StageBlue content={content as StageBlueContent} />,
  intro: (content) => <Intro content={content as IntroContent} />,
  steps: (content) => <Steps content={content as StepsContent} />,
  quote: (content) => <Quote content={content as QuoteContent} />,
  details: (content) => <Details content={content as DetailsContent} />,
  integration: (content) => <Integration content={content as IntegrationContent} />,
  categories: (content) => <Categories content={content as CategoriesContent} />,
  optimization: (content) => <Optimization content={content as OptimizationContent} />,
  boxes: (content) => <Boxes content={content as BoxesContent} />,
  synergy: (content) => <Synergy content={content as SynergyContent} />,
  contact: (content) => <Contact content={content as ContactContent} />,
  pubsell: (content) => <Pubsell content={content as PubsellContent} />,
  quoteSlider: (content) => <QuoteSlider content={content as QuoteSliderContent} />,
  download: (content) => <Download content={content as DownloadContent} />,
  licensing: (content) => <Licensing content={content as LicensingContent} />,
  benefits: (content) => <Benefits content={content as BenefitsContent} />,
  badges: (content) => <Badges content={content as BadgesContent} />,
  journey: (content) => <Journey content={content as JourneyContent} />,
  casestudy: (content) => <CaseStudy content={content as CaseStudyContent} />,
  more: (content, { page }) => <More content={content as MoreContent} related={page.related} />,
  tabs: (content) => <Tabs content={content as TabsContent} />,
  tools: (content) => <Tools content={content as ToolsContent} />,
  ads: (content) => <Ads content={content as AdsContent} />,
  marketing_intelligence: (content) => <MarketingIntelligence content={content as MarketingIntelligenceContent} />,
  services: (content) => <Services content={content as ServicesContent} />,
  gmp: (content) => <Gmp content={content as GmpContent} />,
  trusts: (content) => <Trusts content={content as TrustsContent} />,
  cross_linkage: (content) => <CrossLinkage content={content as CrossLinkageContent} />,
  teaser: (content, { page }) => <Teaser content={content as TeaserContent} teaser={page.teaser} language={page.language} />,
  form: (content, { page }) => <Form content={content as FormContent} language={page.language} />,
};

/** The block files a page can show. */
export const BLOCK_NAMES: readonly string[] = Object.keys(BLOCKS);

export function PageBlocks({ page, hero = false }: { page: PageData; hero?: boolean }) {
  const root = useRouteLoaderData('root') as RootData;
  return (
    <>
      {page.blocks.map((name) => {
        const content = page.content[name];
        const render = BLOCKS[name];
        if (content === undefined || content === null || !render) return null;
        return <Fragment key={name}>{render(content, { root, page, hero })}</Fragment>;
      })}
    </>
  );
}
