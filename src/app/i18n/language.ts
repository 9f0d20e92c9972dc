/** The site's languages, the cookie that remembers the visitor's choice, and how a request's language is decided. */
export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const LANGUAGE_COOKIE = 'language';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

export function isLanguage(value: unknown): value is Language {
  return value === 'en' || value === 'de';
}

/** Reads one cookie from a Cookie header (or document.cookie); undefined when absent. */
export function readCookie(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const value = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** The first of de/en in an Accept-Language header, by quality; regional variants count as their language. */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((entry, index) => {
      const [tag = '', ...params] = entry.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const quality = q ? Number(q.slice(2)) : 1;
      return {
        primary: tag.trim().toLowerCase().split('-')[0],
        quality: Number.isFinite(quality) ? quality : 0,
        index,
      };
    })
    .filter((entry) => entry.quality > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  const first = ranked[0]?.primary;
  return isLanguage(first) ? first : undefined;
}

/** The browser's languages in the same shape as an Accept-Language header. */
export function acceptLanguageOfNavigator(languages: readonly string[]): string {
  return languages.join(',');
}

export interface LanguageSignals {
  /** The language a one-language path decides, if the path is one. */
  pathLanguage?: Language;
  /** The language a shared path's address names (?lang=de), which outranks what the visitor sends. */
  queryLanguage?: Language;
  cookie?: string;
  acceptLanguage?: string | null;
}

/** Path first, then the address's ?lang=, then the cookie (only de or en count), then Accept-Language, then English. */
export function resolveLanguage({ pathLanguage, queryLanguage, cookie, acceptLanguage }: LanguageSignals): Language {
  if (pathLanguage) return pathLanguage;
  if (queryLanguage) return queryLanguage;
  if (isLanguage(cookie)) return cookie;
  return languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE;
}

/** The cookie that remembers a language; the spec keeps it readable by scripts and not secure-flagged. */
export function languageCookie(language: Language): string {
  return `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
}
