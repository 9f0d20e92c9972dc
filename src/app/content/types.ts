/** Shapes of the shared content files and the source that delivers them to the app. */
import type { Language } from '../i18n/language.ts';
import type { PlaceholderText } from './placeholders.ts';

export interface NavigationItem {
  link_text: string;
  link_url: string;
  type: 'Text' | 'Button';
  /** 'FALSE' means shown on large screens. */
  hidden_lg: 'TRUE' | 'FALSE';
}
export interface NavigationChild {
  link_text: string;
  link_url: string;
  description?: string;
}
/** top_level plus child lists keyed by the lower-cased parent link_text. */
export type NavigationData = { top_level: NavigationItem[] } & Record<string, NavigationChild[] | NavigationItem[]>;

export interface FooterTitle {
  link_text: string;
}
export interface FooterLink {
  link_url: string;
  /** No text means an icon link. */
  link_text?: string;
  /** Accessible name of an icon link. */
  aria_label?: string;
}
export interface FooterAddress {
  company: string;
  street: string;
  city: string;
  email: string;
}
/** title plus child lists keyed by the title lower-cased, & as 'and', spaces as hyphens. */
export type FooterData = { title: FooterTitle[]; address?: FooterAddress } & Record<string, FooterLink[] | FooterTitle[] | FooterAddress | undefined>;

export interface LanguagePathEntry {
  language: Language;
  idx: number;
  path: string;
  isActive: boolean;
}
export type LanguageMapping = Record<Language, LanguagePathEntry[]>;

export interface UiTexts {
  skip_to_content: string;
  nav_label: string;
  menu_open: string;
  menu_close: string;
  home_label: string;
  language_label: string;
  language_names: Record<Language, string>;
  error_headline: PlaceholderText<'ui.json', '/error_headline'>;
  error_not_found: string;
  error_unknown: string;
  error_back_home: string;
  error_unknown_middleware: string;
  snackbar_close: string;
  cookies: string;
  copyright: PlaceholderText<'ui.json', '/copyright'>;
  footer_label: string;
  loading: string;
  submenu_toggle: PlaceholderText<'ui.json', '/submenu_toggle'>;
  scroll_down: string;
  /** How a date is written, with {day}, {month} (its name) and {year}. */
  date_format: PlaceholderText<'ui.json', '/date_format'>;
  /** The names of the months, January first. */
  months: string[];
  /** Between each three digits of a large number: 60,000 or 60.000. */
  thousands_separator: string;
  /** The navigation's button that opens the Galaxy login. */
  login_label: string;
  /** The snackbar when the connection drops, and when it is back. */
  offline_notice: string;
  online_notice: string;
}

export interface PageMeta {
  title?: string;
  description?: string;
  canonical?: string;
  og_title?: string;
  og_description?: string;
  og_image?: string;
  og_type?: string;
  [key: `og_${string}`]: string | undefined;
}

/** The block files of one content folder, keyed by file name without .json. */
export type PageContent = Readonly<Record<string, unknown>> & { meta?: PageMeta };

/** The server serves every block of a content folder as one document under this name. */
export const PAGE_BUNDLE_FILE = '_page.json';

export interface ContentSource {
  /** A file below content/{language}/, e.g. navigation.json; null when missing or unreadable. */
  file<T>(language: Language, file: string): Promise<T | null>;
  /** Every block of a page folder; null when the folder has no content. */
  page(language: Language, folder: string): Promise<PageContent | null>;
  languageMapping(): Promise<LanguageMapping | null>;
}
