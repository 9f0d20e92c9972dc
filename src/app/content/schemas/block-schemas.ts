/**
 * The schema of every block file, by its file name without .json: the one list of block
 * names. A block's content type, its component in the registries (blocks/all-blocks.tsx) and
 * the block orders (block-orders.ts) are all typed from it, so a name the list does not know
 * fails the type check.
 */
import type { Static, TSchema } from 'typebox';
import { AdsSchema } from './ads.ts';
import { BadgesSchema } from './badges.ts';
import { BenefitsSchema } from './benefits.ts';
import { BoxesSchema } from './boxes.ts';
import {
  CoffeeChatSchema,
  JobDescriptionSchema,
  JobRequirementsSchema,
  JobsSchema,
  RelatedJobsSchema,
} from './career.ts';
import { CaseFactsSchema } from './case-facts.ts';
import { CaseStudySchema } from './case-study.ts';
import { CategoriesSchema } from './categories.ts';
import {
  CloserLookSchema,
  LeadershipSchema,
  NumbersSchema,
  OffersSchema,
  OverviewSchema,
  RecommendationsSchema,
  WhatWeDoSchema,
  WhoWeAreSchema,
} from './company.ts';
import { ContactSchema } from './contact.ts';
import { ContactDeskSchema } from './contact-desk.ts';
import { CrossLinkageSchema } from './cross-linkage.ts';
import { DetailsSchema } from './details.ts';
import { DownloadSchema } from './download.ts';
import { EventInformationSchema, EventsSchema, InterviewsSchema, SpeakersSchema } from './events.ts';
import {
  ConfirmationSchema,
  EventConfirmationSchema,
  FormTextsSchema,
  FormularSchema,
  UnsubscribeSchema,
} from './formular.ts';
import { GmpSchema } from './gmp.ts';
import { AuthorSchema, GeneralInformationSchema, InsightContentSchema } from './insight.ts';
import { IntegrationSchema } from './integration.ts';
import { IntroSchema } from './intro.ts';
import { JourneySchema } from './journey.ts';
import { LegalSchema } from './legal.ts';
import { LicensingSchema } from './licensing.ts';
import { MarketingIntelligenceSchema } from './marketing-intelligence.ts';
import { MetaSchema } from './meta.ts';
import { MoreSchema } from './more.ts';
import { OptimizationSchema } from './optimization.ts';
import { ProofSchema } from './proof.ts';
import { PubsellSchema } from './pubsell.ts';
import { QuoteSchema } from './quote.ts';
import { QuoteSliderSchema } from './quote-slider.ts';
import { ServicesSchema } from './services.ts';
import { StageSchema } from './stage.ts';
import { StageBlueSchema } from './stage-blue.ts';
import { StepsSchema } from './steps.ts';
import { SynergySchema } from './synergy.ts';
import { TabsSchema } from './tabs.ts';
import { TeaserSchema } from './teaser.ts';
import { ToolsSchema } from './tools.ts';
import { TrustsSchema } from './trusts.ts';

export const BLOCK_SCHEMAS = {
  meta: MetaSchema,
  stage: StageSchema,
  stage_blue: StageBlueSchema,
  intro: IntroSchema,
  steps: StepsSchema,
  quote: QuoteSchema,
  details: DetailsSchema,
  integration: IntegrationSchema,
  categories: CategoriesSchema,
  optimization: OptimizationSchema,
  boxes: BoxesSchema,
  synergy: SynergySchema,
  contact: ContactSchema,
  pubsell: PubsellSchema,
  quoteSlider: QuoteSliderSchema,
  download: DownloadSchema,
  licensing: LicensingSchema,
  benefits: BenefitsSchema,
  badges: BadgesSchema,
  journey: JourneySchema,
  casestudy: CaseStudySchema,
  more: MoreSchema,
  tabs: TabsSchema,
  tools: ToolsSchema,
  ads: AdsSchema,
  marketing_intelligence: MarketingIntelligenceSchema,
  services: ServicesSchema,
  gmp: GmpSchema,
  trusts: TrustsSchema,
  proof: ProofSchema,
  cross_linkage: CrossLinkageSchema,
  teaser: TeaserSchema,
  form: FormTextsSchema,
  formular: FormularSchema,
  confirmation: ConfirmationSchema,
  unsubscribe: UnsubscribeSchema,
  event_confirmation: EventConfirmationSchema,
  overview: OverviewSchema,
  numbers: NumbersSchema,
  who_we_are: WhoWeAreSchema,
  what_we_do: WhatWeDoSchema,
  closer_look: CloserLookSchema,
  offers: OffersSchema,
  recommendations: RecommendationsSchema,
  leadership: LeadershipSchema,
  contact_desk: ContactDeskSchema,
  legal: LegalSchema,
  jobs: JobsSchema,
  description: JobDescriptionSchema,
  requirements: JobRequirementsSchema,
  coffee_chat: CoffeeChatSchema,
  related_jobs: RelatedJobsSchema,
  information: EventInformationSchema,
  speakers: SpeakersSchema,
  interviews: InterviewsSchema,
  events: EventsSchema,
  content: InsightContentSchema,
  author: AuthorSchema,
  general_information: GeneralInformationSchema,
  case_facts: CaseFactsSchema,
} as const satisfies Record<string, TSchema>;

/** The name of a block file, without .json. */
export type BlockName = keyof typeof BLOCK_SCHEMAS;

/** What a block file holds, as its schema says. */
export type BlockContent<K extends BlockName> = Static<(typeof BLOCK_SCHEMAS)[K]>;
