/**
 * The first elements of the head when a consent tool is configured: the Consent Mode defaults
 * (all denied) before any other script, then the consent manager's script when one is set.
 * Both carry the response's nonce, which the Content Security Policy asks of every script the
 * server writes.
 */
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { useNonce } from '../security/nonce.tsx';
import { CONSENT_DEFAULTS_SCRIPT_ID, consentDefaultsScript } from './consent-mode.ts';
import { consentManagerScript } from './usercentrics.ts';

export function ConsentHead({ language }: { language: Language }) {
  const { tracking } = useEnvironment();
  const nonce = useNonce();
  if (!tracking.gtmId && !tracking.consentManagerId) return null;
  const manager = tracking.consentManagerId ? consentManagerScript(tracking.consentManagerOrigin, tracking.consentManagerId, language) : null;
  return (
    <>
      <script id={CONSENT_DEFAULTS_SCRIPT_ID} nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: consentDefaultsScript() }} />
      {/* Deferred, not async: React moves async scripts ahead of the head's own elements, and this one must follow the defaults. */}
      {manager ? <script {...manager} defer nonce={nonce} suppressHydrationWarning /> : null}
    </>
  );
}
