/**
 * The Content Security Policy of every page, Google's "strict CSP" in its two forms: a page
 * kept and served to everyone alike names the SHA-256 of each of its inline scripts (the same
 * bytes for every visitor, so a shared cache may keep them); a page rendered for one answer
 * carries that answer's nonce. Both say 'strict-dynamic': the page's scripts are started by
 * its inline loader, and what they add in turn (the site's modules, the tag manager and its
 * tags, the maps library, Google's sign-in script) is trusted because a trusted script added
 * it. Browsers without 'strict-dynamic' fall back to this site and exactly the third-party
 * origins this configuration uses, each only when configured. What those scripts fetch, show
 * or frame is allowed by the hosts their makers document, again only when configured.
 * Violations are reported to /api/csp-report.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { CSP_REPORT_API } from '#app/api-paths.ts';
import { offeredPurposes } from '#app/consent/consent-choice.ts';
import type { Config } from '../config.ts';

/** The Reporting API endpoint's name, as `report-to` and `Reporting-Endpoints` spell it. */
export const CSP_REPORT_GROUP = 'csp';

type Directive = 'script-src' | 'connect-src' | 'img-src' | 'style-src' | 'font-src' | 'frame-src';

/** Hosts a third party's script reaches besides its own origin, from its maker's CSP guidance. */
const TAG_MANAGER_HOSTS: Partial<Record<Directive, string[]>> = {
  'connect-src': ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://*.googletagmanager.com'],
  'img-src': ['https://*.google-analytics.com', 'https://*.googletagmanager.com'],
};
/**
 * Google Ads conversion measurement and remarketing, the Marketing purpose the consent asks
 * for, as Google's tag CSP guide lists them: the conversion and remarketing scripts (for
 * browsers without 'strict-dynamic'), their pixels and beacons, which redirect through
 * googleads.g.doubleclick.net and www.google.com (/pagead/…), and the frames remarketing opens
 * on td.doubleclick.net (interest groups) and bid.g.doubleclick.net. Nothing here runs before
 * the visitor allows marketing: the tag manager's tags wait for Consent Mode.
 */
const GOOGLE_ADS_HOSTS: Partial<Record<Directive, string[]>> = {
  'script-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  'connect-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  'img-src': ['https://www.googleadservices.com', 'https://googleads.g.doubleclick.net', 'https://www.google.com'],
  'frame-src': ['https://td.doubleclick.net', 'https://bid.g.doubleclick.net'],
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
  /** The header's value for one answer whose inline scripts carry this nonce. */
  header(nonce: string): string;
  /** The header's value for a document whose inline scripts are allowed by their hashes (see inlineScriptHashes). */
  hashedHeader(hashes: readonly string[]): string;
  /** The `Reporting-Endpoints` header naming where reports go. */
  readonly reportingEndpoints: string;
  /** Third-party origins scripts may come from, for the operators' notes and the tests. */
  readonly scriptOrigins: readonly string[];
}

const NONCE_BYTES = 16;
/** Nonces drawn from the random source at once: a draw costs about as much for 64 as for one. */
const NONCES_PER_DRAW = 64;

/**
 * Makes nonces of 128 random bits, base64url: unguessable, and safe in an attribute and in the
 * header. Each is used once; the random bytes are drawn a batch at a time by its owner (one
 * source per page handler), as the cost of a draw showed in every uncached render.
 */
export function createNonceSource(): () => string {
  const pool = Buffer.alloc(NONCE_BYTES * NONCES_PER_DRAW);
  let next = pool.length;
  return () => {
    if (next === pool.length) {
      randomFillSync(pool);
      next = 0;
    }
    const nonce = pool.toString('base64url', next, next + NONCE_BYTES);
    next += NONCE_BYTES;
    return nonce;
  };
}

/**
 * The `'sha256-…'` source of every inline script element of a document (a script element
 * without `src`; JSON-LD too, though browsers do not run it), in document order without
 * repeats. The hash is over the element's text exactly as written: serialized data never
 * holds `</script>` (see ssr/serialize.ts), so the first end tag ends the element.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc=/i.test(match[1]!)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(match[2]!).digest('base64')}'`);
  }
  return [...hashes];
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
    for (const [directive, list] of Object.entries(hosts) as [Directive, string[]][])
      for (const host of list) sources[directive].add(host);
  };
  if (/^https?:\/\//.test(config.assetsBaseUrl)) sources['connect-src'].add(new URL(config.assetsBaseUrl).origin);
  if (tracking.gtmId) {
    add({ 'script-src': [tracking.gtmOrigin], 'connect-src': [tracking.gtmOrigin], 'img-src': [tracking.gtmOrigin] });
    add(TAG_MANAGER_HOSTS);
  }
  // The hosts follow the purposes the consent offers, so a purpose asked for can also work.
  if (
    offeredPurposes({ tagManager: Boolean(tracking.gtmId), maps: Boolean(tracking.mapsApiKey) }).includes('marketing')
  )
    add(GOOGLE_ADS_HOSTS);
  if (tracking.consentManagerId) {
    add({
      'script-src': [tracking.consentManagerOrigin],
      'connect-src': [tracking.consentManagerOrigin],
      'img-src': [tracking.consentManagerOrigin],
    });
    add(CONSENT_MANAGER_HOSTS);
  }
  if (tracking.mapsApiKey) {
    add({
      'script-src': [tracking.mapsOrigin],
      'connect-src': [tracking.mapsOrigin],
      'img-src': [tracking.mapsOrigin],
    });
    add(MAPS_HOSTS);
  }
  if (login.web && login.galaxyUrl) {
    add({
      'script-src': [GOOGLE_SIGN_IN_SCRIPT],
      'connect-src': IDENTITY_APIS,
      'frame-src': [`https://${login.web.authDomain}`],
    });
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
    `report-uri ${CSP_REPORT_API}`,
    `report-to ${CSP_REPORT_GROUP}`,
  ].join('; ');
  // 'self' and the hosts are for browsers without 'strict-dynamic'; the others ignore them.
  const scripts = `${[...sources['script-src']].join(' ')} 'strict-dynamic'`;
  return {
    header: (nonce) => `script-src ${scripts} 'nonce-${nonce}'; ${fixed}`,
    hashedHeader: (hashes) => `script-src ${scripts}${hashes.map((hash) => ` ${hash}`).join('')}; ${fixed}`,
    // Relative to the page, so it names the host the visitor used whatever SITE_URL says.
    reportingEndpoints: `${CSP_REPORT_GROUP}="${CSP_REPORT_API}"`,
    scriptOrigins,
  };
}
