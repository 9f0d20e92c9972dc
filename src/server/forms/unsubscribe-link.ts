/**
 * The unsubscribe links of a mail to a newsletter subscriber. The token names the sign-up
 * that put the address on the list, never the address: links travel in URLs, logs and
 * referrers. Signed, so only the person the mail went to has one.
 */
import { NEWSLETTER_UNSUBSCRIBE_API } from '#app/api-paths.ts';
import type { Language } from '#app/i18n/language.ts';
import { newsletterUnsubscribePath } from '#app/paths.ts';
import type { TokenSigner } from './tokens.ts';

/** A link in a mail from years ago must still unsubscribe. */
export const UNSUBSCRIBE_LINK_HOURS = 10 * 366 * 24;

export function unsubscribeLinks(
  siteUrl: string,
  tokens: TokenSigner,
  signUpId: string,
  language: Language,
): { page: string; oneClick: string } {
  const token = tokens.sign(
    { purpose: 'unsubscribe', subject: signUpId, language },
    Date.now(),
    UNSUBSCRIBE_LINK_HOURS,
  );
  return {
    page: `${siteUrl}${newsletterUnsubscribePath(token)}`,
    oneClick: `${siteUrl}${NEWSLETTER_UNSUBSCRIBE_API}/${encodeURIComponent(token)}`,
  };
}
