/** The ids of the head's consent scripts, which the server writes and the browser keeps (see consent-head.browser.tsx). */

/** The inline script that sets the Consent Mode defaults. */
export const CONSENT_DEFAULTS_SCRIPT_ID = 'consent-defaults';
/** The inline script that adds the consent manager's script. */
export const CONSENT_MANAGER_LOADER_ID = 'consent-manager-loader';
