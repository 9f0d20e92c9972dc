/**
 * One HTTP server on 127.0.0.1 standing in for the tag manager, consent manager and maps
 * hosts (GTM_ORIGIN, CONSENT_MANAGER_ORIGIN and MAPS_ORIGIN point at it). It records every
 * request and serves small scripts with the same browser API as the real ones:
 * - /gtm.js marks the page (`window.__gtmStandIn`) with the container id and, like a container
 *   whose tag loads its library, adds a script from another origin (/tag.js on `localhost`, a
 *   host the policy does not name: only 'strict-dynamic' lets it run), which sets `window.__gtmTagRan`;
 * - /browser-ui/latest/loader.js defines `window.UC_UI`, records every call in
 *   `window.__ucCalls` (with `performance.now()`), reports its languages, knows a 'Google Maps'
 *   service and, like a certified consent manager, sends Consent Mode updates through gtag
 *   when `UC_UI.acceptAllConsents()`, `UC_UI.denyAllConsents()` or `UC_UI.acceptServices(ids)` (its second
 *   layer's "save" with some services ticked: 'Google Analytics' for statistics, 'Google Ads' for marketing)
 *   is called;
 * - /maps/api/js defines `google.maps` (importLibrary with maps, marker, geocoding) and calls
 *   the page's callback; its map writes the centre into `data-stand-in-map`.
 * With `realHosts`, the scripts also do what the real products do beyond their own host and in the
 * browser's storage, for a test that intercepts those hosts (test/e2e/privacy-proof.test.ts): the
 * consent manager keeps a choice in local storage under the keys of Usercentrics' Browser SDK
 * (`uc_settings` with a random controller id, `uc_user_interaction`, `uc_gcm` for Consent Mode) and
 * sends it to its consent log (consent-api.service.consent.usercentrics.eu), as Usercentrics documents
 * for Browser UI v2, and a kept choice applies again on the next page; the maps library draws its map with tiles from maps.gstatic.com.
 */
import { createServer } from 'node:http';
import { serveOnLoopback } from './serve-on-loopback.ts';

interface TestContext {
  teardown(fn: () => unknown): void;
}

export interface ThirdPartyStandIn {
  origin: string;
  /** Path and query of every request, in order. */
  requests: string[];
  /** The languages the stand-in consent manager has texts in. */
  consentManagerLanguages: string[];
  /** Whether the stand-in geocoder finds no place (ZERO_RESULTS) for any address. */
  geocoderFindsNothing: boolean;
  /** Whether the maps library answers 503 instead of its script. */
  mapsLibraryDown: boolean;
  /** Whether a request's path started with this. */
  requested(pathPrefix: string): boolean;
}

export interface StandInOptions {
  /** Contact the real products' other hosts and keep their storage keys (see above). */
  realHosts?: boolean;
}

const tagManagerScript = (id: string, tagUrl: string) => `window.__gtmStandIn = ${JSON.stringify(id)};
(() => {
  const tag = document.createElement('script');
  tag.async = true;
  tag.src = ${JSON.stringify(tagUrl)};
  document.head.appendChild(tag);
})();`;

