/**
 * Every mailto: link of the site is built here, from its parts: the address's local part and
 * domain and any subject or body, each percent-encoded. Put together by concatenation, an
 * address such as "a?cc=someone@else&body=…" would add recipients and text to the visitor's
 * mail; encoded, it stays one (unusable) address.
 */

export interface MailtoFields {
  subject?: string;
  body?: string;
}

/** encodeURIComponent throws on a lone surrogate; one in content becomes U+FFFD instead of breaking the page. */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, '\uFFFD'));
}

export function mailtoHref(address: string, fields: MailtoFields = {}): string {
  const at = address.lastIndexOf('@');
  const to = at < 0 ? encode(address) : `${encode(address.slice(0, at))}@${encode(address.slice(at + 1))}`;
  const query: string[] = [];
  if (fields.subject) query.push(`subject=${encode(fields.subject)}`);
  // RFC 6068: a line break in the body is written CRLF.
  if (fields.body) query.push(`body=${encode(fields.body.replace(/\r\n|\r|\n/g, '\r\n'))}`);
  return `mailto:${to}${query.length > 0 ? `?${query.join('&')}` : ''}`;
}

/** The address of a content link "mailto:…", or undefined for any other link. */
export function mailtoAddressOf(href: string): string | undefined {
  return /^mailto:/i.test(href) ? href.slice('mailto:'.length) : undefined;
}
