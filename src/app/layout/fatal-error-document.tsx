/** Shown when the error page itself cannot be shown: no content needed, a way home. */
import { useEffect } from 'react';
import { useLocation, useRouteError, useRouteLoaderData } from 'react-router';
import { reloadOnChunkError } from '../chunk-reload.ts';
import { FALLBACK_MESSAGES } from '../i18n/fallback-messages.ts';
import { DEFAULT_LANGUAGE } from '../i18n/language.ts';
import { languageOfPath } from '../match-page.ts';
import { HOME_PATH } from '../paths.ts';
import type { RootData } from '../route-data.ts';
import { Document } from './document.tsx';

export function FatalErrorDocument() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const root = useRouteLoaderData('root') as RootData | undefined;
  const language = root?.language ?? languageOfPath(pathname) ?? DEFAULT_LANGUAGE;
  const text = FALLBACK_MESSAGES[language];
  useEffect(() => {
    reloadOnChunkError(error);
  }, [error]);
  return (
    <Document language={language}>
      <title>{text.title}</title>
      <main className="fatal-error">
        <h1>{text.headline}</h1>
        <a className="button button--primary" href={HOME_PATH}>
          {text.home}
        </a>
      </main>
    </Document>
  );
}