const consentManagerScript = (languages: string[], realHosts: boolean) => `(() => {
  const calls = (window.__ucCalls = []);
  const record = (name, args) => calls.push({ name, args: [...args], at: performance.now() });
  const services = [
    { id: 'stand-in-maps', name: 'Google Maps', consent: { status: false } },
    { id: 'stand-in-analytics', name: 'Google Analytics', consent: { status: false } },
    { id: 'stand-in-ads', name: 'Google Ads', consent: { status: false } },
  ];
  const granted = (name) => (services.find((service) => service.name === name).consent.status ? 'granted' : 'denied');
  let initialized = false;
  const keep = () => {
    if (!${realHosts}) return;
    const controllerId = JSON.parse(localStorage.getItem('uc_settings') ?? '{}').controllerId ?? crypto.randomUUID();
    const choice = services.map((service) => ({ id: service.id, status: service.consent.status }));
    localStorage.setItem('uc_settings', JSON.stringify({ controllerId, services: choice }));
    localStorage.setItem('uc_user_interaction', 'true');
    localStorage.setItem('uc_gcm', JSON.stringify({ analyticsStorage: granted('Google Analytics'), adStorage: granted('Google Ads') }));
    fetch('https://consent-api.service.consent.usercentrics.eu/consent/uw/3', { method: 'POST', body: JSON.stringify({ controllerId, choice }) });
  };
  const update = (type) => {
    const ads = granted('Google Ads');
    window.gtag('consent', 'update', { ad_storage: ads, analytics_storage: granted('Google Analytics'), ad_user_data: ads, ad_personalization: ads, functionality_storage: 'granted', security_storage: 'granted' });
    keep();
    window.dispatchEvent(new CustomEvent('UC_UI_CMP_EVENT', { detail: { type } }));
  };
  const choose = (granted, type) => {
    for (const service of services) service.consent.status = granted;
    update(type);
  };
  window.UC_UI = {
    isInitialized: () => initialized,
    showSecondLayer() { record('showSecondLayer', arguments); },
    updateLanguage(language) { record('updateLanguage', arguments); return Promise.resolve(); },
    restartEmbeddings() { record('restartEmbeddings', arguments); },
    getSettingsCore: () => ({ language: { available: ${JSON.stringify(languages)} } }),
    getServicesBaseInfo: () => services,
    acceptService(id) {
      record('acceptService', arguments);
      for (const service of services) if (service.id === id) service.consent.status = true;
      keep();
      window.dispatchEvent(new CustomEvent('UC_UI_CMP_EVENT', { detail: { type: 'SAVE' } }));
      return Promise.resolve();
    },
    acceptServices(ids) {
      record('acceptServices', arguments);
      for (const service of services) service.consent.status = ids.includes(service.id);
      update('SAVE');
      return Promise.resolve();
    },
    acceptAllConsents() { record('acceptAllConsents', arguments); choose(true, 'ACCEPT_ALL'); return Promise.resolve(); },
    denyAllConsents() { record('denyAllConsents', arguments); choose(false, 'DENY_ALL'); return Promise.resolve(); },
  };
  setTimeout(() => {
    // A kept choice is the visitor's choice on every later page, sent to Consent Mode before the manager reports ready.
    const kept = ${realHosts} ? JSON.parse(localStorage.getItem('uc_settings') ?? 'null') : null;
    if (kept) {
      for (const service of services) service.consent.status = kept.services.some((choice) => choice.id === service.id && choice.status);
      const ads = granted('Google Ads');
      window.gtag('consent', 'update', { ad_storage: ads, analytics_storage: granted('Google Analytics'), ad_user_data: ads, ad_personalization: ads, functionality_storage: 'granted', security_storage: 'granted' });
    }
    initialized = true;
    window.dispatchEvent(new Event('UC_UI_INITIALIZED'));
  }, 0);
})();`;

const mapsScript = (callback: string, findsNothing: boolean, realHosts: boolean) => `(() => {
  class Map {
    constructor(element, options) {
      element.dataset.standInMap = JSON.stringify(options.center);
      if (${realHosts}) new Image().src = 'https://maps.gstatic.com/mapfiles/transparent.png';
    }
  }
  class Marker {
    constructor(options) { options.map.marker = options.title; }
  }
  class Geocoder {
    geocode(request) {
      window.__geocoded = request.address;
      return ${findsNothing}
        ? Promise.reject(Object.assign(new Error('GEOCODER_GEOCODE: ZERO_RESULTS'), { code: 'ZERO_RESULTS' }))
        : Promise.resolve({ results: [{ geometry: { location: { lat: 48.137, lng: 11.575 } } }] });
    }
  }
  const libraries = { maps: { Map }, marker: { Marker }, geocoding: { Geocoder } };
  window.google = { maps: { importLibrary: (name) => Promise.resolve(libraries[name]) } };
  window[${JSON.stringify(callback)}]();
})();`;

export async function startThirdPartyStandIn(
  t: TestContext,
  { realHosts = false }: StandInOptions = {},
): Promise<ThirdPartyStandIn> {
  const standIn: ThirdPartyStandIn = {
    origin: '',
    requests: [],
    consentManagerLanguages: ['de', 'en'],
    geocoderFindsNothing: false,
    mapsLibraryDown: false,
    requested: (prefix) => standIn.requests.some((request) => request.startsWith(prefix)),
  };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    standIn.requests.push(url.pathname + url.search);
    let body: string | undefined;
    if (url.pathname === '/gtm.js')
      body = tagManagerScript(
        url.searchParams.get('id') ?? '',
        standIn.origin.replace('127.0.0.1', 'localhost') + '/tag.js',
      );
    else if (url.pathname === '/tag.js') body = 'window.__gtmTagRan = true;';
    else if (url.pathname === '/browser-ui/latest/loader.js')
      body = consentManagerScript(standIn.consentManagerLanguages, realHosts);
    else if (url.pathname === '/maps/api/js' && standIn.mapsLibraryDown) {
      response.writeHead(503).end();
      return;
    } else if (url.pathname === '/maps/api/js')
      body = mapsScript(url.searchParams.get('callback') ?? '', standIn.geocoderFindsNothing, realHosts);
    if (body === undefined) {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      .end(body);
  });
  standIn.origin = await serveOnLoopback(t, server);
  return standIn;
}
