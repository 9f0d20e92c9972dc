/**
 * Which hero opens each kind of page. One table, keyed by the page kinds of block-orders.ts, so a
 * kind added there fails the type check until it is given its hero here, and every page of a kind
 * opens the same way. The loaders hand the variant to the page with its data (PageData.hero).
 */
import type { BlockOrder } from './block-orders.ts';

/**
 * home: the one distinctive opening, with a second call to action and the brand visual.
 * feature: service, technology and company landing pages: display headline, call to action, illustration.
 * article: insights and events: a smaller display headline, a line of facts, a cover.
 * utility: forms, confirmations and legal texts: compact, on a light surface.
 */
export type HeroVariant = 'home' | 'feature' | 'article' | 'utility';

export const HERO_VARIANTS = {
  home: 'home',
  services: 'feature',
  service: 'feature',
  serviceConnectedTv: 'feature',
  subService: 'feature',
  technology: 'feature',
  gmp: 'feature',
  gmpDetail: 'feature',
  lunio: 'feature',
  meridian: 'feature',
  technologyDetail: 'feature',
  company: 'feature',
  aboutUs: 'feature',
  career: 'feature',
  events: 'feature',
  insightArticle: 'article',
  event: 'article',
  job: 'article',
  // The insights overview: its filters and results are the page, the hero only names it.
  stage: 'utility',
  contact: 'utility',
  gmpContact: 'utility',
  formPage: 'utility',
  newsletter: 'utility',
  legal: 'utility',
  newsletterConfirm: 'utility',
  newsletterUnsubscribe: 'utility',
  eventConfirm: 'utility',
} as const satisfies Record<BlockOrder, HeroVariant>;
