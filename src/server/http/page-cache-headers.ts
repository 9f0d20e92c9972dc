/**
 * Cache-Control and Vary of a page answer, by what the answer depends on. Only an answer that
 * is the same bytes for everyone who asks for its address may be kept by a shared cache (a
 * CDN): its address names its language and it carries neither a nonce nor anything a visitor
 * typed or was sent.
 */

export type PageSharing =
  /** Kept page whose address names its language (a one-language path, `?lang=`): the same for everyone. */
  | 'shared'
  /** Kept page whose language the cookie or Accept-Language chose: one visitor's browser may keep it. */
  | 'negotiated'
  /** Rendered for this answer alone, with its own nonce (a query, the cache off). */
  | 'rendered'
  /** Shows what a visitor typed or a mailed link's token: kept nowhere. */
  | 'personal'
  /** An error page: rendered again each time, so a fixed fault or new content shows at once. */
  | 'error';

export interface SharedCacheTimes {
  /** How long a shared cache may serve a kept page without asking (`s-maxage`). */
  maxAgeS: number;
  /** How much longer it may serve it while it asks in the background (`stale-while-revalidate`). */
  staleS: number;
}

/** What changes the bytes of a page chosen by the visitor's language signals. */
const NEGOTIATED_VARY = 'Cookie, Accept-Language, Accept-Encoding';

export type PageCacheHeaders = Readonly<{ 'cache-control': string; vary: string }>;

/** The headers of each kind, made once: an answer only picks its kind. */
export function createPageCacheHeaders(times: SharedCacheTimes): (sharing: PageSharing) => PageCacheHeaders {
  const byKind: Readonly<Record<PageSharing, PageCacheHeaders>> = {
    // Browsers ask again each time (a cheap 304); a CDN answers for maxAgeS on its own.
    shared: {
      'cache-control': `public, max-age=0, s-maxage=${times.maxAgeS}, stale-while-revalidate=${times.staleS}`,
      vary: 'Accept-Encoding',
    },
    negotiated: { 'cache-control': 'private, no-cache', vary: NEGOTIATED_VARY },
    rendered: { 'cache-control': 'private, no-cache', vary: NEGOTIATED_VARY },
    personal: { 'cache-control': 'private, no-store', vary: NEGOTIATED_VARY },
    error: { 'cache-control': 'no-store', vary: NEGOTIATED_VARY },
  };
  return (sharing) => byKind[sharing];
}
