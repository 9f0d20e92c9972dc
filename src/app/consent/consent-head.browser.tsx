/**
 * ConsentHead as the browser renders it: the client build puts this module in place of
 * consent-head.tsx (BROWSER_VARIANTS in build.mjs). The head's consent scripts ran before any of
 * the site's code and a script runs once, so the browser keeps the elements the server wrote,
 * each with its text as it is, and no first load carries the code that writes that text.
 */
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import type { ConsentHead as ServerConsentHead } from './consent-head.tsx';
import { CONSENT_DEFAULTS_SCRIPT_ID, CONSENT_MANAGER_LOADER_ID } from './head-script-ids.ts';

/** The text the server gave the head's script with this id. */
const serverText = (id: string) => ({ __html: document.getElementById(id)?.textContent ?? '' });

export const ConsentHead: typeof ServerConsentHead = (_props: { language: Language }) => {
  const { tracking } = useEnvironment();
  if (!tracking.gtmId && !tracking.consentManagerId) return null;
  // The same elements as on the server, in the same places; the nonce is the server's alone (see security/nonce.tsx).
  return (
    <>
      <script
        id={CONSENT_DEFAULTS_SCRIPT_ID}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is the one the server wrote into this element, kept as it is
        dangerouslySetInnerHTML={serverText(CONSENT_DEFAULTS_SCRIPT_ID)}
      />
      {tracking.consentManagerId ? (
        <script
          id={CONSENT_MANAGER_LOADER_ID}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the text is the one the server wrote into this element, kept as it is
          dangerouslySetInnerHTML={serverText(CONSENT_MANAGER_LOADER_ID)}
        />
      ) : null}
    </>
  );
};
