/**
 * The events of a page shown (see page-events.ts): its `meta` event, and a `page_view` that
 * follows once the meta event is in the dataLayer, looked for every 50 ms, 300 ms after it was
 * found. The address of a page opened from a mailed link is reported with its token blanked out.
 */
import type { Language } from '../i18n/language.ts';
import { PAGE_VIEW_DELAY_MS, PAGE_VIEW_POLL_MS } from '../layout/timing.ts';
import { withoutToken } from '../match-page.ts';
import { pushDataLayer } from './data-layer.ts';

export interface PageInfo {
  page_path: string;
  page_title: string;
  language: Language;
  /** The route table's id of the page (src/app/page-table.ts), `not-found` for an unknown path. */
  route_id: string;
}

const isMetaEventOf = (entry: unknown, path: string) =>
  typeof entry === 'object' &&
  entry !== null &&
  (entry as { event?: unknown }).event === 'meta' &&
  (entry as { page_path?: unknown }).page_path === path;

/**
 * Sends the page's page_view once its meta event is in the dataLayer (entries from `from` on
 * count, so an earlier visit to the same path does not). Returns a cancel, for a page left
 * before its page_view was due.
 */
export function schedulePageView(page: PageInfo, from: number): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  // The page's own path stands for the address: a mailed link's token never reaches the tag manager.
  const send = () =>
    pushDataLayer({
      event: 'page_view',
      ...page,
      page_location: `${window.location.origin}${page.page_path}${window.location.search}`,
    });
  const look = () => {
    const found = (window.dataLayer ?? []).slice(from).some((entry) => isMetaEventOf(entry, page.page_path));
    timer = found ? setTimeout(send, PAGE_VIEW_DELAY_MS) : setTimeout(look, PAGE_VIEW_POLL_MS);
  };
  look();
  return () => clearTimeout(timer);
}

/** The meta event of the page on screen, now, and its page_view when due; returns a cancel for the page_view. */
export function sendPageEvents(pathname: string, language: Language, routeId: string): () => void {
  // After the commit, so the title is the new page's.
  const page: PageInfo = { page_path: withoutToken(pathname), page_title: document.title, language, route_id: routeId };
  const from = window.dataLayer?.length ?? 0;
  pushDataLayer({ event: 'meta', ...page });
  return schedulePageView(page, from);
}
