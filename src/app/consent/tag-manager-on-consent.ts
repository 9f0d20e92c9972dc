/** The tag manager, loaded as soon as a Consent Mode update grants a purpose, whichever tool sent it. */
import { grantsConsent } from './consent-mode.ts';
import { watchConsent } from './consent-watch.ts';
import { loadTagManager } from './tag-manager.ts';

/** Starts watching; returns the stop. */
export function loadTagManagerOnConsent(origin: string, id: string): () => void {
  return watchConsent((state) => {
    if (grantsConsent(state)) loadTagManager(origin, id);
  });
}
