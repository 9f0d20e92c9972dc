/**
 * Page-speed measuring reads the browser's performance entries and sends them: under § 25
 * TDDDG that needs consent, and the consent that covers it is Statistics. So the reporter
 * starts once Consent Mode grants analytics_storage, whichever tool reported the choice (the
 * site's banner or the consent manager), and a withdrawal stops it for the rest of the page,
 * before it sends anything more. Without a consent tool nothing ever grants it, and nothing
 * is measured.
 */
import { watchConsent } from '#app/consent/consent-watch.ts';
import { startReporter, type ViewSource } from './reporter.ts';

export function reportWithConsent(router: ViewSource): void {
  let stop: (() => void) | undefined;
  const unwatch = watchConsent((state) => {
    if (state.analytics_storage === 'granted') stop ??= startReporter(router);
    else if (stop) {
      unwatch();
      stop();
    }
  });
}
