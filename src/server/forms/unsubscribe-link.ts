/** The unsubscribe links of a mail to a newsletter subscriber: signed, so only the address's owner has one. */
import type { Language } from '#app/i18n/language.ts';
import { newsletterUnsubscribePath } from '#app/paths.ts';
import type { TokenSigner } from './tokens.ts';

/** A link in a mail from years ago must still unsubscribe. */
export const UNSUBSCRIBE_LINK_HOURS = 10 * 366 * 24;
export const ONE_CLICK_PATH = '/api/newsletter/unsubscribe';

export function unsubscribeLinks(siteUrl: string, tokens: TokenSigner, email: string, language: Language): { page: string; oneClick: string } {
  const token = tokens.sign({ purpose: 'unsubscribe', subject: email, language }, Date.now(), UNSUBSCRIBE_LINK_HOURS);
  return { page: `${siteUrl}${newsletterUnsubscribePath(token)}`, oneClick: `${siteUrl}${ONE_CLICK_PATH}/${encodeURIComponent(token)}` };
}
