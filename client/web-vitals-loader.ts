/**
 * Real visitors' Web Vitals on a sample of page loads (WEB_VITALS_SAMPLE_RATE). The measuring
 * code is not part of the first load: a sampled page fetches it once the page has loaded and
 * the browser is idle; the others never do. It measures only with the visitor's statistics
 * consent (web-vitals/with-statistics-consent.ts); the browser buffers the entries meanwhile.
 */
import type { ViewSource } from './web-vitals/reporter.ts';

/** A busy page still gets its reporter after this long. */
const IDLE_TIMEOUT_MS = 5_000;

export function scheduleWebVitals(router: ViewSource, sampleRate: number): void {
  if (!(Math.random() < sampleRate)) return;
  // A reporter that cannot load (a deploy replaced its chunk) costs a missing report, nothing more.
  const start = () =>
    void import('./web-vitals/with-statistics-consent.ts')
      .then(({ reportWithConsent }) => reportWithConsent(router))
      .catch(() => undefined);
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS })
      : setTimeout(start, 0);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
}
