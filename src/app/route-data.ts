/**
 * The data of the route table: what the root and page loaders return, what the server hands to
 * the loaders of one request, and what a block renderer is given. The route table, the pages,
 * the blocks and the layout all read these shapes, so they live apart from all of them and
 * import none of them: imports run one way, types included.
 */
import type { CareersSource } from './careers/model.ts';
import type { CareerPageData, JobPageData } from './careers/page-data.ts';
import type { BlockName } from './content/schemas/block-schemas.ts';
import type { NotFoundHelp } from './content/schemas/not-found.ts';
import type {
  ContentSource,
  FooterData,
  LanguageMapping,
  NavigationData,
  PageContent,
  UiTexts,
} from './content/types.ts';
import type { EventPageData, EventsOverviewData } from './events/page-data.ts';
import type { FormEcho, PageForm } from './forms/page-data.ts';
import type { HeroVariant } from './hero-variants.ts';
import type { Language } from './i18n/language.ts';
import type { VisitorSignals } from './i18n/request-language.ts';
import type { PathTranslator } from './i18n/translate-path.ts';
import type { InsightsSource } from './insights/model.ts';
import type { PageExtras } from './insights/page-data.ts';

/** What the loaders read from: the same on the server (files) and in the browser (fetches). */
export interface RouteDeps {
  content: ContentSource;
  insights: InsightsSource;
  careers: CareersSource;
  /** The clock that decides which events are past. */
  now(): Date;
  /**
   * The visitor's cookie and Accept-Language, which decide the language of a shared path whose
   * address names none. Only the browser needs it: the server decides the language of a request
   * once and hands it to the loaders in the request context.
   */
  languageSignals?(request: Request): VisitorSignals;
}

export interface RootData {
  language: Language;
  navigation: NavigationData | null;
  footer: FooterData | null;
  ui: UiTexts;
  languageMapping: LanguageMapping | null;
}

export interface PageData extends PageExtras {
  language: Language;
  content: PageContent;
  blocks: readonly BlockName[];
  /** How the page opens: chosen by its kind in hero-variants.ts. */
  hero: HeroVariant;
  form?: PageForm;
  career?: CareerPageData;
  job?: JobPageData;
  events?: EventsOverviewData;
  event?: EventPageData;
}

/** What a 404 carries to the error page: no message of its own (the page shows the texts'), and the page's help. */
export interface NotFoundData {
  message: null;
  /** Null when not_found.json could not be read: the page then shows the message and the way home only. */
  help: NotFoundHelp | null;
}

/**
 * What the server hands to the loaders of one request. The language is decided once, from the
 * address and the visitor's cookie and Accept-Language, before the loaders run; the browser's
 * router hands over none, and its loaders decide it themselves.
 */
export interface RequestContext {
  language?: Language;
  /** A refused plain form post to show again. */
  formEcho?: FormEcho;
}

/** What the route table hands its layout (the root route's `handle`): one per table, so per server and per browser. */
export interface RootHandle {
  /** The translator of a language mapping, made once per mapping object (see i18n/translate-path.ts). */
  translatorOf(mapping: LanguageMapping | null): PathTranslator;
}

/** What a block renderer is given besides its own content. */
export interface BlockContext {
  root: RootData;
  page: PageData;
  hero: boolean;
}
