/**
 * The Content Security Policy of every page. Scripts run only from this site, from inline
 * elements carrying the answer's nonce, and from exactly the third-party origins this
 * configuration uses: the tag manager, the consent manager, the maps library and Google's
 * sign-in script, each only when configured. What those scripts fetch, show or frame is
 * allowed by the hosts their makers document, again only when configured. Violations are
 * reported to /api/csp-report.
 */
import { randomBytes } from 'node:crypto';
import type { Config } from '../config.ts';

export const CSP_REPORT_PATH = '/api/csp-report';
/** The Reporting API endpoint's name, as `report-to` and `Reporting-Endpoints` spell it. */
export const CSP_REPORT_GROUP = 'csp';

type Directive =
  | 'script-src'
  | 'connect-src'
  | 'img-src'
  | 'style-src'
  | 'font-src'
  | 'frame-src';

/** Hosts a third party's script reaches besides its own origin, from its maker's CSP guidance. */
const TAG_MANAGER_HOSTS: Partial<Record<Directive, string[]>> = {
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
const CONSENT_MANAGER_HOSTS: Partial<Record<Directive, string[]>> = {
  'connect-src': ['https://*.usercentrics.eu'],
  'img-src': ['https://*.usercentrics.eu'],
};
const MAPS_HOSTS: Partial<Record<Directive, string[]>> = {
  'connect-src': ['https://*.googleapis.com', 'https://*.gstatic.com'],
  'img-src': ['https://*.googleapis.com', 'https://*.gstatic.com', 'https://*.google.com', 'https://*.ggpht.com'],
  'font-src': ['https://fonts.gstatic.com'],
  'style-src': ['https://fonts.googleapis.com'],
};
/** Google sign-in: the popup's helper script, the identity APIs and the auth domain's frame. */
const GOOGLE_SIGN_IN_SCRIPT = 'https://apis.google.com';
const IDENTITY_APIS = ['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com'];

export type PolicyConfig = Pick<Config, 'siteUrl' | 'assetsBaseUrl' | 'tracking' | 'login'>;

export interface ContentSecurityPolicy {
  /** The header's value for one answer. */
  header(nonce: string): string;
  /** The `Reporting-Endpoints` header naming where reports go. */
  readonly reportingEndpoints: string;
  /** Third-party origins scripts may come from, for the operators' notes and the tests. */
  readonly scriptOrigins: readonly string[];
}

/** 128 random bits, base64url: unguessable, and safe in an attribute and in the header. */
export function createNonce(): string {
  return randomBytes(16).toString('base64url');
}

export function createContentSecurityPolicy(config: PolicyConfig): ContentSecurityPolicy {
  const { tracking, login } = config;
  const sources: Record<Directive, Set<string>> = {
    'script-src': new Set(["'self'"]),
    'connect-src': new Set(["'self'"]),
    'img-src': new Set(["'self'", 'data:']),
    // The stylesheet is inlined into each page and components set style attributes.
    'style-src': new Set(["'self'", "'unsafe-inline'"]),
    'font-src': new Set(["'self'"]),
    'frame-src': new Set(["'self'"]),
  };
  const add = (hosts: Partial<Record<Directive, string[]>>) => {
    for (const [directive, list] of Object.entries(hosts) as [Directive, string[]][]) for (const host of list) sources[directive].add(host);
  };
  if (/^https?:\/\//.test(config.assetsBaseUrl)) sources['connect-src'].add(new URL(config.assetsBaseUrl).origin);
  if (tracking.gtmId) {
    add({ 'script-src': [tracking.gtmOrigin], 'connect-src': [tracking.gtmOrigin], 'img-src': [tracking.gtmOrigin] });
    add(TAG_MANAGER_HOSTS);
  }
  if (tracking.consentManagerId) {
    add({ 'script-src': [tracking.consentManagerOrigin], 'connect-src': [tracking.consentManagerOrigin], 'img-src': [tracking.consentManagerOrigin] });
    add(CONSENT_MANAGER_HOSTS);
  }
  if (tracking.mapsApiKey) {
    add({ 'script-src': [tracking.mapsOrigin], 'connect-src': [tracking.mapsOrigin], 'img-src': [tracking.mapsOrigin] });
    add(MAPS_HOSTS);
  }
  if (login.web && login.galaxyUrl) {
    add({ 'script-src': [GOOGLE_SIGN_IN_SCRIPT], 'connect-src': IDENTITY_APIS, 'frame-src': [`https://${login.web.authDomain}`] });
    if (login.emulatorHost) add({ 'connect-src': [`http://${login.emulatorHost}`] });
  }
  const scriptOrigins = [...sources['script-src']].filter((source) => source !== "'self'");
  const https = config.siteUrl.startsWith('https://');
  const fixed = [
    "default-src 'self'",
    ...Object.entries(sources)
      .filter(([directive]) => directive !== 'script-src')
      .map(([directive, list]) => `${directive} ${[...list].join(' ')}`),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
    `report-uri ${CSP_REPORT_PATH}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
  const scripts = [...sources['script-src']].join(' ');
  return {
    header: (nonce) => `script-src ${scripts} 'nonce-${nonce}'; ${fixed}`,
    // Relative to the page, so it names the host the visitor used whatever SITE_URL says.
    reportingEndpoints: `${CSP_REPORT_GROUP}="${CSP_REPORT_PATH}"`,
    scriptOrigins,
  };
}
