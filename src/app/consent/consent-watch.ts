/**
 * Follows the consent state of the page by watching the dataLayer: the entries already there
 * (the defaults, a consent manager that answered before the app started) and every entry
 * pushed later. The tag manager wraps `dataLayer.push` once it loads and calls the push it
 * found, so this watcher keeps seeing entries afterwards.
 */
import type { ConsentState } from './consent-mode.ts';
import { consentCommandOf } from './consent-update.ts';

export function watchConsent(onChange: (state: ConsentState) => void): () => void {
  window.dataLayer ??= [];
  const layer = window.dataLayer;
  let state: ConsentState = {};
  let watching = true;

  const read = (entry: unknown): boolean => {
    const consent = consentCommandOf(entry);
    if (!consent) return false;
    state = consent.command === 'default' ? { ...consent.state, ...state } : { ...state, ...consent.state };
    return true;
  };

  // Defaults never overrule an update that came before them.
  let changed = false;
  for (const entry of layer) changed = read(entry) || changed;
  if (changed) onChange(state);

  const push = layer.push;
  const watchedPush = function (this: unknown[], ...entries: unknown[]): number {
    const length = push.apply(this, entries);
    if (watching && entries.map(read).some(Boolean)) onChange(state);
    return length;
  };
  layer.push = watchedPush;

  return () => {
    watching = false;
    if (layer.push === watchedPush) layer.push = push;
  };
}
