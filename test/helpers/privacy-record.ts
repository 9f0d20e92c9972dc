/**
 * What a browser context did that a privacy policy has to name, recorded while a person uses the
 * site: every cookie (with its lifetime), every local and session storage key of the site, every
 * host contacted (a stand-in's origin read back as the real host it stands in for), every CSP
 * report and refusal. Every https request is answered inside the browser, so nothing leaves the
 * machine and Google's and Usercentrics' hosts are reached by their real names, under the site's
 * real Content Security Policy. The policy's side (policyClaims) is read from the rendered page.
 */
import type { BrowserContext, Page } from 'playwright-core';

export type StorageKind = 'cookie' | 'local_storage' | 'session_storage';

export interface StoredEntry {
  kind: StorageKind;
  name: string;
  days?: number;
  seconds?: number;
}

export interface PolicyClaims {
  stores: StoredEntry[];
  hosts: string[];
  /** Names and hosts the data says an item names but its visible text does not. */
  unwritten: string[];
}

/** The entries and hosts the rendered policy's list items name (`data-stores`, `data-hosts`). */
export async function policyClaims(page: Page): Promise<PolicyClaims> {
  const items = await page.$$eval('.legal__list li[data-stores], .legal__list li[data-hosts]', (elements) =>
    elements.map((element) => ({
      text: element.textContent ?? '',
      stores: element.getAttribute('data-stores'),
      hosts: element.getAttribute('data-hosts'),
    })),
  );
  const claims: PolicyClaims = { stores: [], hosts: [], unwritten: [] };
  for (const item of items) {
    const stores = item.stores ? (JSON.parse(item.stores) as StoredEntry[]) : [];
    const hosts = item.hosts ? item.hosts.split(' ') : [];
    claims.stores.push(...stores);
    claims.hosts.push(...hosts);
    // A reader finds each name and host in the item's words: the part of a name that varies aside.
    for (const written of [...stores.map((entry) => entry.name.replace(/<\w+>$/u, '')), ...hosts])
      if (!item.text.includes(written)) claims.unwritten.push(written);
  }
  return claims;
}

export interface RecordedCookie {
  name: string;
  domain: string;
  /** Seconds from when it was seen until it expires; undefined for a cookie that ends with the browser. */
  lifetime?: number;
}

export interface Recording {
  cookies: Map<string, RecordedCookie>;
  /** `local_storage name` or `session_storage name`. */
  storage: Set<string>;
  hosts: Set<string>;
  /** Origins that are neither the site's, a stand-in's nor https: what the mapping does not know. */
  unknownOrigins: Set<string>;
  cspReports: string[];
  /** Take what the browser keeps now: cookies of the whole context, storage of the page if it is on the site. */
  snapshot(page: Page): Promise<void>;
}

/**
 * Starts recording in a context before its first page opens. `standIns` maps a stand-in's origin
 * to the real host the configuration would name (GTM_ORIGIN's default www.googletagmanager.com, …),
 * or to a function of the request's path (the Auth emulator takes the API's host as its first
 * path segment). `firstParty` lists the origins that are this company's own: the site and Galaxy.
 */
export async function recordContext(
  context: BrowserContext,
  {
    site,
    firstParty,
    standIns,
  }: { site: string; firstParty: string[]; standIns: Map<string, string | ((path: string) => string)> },
): Promise<Recording> {
  const recording: Recording = {
    cookies: new Map(),
    storage: new Set(),
    hosts: new Set(),
    unknownOrigins: new Set(),
    cspReports: [],
    async snapshot(page) {
      const seenAt = Date.now() / 1000;
      for (const cookie of await context.cookies())
        recording.cookies.set(`${cookie.name} ${cookie.domain}`, {
          name: cookie.name,
          domain: cookie.domain,
          lifetime: cookie.expires > 0 ? cookie.expires - seenAt : undefined,
        });
      if (new URL(page.url()).origin !== site) return;
      const keys = await page.evaluate(() => ({
        local: Object.keys(localStorage),
        session: Object.keys(sessionStorage),
      }));
      for (const key of keys.local) recording.storage.add(`local_storage ${key}`);
      for (const key of keys.session) recording.storage.add(`session_storage ${key}`);
    },
  };
  context.on('request', (request) => {
    const url = new URL(request.url());
    if (url.origin === site && url.pathname === '/api/csp-report') recording.cspReports.push(request.postData() ?? '');
    if (firstParty.includes(url.origin) || url.protocol === 'data:' || url.protocol === 'blob:') return;
    const standIn = standIns.get(url.origin);
    if (standIn !== undefined) recording.hosts.add(typeof standIn === 'string' ? standIn : standIn(url.pathname));
    else if (url.protocol === 'https:') recording.hosts.add(url.hostname);
    else recording.unknownOrigins.add(url.origin);
  });
  // Answered in the browser: an image gets a transparent pixel, anything else an empty answer.
  const pixel = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
  await context.route(/^https:\/\//u, (route) =>
    route.fulfill(
      route.request().resourceType() === 'image'
        ? { status: 200, contentType: 'image/gif', body: pixel, headers: { 'access-control-allow-origin': '*' } }
        : { status: 204, headers: { 'access-control-allow-origin': '*' } },
    ),
  );
  return recording;
}

/** Whether a host is a named one or lies under a named `*.domain`. */
export const hostMatches = (named: string, host: string) =>
  named.startsWith('*.') ? host.endsWith(named.slice(1)) : host === named;

/** Whether a recorded key is the named one; a name's `<…>` part stands for letters and digits. */
export const nameMatches = (named: string, key: string) =>
  new RegExp(`^${named.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&').replace(/<\w+>$/u, '\\w+')}$`, 'u').test(key);
