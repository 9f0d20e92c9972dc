/** Structured data for search engines: one script element of schema.org JSON-LD, safe against any content string. */
import { useNonce } from '../security/nonce.tsx';

/** JSON that no string inside can end the script element with. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** It carries the answer's nonce like every inline script of the page, though browsers do not run it. */
export function JsonLd({ data }: { data: Readonly<Record<string, unknown>> }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: jsonLdText escapes what could end the script element
      dangerouslySetInnerHTML={{ __html: jsonLdText({ '@context': 'https://schema.org', ...data }) }}
    />
  );
}

/** An address or a path of this site as an absolute URL. */
export const absoluteUrl = (siteUrl: string, path: string) => (/^https?:\/\//.test(path) ? path : `${siteUrl}${path}`);

export const ORGANIZATION_NAME = 'Nordstern Digital GmbH';

export function organization(siteUrl: string) {
  return { '@type': 'Organization', name: ORGANIZATION_NAME, url: siteUrl, logo: absoluteUrl(siteUrl, '/favicon.svg') };
}

/** The Open Graph card used where a page names no image of its own. */
export const DEFAULT_OG_IMAGE = '/images/og/nordstern.jpg';
