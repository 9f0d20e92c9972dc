/**
 * The pages a search engine should find: every page of the route table that content backs,
 * in each language it has content in, with the date it last changed. Dynamic segments are
 * filled from what exists: the content folders a route reads, an event's editions, the open
 * positions. A route with a required segment nothing names (a visitor's token in a mailed
 * link) has no listable page, and a page whose meta names another address as canonical is
 * left to that address.
 */
import path from 'node:path';
import { generatePath } from 'react-router';
import type { Position } from '#app/careers/model.ts';
import type { PageContent } from '#app/content/types.ts';
import type { EventInformation } from '#app/events/model.ts';
import { LANGUAGES, type Language } from '#app/i18n/language.ts';
import { matchPageRoute, PAGE_ROUTES, type PageRoute } from '#app/paths.ts';
import type { ContentStore, StoredFile } from '../content/content-store.ts';
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

export interface SitePagesInput {
  store: ContentStore;
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
function dataParams(route: PageRoute, language: Language, page: StoredFile, positions: SitePagesInput['positions']): RouteParams[] {
  switch (route.data) {
    case 'event': {
      const editions = ((page.value as PageContent).information as EventInformation | undefined)?.editions ?? [];
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
function isCanonical(page: StoredFile, pagePath: string, siteUrl: string): boolean {
  const canonical = (page.value as PageContent).meta?.canonical;
  return !canonical || new URL(canonical, siteUrl).href === new URL(pagePath, siteUrl).href;
}

function routePages(route: PageRoute, language: Language, folders: readonly string[], input: SitePagesInput): SitePage[] {
  const readFolder = folderReader(route);
  const segments = pathParams(route.path);
  const pages: SitePage[] = [];
  for (const folder of folders) {
    const fromFolder = readFolder(folder);
    const page = fromFolder && input.store.page(`${language}/${folder}`);
    if (!fromFolder || !page) continue;
    for (const fromData of dataParams(route, language, page, input.positions)) {
      const params = { ...fromFolder, ...fromData };
      if (segments.some(({ name, optional }) => !optional && params[name] === undefined)) continue;
      const pagePath = generatePath(route.path, params);
      // The path must reach this route (not a more specific one, /technology/lunio over /technology/:slug) and pass its checks.
      if (matchPageRoute(pagePath)?.route.id !== route.id || route.validate?.(params) === false) continue;
      if (!isCanonical(page, pagePath, input.siteUrl)) continue;
      const lastmod = pageLastmod({ route, language, folder, page, params, store: input.store, positions: input.positions[language], now: input.now });
      pages.push({ routeId: route.id, language, path: pagePath, lastmod });
    }
  }
  return pages;
}

export function listSitePages(input: SitePagesInput): SitePage[] {
  return LANGUAGES.flatMap((language) => {
    const folders = contentFolders(input.store, language);
    return PAGE_ROUTES.filter((route) => route.language === 'shared' || route.language === language).flatMap((route) => routePages(route, language, folders, input));
  });
}
