/**
 * Loads the tag manager, once, after the visitor consented. German law (TDDDG § 25) counts the
 * tag manager itself as needing consent, so nothing of it reaches the page before that.
 */
import { pageNonce } from '../security/page-nonce.ts';

export const TAG_MANAGER_SCRIPT_ID = 'tag-manager';

export function tagManagerUrl(origin: string, id: string): string {
  return `${origin}/gtm.js?id=${encodeURIComponent(id)}`;
}

/** Adds the tag manager's script unless it is there already; true when it was added now. */
export function loadTagManager(origin: string, id: string): boolean {
  if (document.getElementById(TAG_MANAGER_SCRIPT_ID)) return false;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = TAG_MANAGER_SCRIPT_ID;
  script.async = true;
  script.src = tagManagerUrl(origin, id);
  // Custom tags that the tag manager writes into the page need the page's nonce under the
  // Content Security Policy; the container reads it from its own script element.
  const nonce = pageNonce();
  if (nonce) script.setAttribute('nonce', nonce);
  document.head.append(script);
  return true;
}
