/**
 * The pages a search engine should find: every page of the route table that content backs,
 * in each language it has content in, with the date it last changed. Dynamic segments are
 * filled from what exists: the content folders a route reads, an event's editions, the open
 * positions. A route with a required segment nothing names (a visitor's token in a mailed
 * link) has no listable page, and a page whose meta names another address as canonical is
 * left to that address. Articles come from the insights index, which knows their dates and
 * canonicals without keeping their files in memory.
 */
import path from 'node:path';
import { generatePath } from 'react-router';
import type { Position } from '#app/careers/model.ts';
import type { PageContent } from '#app/content/types.ts';
import { LANGUAGES, type Language } from '#app/i18n/language.ts';
import { INSIGHTS_CONTENT_FOLDER } from '#app/insights/model.ts';
import { matchPageRoute } from '#app/match-page.ts';
import { LOADED_PAGE_ROUTES, type LoadedPageRoute } from '#app/page-loading.ts';
import type { ContentStore, StoredFile } from '../content/content-store.ts';
import type { LanguageIndex } from '../insights/insights-index.ts';
import { pageLastmod } from './page-lastmod.ts';
import { folderReader, pathParams, type RouteParams } from './route-params.ts';

export interface SitePage {
  routeId: string;
  language: Language;
  /** The page's path, without a language query. */
  path: string;
  /** W3C datetime. */
  lastmod: string;
}

/** What the sitemap needs of an article, from the insights index: its files are not kept in memory. */
export interface ArticleSummary {
  /** Below content/{language}/, e.g. homepage/insights/bigquery-cost-control. */
  folder: string;
  datetime: string;
  modifiedMs: number;
  canonical?: string;
}

/** The part of a content folder the sitemap reads: its blocks and when it last changed. */
export type PageSummary = Pick<StoredFile, 'value' | 'modifiedMs'>;

export interface SitePagesInput {
  store: ContentStore;
  /** The articles of a language (the insights index). */
  articles: (language: Language) => readonly ArticleSummary[];
  /** The open positions per language, as the job pages see them. */
  positions: Readonly<Record<Language, readonly Position[]>>;
  siteUrl: string;
  now: Date;
}

/** Every folder of a language that holds content files, below content/{language}/. */
function contentFolders(store: ContentStore, language: Language): string[] {
  const prefix = `${language}/`;
  return [...new Set(store.paths(prefix).map((file) => path.posix.dirname(file.slice(prefix.length))))];
}

/** The segments a page's data names besides its folder: an event's editions, the open jobs. */
function dataParams(
  route: LoadedPageRoute,
  language: Language,
  page: PageSummary,
  positions: SitePagesInput['positions'],
): RouteParams[] {
  switch (route.data) {
    case 'event': {
      const editions = (page.value as PageContent).information?.editions ?? [];
      // The event's own address (when its edition segments are optional) and each edition's.
      return [{}, ...editions.map(({ location, year, month }) => ({ location, year, month }))];
    }
    case 'job':
      return positions[language].map((position) => ({ slug: position.generic.folder }));
    default:
      return [{}];
  }
}

/** Whether the page calls itself canonical: no canonical, or one naming its own path. */
function isCanonical(page: PageSummary, pagePath: string, siteUrl: string): boolean {
  const canonical = (page.value as PageContent).meta?.canonical;
  return !canonical || new URL(canonical, siteUrl).href === new URL(pagePath, siteUrl).href;
}

function routePages(
  route: LoadedPageRoute,
  language: Language,
  folders: readonly string[],
  articles: ReadonlyMap<string, PageSummary>,
  latestPublished: number,
  input: SitePagesInput,
): SitePage[] {
  const readFolder = folderReader(route);
  const segments = pathParams(route.path);
  const pages: SitePage[] = [];
  for (const folder of folders) {
    const fromFolder = readFolder(folder);
    const page = fromFolder && (input.store.page(`${language}/${folder}`) ?? articles.get(folder));
    if (!fromFolder || !page) continue;
    for (const fromData of dataParams(route, language, page, input.positions)) {
      const params = { ...fromFolder, ...fromData };
      if (segments.some(({ name, optional }) => !optional && params[name] === undefined)) continue;
      const pagePath = generatePath(route.path, params);
      // The path must reach this route (not a more specific one, /technology/lunio over /technology/:slug) and pass its checks.
      if (matchPageRoute(pagePath)?.route.id !== route.id || route.validate?.(params) === false) continue;
      if (!isCanonical(page, pagePath, input.siteUrl)) continue;
      const lastmod = pageLastmod({
        route,
        language,
        folder,
        page,
        params,
        store: input.store,
        positions: input.positions[language],
        latestPublished,
        now: input.now,
      });
      pages.push({ routeId: route.id, language, path: pagePath, lastmod });
    }
  }
  return pages;
}

/** The articles of an insights index as the sitemap needs them. */
export function articleSummaries(index: LanguageIndex): ArticleSummary[] {
  return index.articles.map(({ folderName, datetime, modifiedMs, canonical }) => ({
    folder: `${INSIGHTS_CONTENT_FOLDER}/${folderName}`,
    datetime,
    modifiedMs,
    ...(canonical ? { canonical } : {}),
  }));
}

/** An article as the page the sitemap reads: its date and canonical, from the index, as its blocks would state them. */
const articlePage = (article: ArticleSummary): PageSummary => ({
  value: {
    general_information: { datetime: article.datetime },
    meta: article.canonical ? { canonical: article.canonical } : {},
  },
  modifiedMs: article.modifiedMs,
});

/** The newest article of the language that is out, 0 when none is. */
function newestPublished(articles: readonly ArticleSummary[], now: Date): number {
  let newest = 0;
  for (const { datetime } of articles) {
    const stated = Date.parse(datetime);
    if (stated <= now.getTime() && stated > newest) newest = stated;
  }
  return newest;
}

export function listSitePages(input: SitePagesInput): SitePage[] {
  return LANGUAGES.flatMap((language) => {
    const summaries = input.articles(language);
    const articles = new Map(summaries.map((article) => [article.folder, articlePage(article)]));
    const folders = [...new Set([...contentFolders(input.store, language), ...articles.keys()])];
    const latestPublished = newestPublished(summaries, input.now);
    return LOADED_PAGE_ROUTES.filter((route) => route.language === 'shared' || route.language === language).flatMap(
      (route) => routePages(route, language, folders, articles, latestPublished, input),
    );
  });
}
