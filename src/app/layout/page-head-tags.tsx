/**
 * Title, description, canonical address, hreflang alternates, Open Graph and Twitter cards of
 * the current page, from its meta.json. The server renders them with every page; the browser
 * needs them only from the first client-side navigation on (see page-head.browser.tsx). Each language version of a page has its own address
 * (see i18n/language-address.ts), so crawlers, which send no cookie, can reach both.
 */
import { useLocation, useMatches } from 'react-router';
import type { PageMeta } from '../content/types.ts';
import { useEnvironment } from '../environment.tsx';
import { SENT_PARAM } from '../forms/sent-param.ts';
import { formatDate } from '../i18n/format.ts';
import type { Language } from '../i18n/language.ts';
import { languageAddress } from '../i18n/language-address.ts';
import type { Translation } from '../i18n/translate-path.ts';
import { useFormatTexts } from '../i18n/use-format-texts.ts';
import { PAGE_ROUTES } from '../page-table.ts';
import { NEWSLETTER_RESULT_PARAM, REGISTRATION_PARAM } from '../paths.ts';
import type { PageData } from '../route-data.ts';
import { absoluteUrl, DEFAULT_OG_IMAGE } from '../seo/json-ld.tsx';

export const COMPANY_NAME = 'Nordstern Digital';
const OG_LOCALE: Record<Language, string> = { en: 'en_GB', de: 'de_DE' };

const NOINDEX_ROUTES = new Set(PAGE_ROUTES.filter((route) => route.noindex).map((route) => route.id));
/** A form's thank-you and a confirmation's outcome are shown on the page's address with one of these. */
const OUTCOME_PARAMS = [SENT_PARAM, REGISTRATION_PARAM, NEWSLETTER_RESULT_PARAM] as const;

const absolute = (siteUrl: string, path: string) =>
  absoluteUrl(siteUrl, path.startsWith('/') || /^https?:\/\//.test(path) ? path : `/${path}`);

export function PageHead({ language, translations }: { language: Language; translations: Translation[] }) {
  const { siteUrl } = useEnvironment();
  const dates = useFormatTexts();
  const matches = useMatches();
  const { pathname, search } = useLocation();
  const page = [...matches].reverse().find((match) => (match.loaderData as PageData | undefined)?.content)
    ?.loaderData as PageData | undefined;
  // An error page names itself and says noindex itself (a document has one title).
  if (!page) return null;

  const meta: PageMeta = page.content.meta ?? {};
  const params = new URLSearchParams(search);
  const noindex =
    matches.some((match) => NOINDEX_ROUTES.has(match.id)) || OUTCOME_PARAMS.some((param) => params.has(param));
  const canonical = absolute(siteUrl, languageAddress(meta.canonical || pathname, language));
  // Each edition of an event that has several is its own canonical page, so it is titled by its place and day, not by the series.
  const event = page.event && page.event.information.editions.length > 1 ? page.event : null;
  const edition = event
    ? `${event.information.name} ${event.edition.city}, ${formatDate(event.edition.start, dates)}`
    : null;
  const title = edition ? `${edition} | ${COMPANY_NAME}` : meta.title || COMPANY_NAME;
  const cardTitle = edition ? title : meta.og_title || title;
  const cardDescription = meta.og_description || meta.description;
  const image = absolute(siteUrl, meta.og_image || DEFAULT_OG_IMAGE);
  // A page in one language only names itself, so every page has its alternates and x-default.
  const alternates = translations.length > 0 ? translations : [{ language, path: meta.canonical || pathname }];
  const xDefault = (alternates.find((t) => t.language === 'en') ?? alternates[0])!;
  return (
    <>
      <title>{title}</title>
      {meta.description ? <meta name="description" content={meta.description} /> : null}
      {noindex ? <meta name="robots" content="noindex" /> : <link rel="canonical" href={canonical} />}
      {noindex
        ? null
        : alternates.map((t) => (
            <link
              key={t.language}
              rel="alternate"
              hrefLang={t.language}
              href={absolute(siteUrl, languageAddress(t.path, t.language))}
            />
          ))}
      {/* The bare shared path follows the visitor's language; a one-language pair falls back to English. */}
      {noindex ? null : <link rel="alternate" hrefLang="x-default" href={absolute(siteUrl, xDefault.path)} />}
      <meta property="og:site_name" content={COMPANY_NAME} />
      <meta property="og:type" content={meta.og_type || 'website'} />
      <meta property="og:title" content={cardTitle} />
      {cardDescription ? <meta property="og:description" content={cardDescription} /> : null}
      <meta property="og:url" content={canonical} />
      <meta property="og:image" content={image} />
      <meta property="og:locale" content={OG_LOCALE[language]} />
      {translations
        .filter((t) => t.language !== language)
        .map((t) => (
          <meta key={t.language} property="og:locale:alternate" content={OG_LOCALE[t.language]} />
        ))}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={cardTitle} />
      {cardDescription ? <meta name="twitter:description" content={cardDescription} /> : null}
      <meta name="twitter:image" content={image} />
    </>
  );
}
