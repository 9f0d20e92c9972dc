/**
 * The sitemap's entries: each language version of a page is its own URL, at the address
 * that serves that language (languageAddress), and names every version of the page, itself
 * included, as an alternate, plus an x-default for visitors of any other language.
 */
import type { LanguageMapping } from '#app/content/types.ts';
import type { Language } from '#app/i18n/language.ts';
import { languageAddress } from '#app/i18n/language-address.ts';
import { createPathTranslator } from '#app/i18n/translate-path.ts';
import type { SitePage } from './site-pages.ts';

export interface Alternate {
  hreflang: Language | 'x-default';
  href: string;
}

export interface SitemapUrl {
  loc: string;
  lastmod: string;
  alternates: Alternate[];
}

const keyOf = (page: Pick<SitePage, 'language' | 'path'>) => `${page.language} ${page.path}`;

/** One URL at a time: at 20,000 articles the entries of all of them at once would be a heap's worth of short strings. */
export function* sitemapUrls(
  pages: readonly SitePage[],
  mapping: LanguageMapping | null,
  siteUrl: string,
): Generator<SitemapUrl> {
  const listed = new Map(pages.map((page) => [keyOf(page), page]));
  const absolute = (address: string) => new URL(address, siteUrl).href;
  const translationsOf = createPathTranslator(mapping);
  /** The listed pages the language mapping calls versions of this one; a version without content is no alternate. */
  const mapped = (page: SitePage) =>
    translationsOf(page.language, page.path).flatMap((translation) => listed.get(keyOf(translation)) ?? []);

  for (const page of pages) {
    // Only versions that name this page back: alternates hold both ways or not at all.
    const others = mapped(page).filter((other) => other !== page && mapped(other).includes(page));
    const versions = [page, ...others].sort((a, b) => a.language.localeCompare(b.language));
    const shared = versions.length > 1 && versions.every((version) => version.path === page.path);
    // A shared path without a language follows the visitor's; a one-language pair defaults to English; a page alone, to itself.
    const fallback = versions.find((version) => version.language === 'en') ?? page;
    const xDefault = shared ? absolute(page.path) : absolute(languageAddress(fallback.path, fallback.language));
    yield {
      loc: absolute(languageAddress(page.path, page.language)),
      lastmod: page.lastmod,
      alternates: [
        ...versions.map((version) => ({
          hreflang: version.language,
          href: absolute(languageAddress(version.path, version.language)),
        })),
        { hreflang: 'x-default' as const, href: xDefault },
      ],
    };
  }
}
