/**
 * The first elements of the head when a consent tool is configured: the Consent Mode defaults
 * (all denied) before any other script, then, when a consent manager is set, an inline script
 * that adds the manager's script element right after itself. The manager is added by a script
 * rather than written into the page because a page the same for everyone allows its scripts by
 * their hashes with 'strict-dynamic', which trusts what a trusted script adds and no external
 * script the page names itself. Both carry the response's nonce when it has one. The browser
 * renders consent-head.browser.tsx in its place (build.mjs).
 */
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { useNonce } from '../security/nonce.tsx';
import { consentDefaultsScript } from './consent-mode.ts';
import { CONSENT_DEFAULTS_SCRIPT_ID, CONSENT_MANAGER_LOADER_ID } from './head-script-ids.ts';
import { consentManagerScript } from './usercentrics.ts';

export { CONSENT_MANAGER_LOADER_ID };

/**
 * Adds a script element with these attributes right after the running script. Not async: it
 * runs in order, after the defaults, as soon as it has loaded.
 */
export function scriptAdder(attributes: Readonly<Record<string, string>>): string {
  const json = JSON.stringify(attributes).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
  return `(function(a){var s=document.createElement('script');for(var k in a)s.setAttribute(k,a[k]);s.async=false;document.currentScript.after(s)})(${json});`;
}

export function ConsentHead({ language }: { language: Language }) {
  const { tracking } = useEnvironment();
  const nonce = useNonce();
  if (!tracking.gtmId && !tracking.consentManagerId) return null;
  const manager = tracking.consentManagerId
    ? consentManagerScript(tracking.consentManagerOrigin, tracking.consentManagerId, language)
    : null;
  return (
    <>
      <script
        id={CONSENT_DEFAULTS_SCRIPT_ID}
        nonce={nonce}
        suppressHydrationWarning
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the defaults are the site's own script text, no visitor input
        dangerouslySetInnerHTML={{ __html: consentDefaultsScript() }}
      />
      {manager ? (
        <script
          id={CONSENT_MANAGER_LOADER_ID}
          nonce={nonce}
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: scriptAdder escapes <, > and & in the configured attributes, so the script cannot be closed from inside
          dangerouslySetInnerHTML={{ __html: scriptAdder(manager) }}
        />
      ) : null}
    </>
  );
}
