/**
 * The blocks each kind of page renders, in order; the route table (paths.ts) names a page's
 * order by its key. Apart from the route table because only the loaders read them: the first
 * page comes with its blocks in its data, so no first load carries every page's order.
 * A folder holds the files of the blocks it shows; blocks named here but missing from the
 * folder are skipped. Each name is one of the schema registry's (block-schemas.ts): a typo
 * fails the type check.
 */
import type { BlockName } from './content/schemas/block-schemas.ts';

/** Blocks by page kind: what BLOCK_ORDERS satisfies. */
export type BlockOrders = Readonly<Record<string, readonly BlockName[]>>;

export const BLOCK_ORDERS = {
  stage: ['stage'],
  home: ['stage', 'proof', 'intro', 'services', 'trusts', 'quote', 'teaser', 'contact'],
  services: ['stage', 'intro', 'services', 'steps', 'boxes', 'quote', 'contact'],
  service: [
    'stage',
    'intro',
    'boxes',
    'details',
    'steps',
    'tabs',
    'journey',
    'benefits',
    'quote',
    'casestudy',
    'download',
    'cross_linkage',
    'contact',
  ],
  serviceConnectedTv: ['stage', 'intro', 'pubsell', 'ads', 'boxes', 'steps', 'casestudy', 'cross_linkage', 'contact'],
  subService: [
    'stage',
    'intro',
    'details',
    'steps',
    'benefits',
    'quote',
    'download',
    'more',
    'cross_linkage',
    'contact',
  ],
  insightArticle: ['stage', 'content', 'author', 'general_information', 'download', 'case_facts'],
  technology: ['stage', 'intro', 'categories', 'badges', 'quote', 'contact'],
  gmp: ['stage_blue', 'intro', 'gmp', 'synergy', 'licensing', 'benefits', 'badges', 'quoteSlider', 'contact'],
  gmpContact: ['stage', 'form'],
  gmpDetail: [
    'stage_blue',
    'intro',
    'integration',
    'tools',
    'optimization',
    'steps',
    'download',
    'cross_linkage',
    'contact',
  ],
  lunio: ['stage_blue', 'intro', 'boxes', 'journey', 'benefits', 'casestudy', 'quote', 'contact'],
  meridian: ['stage_blue', 'intro', 'marketing_intelligence', 'steps', 'benefits', 'download', 'quote', 'contact'],
  technologyDetail: [
    'stage_blue',
    'intro',
    'pubsell',
    'ads',
    'tools',
    'tabs',
    'benefits',
    'quote',
    'cross_linkage',
    'contact',
  ],
  company: ['stage', 'intro', 'overview', 'numbers', 'quote', 'contact'],
  aboutUs: [
    'stage',
    'who_we_are',
    'leadership',
    'what_we_do',
    'closer_look',
    'numbers',
    'offers',
    'recommendations',
    'contact',
  ],
  /** The form is placed by the desk beside it (formular.json still names the form and its headline). */
  contact: ['stage', 'contact_desk', 'closer_look'],
  career: ['stage', 'intro', 'jobs', 'offers', 'steps', 'recommendations', 'contact'],
  /** A job's blocks come from its position (careers service or content); the folder adds the form's headline. */
  job: ['stage', 'description', 'requirements', 'offers', 'coffee_chat', 'formular', 'related_jobs'],
  events: ['stage', 'intro', 'events', 'contact'],
  event: ['stage', 'information', 'speakers', 'interviews', 'formular', 'contact'],
  formPage: ['stage', 'intro', 'formular', 'benefits'],
  /** The sign-up is the page's one action: its form follows the compact hero, and the reasons come after it. */
  newsletter: ['stage', 'formular', 'intro', 'benefits'],
  legal: ['stage', 'legal'],
  newsletterConfirm: ['stage', 'confirmation'],
  newsletterUnsubscribe: ['stage', 'unsubscribe'],
  eventConfirm: ['stage', 'event_confirmation'],
} as const satisfies BlockOrders;

export type BlockOrder = keyof typeof BLOCK_ORDERS;
