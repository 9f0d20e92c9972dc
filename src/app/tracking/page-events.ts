/**
 * The events of each page (SPEC 4 "Other", SPEC 9): a `meta` event when a page is shown (first
 * load and every client navigation), and a `page_view` that follows (page-view.ts). Their code
 * loads after the first commit, since the events are sent after it all the same: no first load
 * carries it.
 */
import { useEffect } from 'react';
import { useLocation, useMatches } from 'react-router';
import type { Language } from '../i18n/language.ts';

/** The meta event and the page_view of every page shown, in the page's language. */
export function usePageEvents(language: Language): void {
  const { pathname } = useLocation();
  const matches = useMatches();
  const routeId = matches.at(-1)?.id ?? '';
  useEffect(() => {
    let left = false;
    let cancel: (() => void) | undefined;
    // A module that cannot load (a deploy replaced its chunk) costs this page's events, nothing more.
    import('./page-view.ts').then(
      ({ sendPageEvents }) => {
        if (!left) cancel = sendPageEvents(pathname, language, routeId);
      },
      () => undefined,
    );
    return () => {
      left = true;
      cancel?.();
    };
  }, [pathname, language, routeId]);
}
