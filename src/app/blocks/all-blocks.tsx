/** Every block type: one component per block file name. */

import { shortJobTitle } from '../careers/short-title.ts';
import type { BlockName } from '../content/schemas/block-schemas.ts';
import { APPLICATION_FORM_ID } from '../forms/form-anchors.ts';
import { DEFAULT_OG_IMAGE } from '../seo/json-ld.tsx';
import { Ads } from './ads.tsx';
import { ApplyBar } from './apply-bar.tsx';
import { Badges } from './badges.tsx';
import { Benefits } from './benefits.tsx';
import type { BlockRenderers } from './block-renderer.ts';
import { Boxes } from './boxes.tsx';
import { CoffeeChat, JobDescription, JobRequirements, Jobs, RelatedJobs } from './career-blocks.tsx';
import { CaseStudy } from './case-study.tsx';
import { Categories } from './categories.tsx';
import {
  CloserLook,
  Leadership,
  Numbers,
  Offers,
  Overview,
  Recommendations,
  WhatWeDo,
  WhoWeAre,
} from './company-blocks.tsx';
import { Confirmation } from './confirmation.tsx';
import { ContactDesk } from './contact-desk.tsx';
import { CrossLinkage } from './cross-linkage.tsx';
import { Details } from './details.tsx';
import { Download } from './download.tsx';
import { EventStage, EventsList, Information, Interviews, Speakers } from './event-blocks.tsx';
import { EventConfirmation } from './event-confirmation.tsx';
import { Formular } from './formular.tsx';
import { Gmp } from './gmp.tsx';
import { HOME_BLOCK_COMPONENTS } from './home-blocks.tsx';
import { Integration } from './integration.tsx';
import { Journey } from './journey.tsx';
import { Legal } from './legal.tsx';
import { Licensing } from './licensing.tsx';
import { MarketingIntelligence } from './marketing-intelligence.tsx';
import { More } from './more.tsx';
import { Optimization } from './optimization.tsx';
import { Pubsell } from './pubsell.tsx';
import { QuoteSlider } from './quote-slider.tsx';
import { Stage } from './stage.tsx';
import { Steps } from './steps.tsx';
import { Synergy } from './synergy.tsx';
import { Tabs } from './tabs.tsx';
import { Tools } from './tools.tsx';
import { Unsubscribe } from './unsubscribe.tsx';

/** The blocks no content page renders: the head's (layout/page-head-tags.tsx) and an insight's own (pages/insight-article.tsx). */
type RenderedElsewhere = 'meta' | 'content' | 'author' | 'general_information' | 'case_facts';

export const ALL_BLOCK_COMPONENTS: BlockRenderers<Exclude<BlockName, RenderedElsewhere>> = {
  ...HOME_BLOCK_COMPONENTS,
  stage: (content, { root, page }) =>
    page.event ? (
      <EventStage content={content} event={page.event} ui={root.ui} />
    ) : page.job && page.form ? (
      <>
        <Stage
          content={content}
          variant={page.hero}
          ui={root.ui}
          action={
            <a href={`#${APPLICATION_FORM_ID}`} className="button button--accent stage__button">
              {page.job.labels.apply_now}
            </a>
          }
        />
        {/* Right after the hero, so in the order of the keyboard it is the next stop after the hero's own button. */}
        <ApplyBar
          key={page.job.position.generic.folder}
          title={shortJobTitle(page.job.position.generic.title)}
          label={page.job.labels.apply_now}
        />
      </>
    ) : (
      <Stage content={content} variant={page.hero} ui={root.ui} />
    ),
  stage_blue: (content, { root, page }) => <Stage content={content} variant={page.hero} ui={root.ui} />,
  steps: (content) => <Steps content={content} />,
  details: (content) => <Details content={content} />,
  integration: (content) => <Integration content={content} />,
  categories: (content) => <Categories content={content} />,
  optimization: (content) => <Optimization content={content} />,
  boxes: (content) => <Boxes content={content} />,
  synergy: (content) => <Synergy content={content} />,
  pubsell: (content) => <Pubsell content={content} />,
  quoteSlider: (content) => <QuoteSlider content={content} />,
  download: (content) => <Download content={content} />,
  licensing: (content) => <Licensing content={content} />,
  benefits: (content) => <Benefits content={content} />,
  badges: (content, { root }) => <Badges content={content} seal={root.ui.certified} />,
  journey: (content) => <Journey content={content} />,
  casestudy: (content) => <CaseStudy content={content} />,
  more: (content, { page }) => <More content={content} related={page.related} />,
  tabs: (content) => <Tabs content={content} />,
  tools: (content) => <Tools content={content} />,
  ads: (content) => <Ads content={content} />,
  marketing_intelligence: (content) => <MarketingIntelligence content={content} />,
  gmp: (content) => <Gmp content={content} />,
  cross_linkage: (content) => <CrossLinkage content={content} />,
  form: (_content, { page }) => <Formular page={page} />,
  formular: (_content, { page }) => <Formular page={page} />,
  contact_desk: (content, { page }) => <ContactDesk content={content} page={page} />,
  overview: (content) => <Overview content={content} />,
  numbers: (content) => <Numbers content={content} />,
  who_we_are: (content) => <WhoWeAre content={content} />,
  what_we_do: (content) => <WhatWeDo content={content} />,
  closer_look: (content) => <CloserLook content={content} />,
  offers: (content) => <Offers content={content} />,
  recommendations: (content) => <Recommendations content={content} />,
  leadership: (content) => <Leadership content={content} />,
  legal: (content) => <Legal content={content} />,
  confirmation: (content) => <Confirmation content={content} />,
  unsubscribe: (content) => <Unsubscribe content={content} />,
  event_confirmation: (content, { page }) => <EventConfirmation content={content} language={page.language} />,
  jobs: (content, { page }) =>
    page.career ? (
      <Jobs content={content} positions={page.career.positions} labels={page.career.labels} language={page.language} />
    ) : null,
  description: (content, { page }) =>
    page.job ? (
      <JobDescription
        content={content}
        position={page.job.position}
        labels={page.job.labels}
        language={page.language}
      />
    ) : null,
  requirements: (content) => <JobRequirements content={content} />,
  coffee_chat: (content) => <CoffeeChat content={content} />,
  related_jobs: (_content, { page }) =>
    page.job ? <RelatedJobs related={page.job.related} labels={page.job.labels} language={page.language} /> : null,
  events: (content, { page }) =>
    page.events ? (
      <EventsList
        content={content}
        upcoming={page.events.upcoming}
        past={page.events.past}
        labels={page.events.labels}
      />
    ) : null,
  information: (_content, { page }) =>
    page.event ? (
      <Information
        event={page.event}
        language={page.language}
        image={page.content.meta?.og_image ?? DEFAULT_OG_IMAGE}
        speakers={page.content.speakers}
      />
    ) : null,
  speakers: (content, { page }) => <Speakers content={content} names={page.event?.edition.speakers} />,
  interviews: (content) => <Interviews content={content} />,
};
