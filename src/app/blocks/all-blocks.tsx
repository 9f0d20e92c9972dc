/** Every block type: one component per block file name. */
import type { AdsContent } from '../content/schemas/ads.ts';
import type { BadgesContent } from '../content/schemas/badges.ts';
import type { BenefitsContent } from '../content/schemas/benefits.ts';
import type { BoxesContent } from '../content/schemas/boxes.ts';
import type { CaseStudyContent } from '../content/schemas/case-study.ts';
import type { CategoriesContent } from '../content/schemas/categories.ts';
import type { CrossLinkageContent } from '../content/schemas/cross-linkage.ts';
import type { DetailsContent } from '../content/schemas/details.ts';
import type { DownloadContent } from '../content/schemas/download.ts';
import type { GmpContent } from '../content/schemas/gmp.ts';
import type { IntegrationContent } from '../content/schemas/integration.ts';
import type { JourneyContent } from '../content/schemas/journey.ts';
import type { LicensingContent } from '../content/schemas/licensing.ts';
import type { MarketingIntelligenceContent } from '../content/schemas/marketing-intelligence.ts';
import type { MoreContent } from '../content/schemas/more.ts';
import type { OptimizationContent } from '../content/schemas/optimization.ts';
import type { PubsellContent } from '../content/schemas/pubsell.ts';
import type { QuoteSliderContent } from '../content/schemas/quote-slider.ts';
import type { StageBlueContent } from '../content/schemas/stage-blue.ts';
import type { StepsContent } from '../content/schemas/steps.ts';
import type { SynergyContent } from '../content/schemas/synergy.ts';
import type { TabsContent } from '../content/schemas/tabs.ts';
import type { ToolsContent } from '../content/schemas/tools.ts';
import { Ads } from './ads.tsx';
import { Badges } from './badges.tsx';
import { Benefits } from './benefits.tsx';
import { Boxes } from './boxes.tsx';
import { CaseStudy } from './case-study.tsx';
import { Categories } from './categories.tsx';
import { CrossLinkage } from './cross-linkage.tsx';
import { Details } from './details.tsx';
import { Download } from './download.tsx';
import { Formular } from './formular.tsx';
import { CloserLook, Numbers, Offers, Overview, Recommendations, WhatWeDo, WhoWeAre } from './company-blocks.tsx';
import { CoffeeChat, JobDescription, JobRequirements, Jobs, RelatedJobs } from './career-blocks.tsx';
import { EventsList, Information, Interviews, Speakers } from './event-blocks.tsx';
import { Legal } from './legal.tsx';
import { DEFAULT_OG_IMAGE } from '../seo/json-ld.tsx';
import { Confirmation } from './confirmation.tsx';
import { Unsubscribe } from './unsubscribe.tsx';
import { EventConfirmation } from './event-confirmation.tsx';
import type { CloserLookContent, NumbersContent, OffersContent, OverviewContent, RecommendationsContent, WhatWeDoContent, WhoWeAreContent } from '../content/schemas/company.ts';
import type { JobsContent, Position } from '../content/schemas/career.ts';
import type { EventsContent, InterviewsContent, SpeakersContent } from '../content/schemas/events.ts';
import type { LegalContent } from '../content/schemas/legal.ts';
import type { ConfirmationContent, EventConfirmationContent, UnsubscribeContent } from '../content/schemas/formular.ts';
import { Gmp } from './gmp.tsx';
import { Integration } from './integration.tsx';
import { Journey } from './journey.tsx';
import { Licensing } from './licensing.tsx';
import { MarketingIntelligence } from './marketing-intelligence.tsx';
import { More } from './more.tsx';
import { Optimization } from './optimization.tsx';
import { Pubsell } from './pubsell.tsx';
import { QuoteSlider } from './quote-slider.tsx';
import { StageBlue } from './stage-blue.tsx';
import { Steps } from './steps.tsx';
import { Synergy } from './synergy.tsx';
import { Tabs } from './tabs.tsx';
import { Tools } from './tools.tsx';
import type { BlockRegistry } from './block-renderer.ts';
import { HOME_BLOCK_COMPONENTS } from './home-blocks.tsx';

export const ALL_BLOCK_COMPONENTS: BlockRegistry = {
  ...HOME_BLOCK_COMPONENTS,
  stage_blue: (content) => <StageBlue content={content as StageBlueContent} />,
  steps: (content) => <Steps content={content as StepsContent} />,
  details: (content) => <Details content={content as DetailsContent} />,
  integration: (content) => <Integration content={content as IntegrationContent} />,
  categories: (content) => <Categories content={content as CategoriesContent} />,
  optimization: (content) => <Optimization content={content as OptimizationContent} />,
  boxes: (content) => <Boxes content={content as BoxesContent} />,
  synergy: (content) => <Synergy content={content as SynergyContent} />,
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
  gmp: (content) => <Gmp content={content as GmpContent} />,
  cross_linkage: (content) => <CrossLinkage content={content as CrossLinkageContent} />,
  form: (_content, { page }) => <Formular page={page} />,
  formular: (_content, { page }) => <Formular page={page} />,
  overview: (content) => <Overview content={content as OverviewContent} />,
  numbers: (content) => <Numbers content={content as NumbersContent} />,
  who_we_are: (content) => <WhoWeAre content={content as WhoWeAreContent} />,
  what_we_do: (content) => <WhatWeDo content={content as WhatWeDoContent} />,
  closer_look: (content) => <CloserLook content={content as CloserLookContent} />,
  offers: (content) => <Offers content={content as OffersContent} />,
  recommendations: (content) => <Recommendations content={content as RecommendationsContent} />,
  legal: (content) => <Legal content={content as LegalContent} />,
  confirmation: (content) => <Confirmation content={content as ConfirmationContent} />,
  unsubscribe: (content) => <Unsubscribe content={content as UnsubscribeContent} />,
  event_confirmation: (content, { page }) => <EventConfirmation content={content as EventConfirmationContent} language={page.language} />,
  jobs: (content, { page }) =>
    page.career ? <Jobs content={content as JobsContent} positions={page.career.positions} labels={page.career.labels} language={page.language} /> : null,
  description: (content, { page }) =>
    page.job ? <JobDescription content={content as Position['description']} position={page.job.position} labels={page.job.labels} language={page.language} /> : null,
  requirements: (content) => <JobRequirements content={content as Position['requirements']} />,
  coffee_chat: (content) => <CoffeeChat content={content as Position['coffee_chat']} />,
  related_jobs: (_content, { page }) => (page.job ? <RelatedJobs related={page.job.related} labels={page.job.labels} language={page.language} /> : null),
  events: (content, { page }) =>
    page.events ? <EventsList content={content as EventsContent} upcoming={page.events.upcoming} past={page.events.past} labels={page.events.labels} language={page.language} /> : null,
  information: (_content, { page }) =>
    page.event ? (
      <Information event={page.event} language={page.language} image={page.content.meta?.og_image ?? DEFAULT_OG_IMAGE} speakers={page.content.speakers as SpeakersContent | undefined} />
    ) : null,
  speakers: (content, { page }) => <Speakers content={content as SpeakersContent} names={page.event?.edition.speakers} />,
  interviews: (content) => <Interviews content={content as InterviewsContent} />,
};
