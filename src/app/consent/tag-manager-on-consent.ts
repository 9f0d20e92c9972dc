/**
 * The tag manager, loaded as soon as a Consent Mode update grants a purpose, whichever tool
 * sent it. A loaded tag manager cannot be unloaded: when the visitor withdraws every purpose,
 * the page loads again without it, so none of its tags keeps running on the withdrawn consent.
 */
import { grantsConsent } from './consent-update.ts';
import { watchConsent } from './consent-watch.ts';
import { loadTagManager, TAG_MANAGER_SCRIPT_ID } from './tag-manager.ts';

/** Starts watching; returns the stop. */
export function loadTagManagerOnConsent(origin: string, id: string): () => void {
  return watchConsent((state) => {
    if (grantsConsent(state)) loadTagManager(origin, id);
    else if (document.getElementById(TAG_MANAGER_SCRIPT_ID)) window.location.reload();
  });
}
