/** The layout of every page: document, navigation, page content, footer, snackbar, progress bar, consent and page events. */
import { useEffect } from 'react';
import { Outlet, useLoaderData, useLocation, useMatches } from 'react-router';
import { ConsentProvider } from '../consent/consent-provider.tsx';
import { consentToolOf } from '../consent/consent-tool-choice.ts';
import { useEnvironment } from '../environment.tsx';
import { LANGUAGE_COOKIE, languageCookie, readCookie } from '../i18n/language.ts';
import { languageNamedBy } from '../i18n/language-address.ts';
import type { RootData, RootHandle } from '../route-data.ts';
import { useConnectivityNotice } from '../tracking/connectivity.ts';
import { usePageEvents } from '../tracking/page-events.ts';
import { ConsentSettingsOnDemand } from './consent-settings-on-demand.tsx';
import { Document } from './document.tsx';
import { Footer } from './footer.tsx';
import { Navbar } from './navbar.tsx';
import { PageHead } from './page-head.tsx';
import { ProgressBar } from './progress-bar.tsx';
import { Snackbar } from './snackbar.tsx';

/** Routes that show no navigation bar. */
const ROUTES_WITHOUT_NAVBAR = new Set(['newsletter-confirm', 'newsletter-unsubscribe']);

export function Root() {
  const root = useLoaderData() as RootData;
  const { pathname, search } = useLocation();
  const matches = useMatches();
  const showNavbar = !matches.some((match) => ROUTES_WITHOUT_NAVBAR.has(match.id));
  // The layout is the root route, always the first match; its handle comes from the route table.
  const { translatorOf } = matches[0]!.handle as RootHandle;
  const translations = translatorOf(root.languageMapping)(root.language, pathname);
  const { tracking } = useEnvironment();

  usePageEvents(root.language);
  useConnectivityNotice({ offline: root.ui.offline_notice, online: root.ui.online_notice });

  // Marks the document as interactive; styles and browser checks can tell server markup from a live page.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // An address that names its language (a one-language path, ?lang=) switches the visitor's
  // language, so shared pages follow it. The browser remembers it, not the server: such a page
  // is the same answer for everyone, and a shared cache keeps no answer that sets a cookie.
  useEffect(() => {
    const addressLanguage = languageNamedBy({ pathname, searchParams: new URLSearchParams(search) });
    if (addressLanguage && readCookie(document.cookie, LANGUAGE_COOKIE) !== addressLanguage) {
      document.cookie = languageCookie(addressLanguage);
    }
  }, [pathname, search]);

  return (
    <Document language={root.language}>
      <ConsentProvider language={root.language}>
        <PageHead language={root.language} translations={translations} />
        <a className="skip-link" href="#main">
          {root.ui.skip_to_content}
        </a>
        <ProgressBar label={root.ui.loading} />
        {showNavbar && root.navigation ? (
          <Navbar navigation={root.navigation} ui={root.ui} language={root.language} translations={translations} />
        ) : null}
        <Outlet />
        {root.footer ? <Footer footer={root.footer} ui={root.ui} /> : null}
        {/* Without a consent tool, the Cookies button lists the site's cookies. */}
        {consentToolOf(tracking) === 'none' ? <ConsentSettingsOnDemand language={root.language} /> : null}
        <Snackbar closeLabel={root.ui.snackbar_close} />
      </ConsentProvider>
    </Document>
  );
}
