/**
 * The consent texts of the page's language, fetched when the site's banner or the cookie list
 * first needs them: most visits show neither, so no page carries them in its HTML.
 */
import { useEffect, useState } from 'react';
import { createFetchContentSource } from '../content/fetch-content-source.ts';
import type { ConsentTexts } from '../content/schemas/consent.ts';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';

export function useConsentTexts(language: Language, needed = true): ConsentTexts | null {
  const { assetsBaseUrl } = useEnvironment();
  const [loaded, setLoaded] = useState<{ language: Language; texts: ConsentTexts | null } | null>(null);
  useEffect(() => {
    if (!needed) return;
    let current = true;
    void createFetchContentSource(assetsBaseUrl)
      .file<ConsentTexts>(language, 'consent.json')
      .then((texts) => {
        if (current) setLoaded({ language, texts });
      });
    return () => {
      current = false;
    };
  }, [assetsBaseUrl, language, needed]);
  // A language switch shows the new language's texts once they are there, never the old ones meanwhile.
  return loaded?.language === language ? loaded.texts : null;
}
