/** Title, description, Open Graph, canonical and hreflang of the current page, from its meta.json. */
import { useMatches } from 'react-router';
import type { PageMeta } from '../content/types.ts';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import type { Translation } from '../i18n/translate-path.ts';
import type { PageData } from '../routes.tsx';

export const COMPANY_NAME = 'Nordstern Digital';
const OG_LOCALE: Record<Language, string> = { en: 'en_GB', de: 'de_DE' };

function absolute(siteUrl: string, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${siteUrl}${path.startsWith('/') ? '' : '/'}${path}`;
}

export function PageHead({ language, translations }: { language: Language; translations: Translation[] }) {
  const { siteUrl } = useEnvironment();
  const matches = useMatches();
  const page = [...matches].reverse().find((match) => (match.loaderData as PageData | undefined)?.content)?.loaderData as PageData | undefined;
  const meta: PageMeta = page?.content.meta ?? {};
  const ogEntries = Object.entries(meta).filter(
    (entry): entry is [string, string] => entry[0].startsWith('og_') && typeof entry[1] === 'string' && entry[1] !== '',
  );
  const english = translations.find((t) => t.language === 'en');
  return (
    <>
      {/* Without a page (an error) the error page names itself: a document has one title. */}
      {page ? <title>{meta.title || COMPANY_NAME}</title> : null}
      {meta.description ? <meta name="description" content={meta.description} /> : null}
      {ogEntries.map(([key, value]) => (
        <meta key={key} property={key.replace('_', ':')} content={key === 'og_image' ? absolute(siteUrl, value) : value} />
      ))}
      {page ? <meta property="og:locale" content={OG_LOCALE[language]} /> : null}
      {meta.canonical ? <link rel="canonical" href={absolute(siteUrl, meta.canonical)} /> : null}
      {translations.map((t) => (
        <link key={t.language} rel="alternate" hrefLang={t.language} href={absolute(siteUrl, t.path)} />
      ))}
      {english ? <link rel="alternate" hrefLang="x-default" href={absolute(siteUrl, english.path)} /> : null}
    </>
  );
}
