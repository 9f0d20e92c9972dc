/**
 * A stand-in for the tag manager (GTM_ORIGIN points at it) whose container holds what the privacy
 * policy says it holds: a Google Analytics 4 tag and Google Ads tags, both waiting for Consent Mode.
 * It does in the browser what Google documents for them, so a test can hold the policy against it:
 * - analytics_storage granted: GA4 sets the first-party cookies `_ga` and `_ga_<container id>` (the
 *   measurement id without `G-`), both for two years, and sends its hits to
 *   region1.google-analytics.com/g/collect (Google's EU collection host);
 * - ad_storage granted: the conversion linker sets `_gcl_au` for 90 days, and the Ads tags ask
 *   googleads.g.doubleclick.net (view-through conversions), www.google.com (/pagead/1p-user-list,
 *   remarketing lists) and www.googleadservices.com (/pagead/conversion);
 * - nothing granted: no cookie and no request, as with Consent Mode's defaults denied.
 * Google's own hosts are reached by their real names; the test answers them in the browser.
 */
import { createServer } from 'node:http';
import { serveOnLoopback } from './serve-on-loopback.ts';

interface TestContext {
  teardown(fn: () => unknown): void;
}

export interface TagManagerStandIn {
  origin: string;
  /** Path and query of every request, in order. */
  requests: string[];
}

const TWO_YEARS_S = 2 * 365 * 24 * 3600;
const NINETY_DAYS_S = 90 * 24 * 3600;

/** The container's script: reads Consent Mode from dataLayer, as it stands and as it changes. */
const containerScript = (containerId: string) => `(() => {
  const measurementId = ${JSON.stringify(containerId.replace(/^GTM-/, 'G-'))};
  const adsId = 'AW-000000000';
  const consent = {};
  let analyticsDone = false;
  let adsDone = false;
  const random = () => Math.floor(Math.random() * 2147483647);
  const now = () => Math.floor(Date.now() / 1000);
  const cookie = (name, value, seconds) => { document.cookie = name + '=' + value + '; max-age=' + seconds + '; path=/; samesite=lax'; };
  const ping = (url) => { new Image().src = url; };
  const act = () => {
    if (consent.analytics_storage === 'granted' && !analyticsDone) {
      analyticsDone = true;
      cookie('_ga', 'GA1.1.' + random() + '.' + now(), ${TWO_YEARS_S});
      cookie('_ga_' + measurementId.slice(2), 'GS1.1.' + now() + '.1.0.' + now() + '.0.0.0', ${TWO_YEARS_S});
      navigator.sendBeacon('https://region1.google-analytics.com/g/collect?v=2&tid=' + measurementId + '&en=page_view');
    }
    if (consent.ad_storage === 'granted' && !adsDone) {
      adsDone = true;
      cookie('_gcl_au', '1.1.' + random() + '.' + now(), ${NINETY_DAYS_S});
      ping('https://googleads.g.doubleclick.net/pagead/viewthroughconversion/' + adsId.slice(3) + '/');
      ping('https://www.google.com/pagead/1p-user-list/' + adsId.slice(3) + '/');
      ping('https://www.googleadservices.com/pagead/conversion/' + adsId.slice(3) + '/');
    }
  };
  const read = (entry) => {
    if (entry && typeof entry === 'object' && entry[0] === 'consent' && entry[2] && typeof entry[2] === 'object')
      Object.assign(consent, entry[2]);
  };
  const dataLayer = (window.dataLayer = window.dataLayer || []);
  for (const entry of dataLayer) read(entry);
  const push = dataLayer.push.bind(dataLayer);
  dataLayer.push = (...entries) => {
    for (const entry of entries) read(entry);
    const length = push(...entries);
    act();
    return length;
  };
  window.__gtmStandIn = ${JSON.stringify(containerId)};
  act();
})();`;

export async function startTagManagerStandIn(t: TestContext): Promise<TagManagerStandIn> {
  const standIn: TagManagerStandIn = { origin: '', requests: [] };
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    standIn.requests.push(url.pathname + url.search);
    if (url.pathname !== '/gtm.js') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-store' })
      .end(containerScript(url.searchParams.get('id') ?? ''));
  });
  standIn.origin = await serveOnLoopback(t, server);
  return standIn;
}
