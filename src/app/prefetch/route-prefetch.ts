/**
 * Prefetching a page before it is opened: when a link to a page of the site is pointed at,
 * focused or touched, the page's module chunk and its content are fetched, so the click
 * finds both waiting. Skipped on a connection that asks to save data or is as slow as 2G.
 */
import type { ContentSource } from '../content/types.ts';
import { type LanguageSignals, resolveLanguage } from '../i18n/language.ts';
import { matchPageRoute } from '../match-page.ts';
import { loadedPageRoute } from '../page-loading.ts';
import { loadRouteLoaders, PAGE_MODULES } from '../routes.tsx';

/** The part of the Network Information API (navigator.connection) that decides. */
export interface ConnectionHints {
  saveData?: boolean;
  effectiveType?: string;
}

const SLOW_CONNECTIONS = new Set(['slow-2g', '2g']);

export function prefetchAllowed(connection: ConnectionHints | undefined): boolean {
  if (!connection) return true;
  return connection.saveData !== true && !SLOW_CONNECTIONS.has(connection.effectiveType ?? '');
}

/** What decides about a link: an anchor element has all of it. */
interface LinkLike {
  href: string;
  target: string;
  hasAttribute(name: string): boolean;
}

/** The path of this site a link leads to, or null when following it would not show another page of the site here. */
export function prefetchPath(link: LinkLike, current: Pick<Location, 'href' | 'origin' | 'pathname'>): string | null {
  if (link.target && link.target !== '_self') return null;
  if (link.hasAttribute('download')) return null;
  let url: URL;
  try {
    url = new URL(link.href, current.href);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || url.pathname === current.pathname) return null;
  return url.pathname;
}

interface RoutePrefetcherOptions {
  content: ContentSource;
  /** The cookie and browser languages that decide the language of a shared path, read when prefetching. */
  languageSignals(): Omit<LanguageSignals, 'pathLanguage'>;
}

/** Prefetches each path once: its page module, the route loaders and its content (the same source the route loaders read, which keeps it). */
export function createRoutePrefetcher({
  content,
  languageSignals,
}: RoutePrefetcherOptions): (pathname: string) => void {
  const prefetched = new Set<string>();
  return (pathname) => {
    if (prefetched.has(pathname)) return;
    prefetched.add(pathname);
    const match = matchPageRoute(pathname);
    if (!match) return;
    const { route, params } = match;
    // A chunk that fails here is left to the navigation, which reloads the page for it.
    PAGE_MODULES[route.page]().catch(() => prefetched.delete(pathname));
    // The navigation runs the route loaders, whose chunk the first page did not need.
    loadRouteLoaders().catch(() => prefetched.delete(pathname));
    // Redirecting routes and invalid paths have no content of their own.
    const loaded = loadedPageRoute(route);
    if (loaded.middleware?.length || (loaded.validate && !loaded.validate(params))) return;
    const language = resolveLanguage({
      pathLanguage: route.language === 'shared' ? undefined : route.language,
      ...languageSignals(),
    });
    void content.page(language, loaded.folder(params));
  };
}

/** Calls back with the path of each site link the visitor points at, focuses or touches; returns the unsubscribe. */
export function listenForLinkIntent(root: Document, onIntent: (pathname: string) => void): () => void {
  const events = ['mouseover', 'focusin', 'touchstart'] as const;
  const onEvent = (event: Event) => {
    const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
    if (!(link instanceof HTMLAnchorElement)) return;
    const connection = (navigator as Navigator & { connection?: ConnectionHints }).connection;
    if (!prefetchAllowed(connection)) return;
    const path = prefetchPath(link, window.location);
    if (path) onIntent(path);
  };
  for (const type of events) root.addEventListener(type, onEvent, { capture: true, passive: true });
  return () => {
    for (const type of events) root.removeEventListener(type, onEvent, { capture: true });
  };
}
