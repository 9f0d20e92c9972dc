/** Shapes of the shared content files and the source that delivers them to the app. */
import type { Language } from '../i18n/language.ts';
import type { BlockContent, BlockName } from './schemas/block-schemas.ts';
import type { LanguageMapping } from './schemas/language-mapping.ts';

// The shared files' shapes come from their schemas, which content:check validates the files with.
export type { FooterAddress, FooterData, FooterLink, FooterTitle } from './schemas/footer.ts';
export type { LanguageMapping, LanguagePathEntry } from './schemas/language-mapping.ts';
export type { NavigationChild, NavigationData, NavigationItem } from './schemas/navigation.ts';
export type { UiTexts } from './schemas/ui.ts';

/** What the head reads of a page's meta block, each field optional: a page without one still has a head. */
export type PageMeta = Partial<BlockContent<'meta'>>;

/** The block files of one content folder, keyed by file name without .json, each as its schema says. */
export type PageContent = { readonly [K in BlockName]?: BlockContent<K> };

/** The server serves every block of a content folder as one document under this name. */
export const PAGE_BUNDLE_FILE = '_page.json';

export interface ContentSource {
  /** A file below content/{language}/, e.g. navigation.json; null when missing or unreadable. */
  file<T>(language: Language, file: string): Promise<T | null>;
  /** Every block of a page folder; null when the folder has no content. */
  page(language: Language, folder: string): Promise<PageContent | null>;
  languageMapping(): Promise<LanguageMapping | null>;
}
