/** The HTML document around every page: language, Consent Mode defaults, charset, theme colour and the page's own assets. */
import type { ReactNode } from 'react';
import { ConsentHead } from '../consent/consent-head.tsx';
import { INLINE_CSS_ID, useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';

export const THEME_COLOR = '#174f78';

export function Document({ language, children }: { language: Language; children: ReactNode }) {
  const { assets } = useEnvironment();
  return (
    <html lang={language}>
      <head>
        {/* First of the head's own elements, so the Consent Mode defaults run before any other script (React only puts non-script tags ahead: charset, viewport, title, meta, link). */}
        <ConsentHead language={language} />
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content={THEME_COLOR} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {assets.fontPreloads?.map((href) => (
          <link key={href} rel="preload" href={href} as="font" type="font/woff2" crossOrigin="" />
        ))}
        {assets.inlineCss === undefined ? (
          assets.css.map((href) => <link key={href} rel="stylesheet" href={href} />)
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, inlined; no visitor input
          <style id={INLINE_CSS_ID} dangerouslySetInnerHTML={{ __html: assets.inlineCss }} />
        )}
      </head>
      <body>{children}</body>
    </html>
  );
}
