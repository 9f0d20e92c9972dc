/**
 * The one rule for the language of a request: what the request names itself (a page address's
 * one-language path or ?lang=, a form's own language field) outranks what the visitor's browser
 * sends. The server decides it once per request with these functions; the browser's loaders,
 * which get no decision from a server, with the same ones.
 */

import { type Language, type LanguageSignals, resolveLanguage } from './language.ts';
import { languageNamedBy } from './language-address.ts';

/** What the visitor's browser sends with every request: the language cookie and Accept-Language. */
export type VisitorSignals = Pick<LanguageSignals, 'cookie' | 'acceptLanguage'>;

/** The language a request names, else the cookie's (de or en only), else the first of Accept-Language, else English. */
export function languageOfRequest(named: Language | undefined, signals: VisitorSignals): Language {
  return named ?? resolveLanguage(signals);
}

/** The language of the page at an address, for a visitor who sends these signals. */
export function languageOfAddress(url: Pick<URL, 'pathname' | 'searchParams'>, signals: VisitorSignals): Language {
  return languageOfRequest(languageNamedBy(url), signals);
}
