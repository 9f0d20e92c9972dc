/**
 * The map of an event's venue. Offered only when a maps key is configured, and loaded only
 * after the visitor allowed maps: until then the address stands as text, with a button that
 * shows the map (and records that consent). A lookup without result says so.
 */
import { useEffect, useState } from 'react';
import { useConsent } from '../consent/consent-provider.tsx';
import type { EventLabels, Venue } from '../content/schemas/events.ts';
import { useEnvironment } from '../environment.tsx';
import type { Language } from '../i18n/language.ts';
import { showAddressOnMap } from './maps-library.ts';

type MapState = 'loading' | 'shown' | 'not-found' | 'failed';

export function EventMap({ venue, labels, language }: { venue: Venue; labels: EventLabels; language: Language }) {
  const { tracking } = useEnvironment();
  const { mapsAllowed, allowMaps } = useConsent();
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [state, setState] = useState<MapState>('loading');
  const { mapsApiKey, mapsOrigin } = tracking;
  const address = `${venue.street}, ${venue.postal_code} ${venue.city}, ${venue.country}`;

  useEffect(() => {
    if (!mapsApiKey || !mapsAllowed || !element) return;
    let current = true;
    setState('loading');
    showAddressOnMap(element, address, venue.name, { origin: mapsOrigin, apiKey: mapsApiKey, language }).then(
      (found) => current && setState(found ? 'shown' : 'not-found'),
      (error: unknown) => {
        console.warn('The venue map could not be shown', error);
        if (current) setState('failed');
      },
    );
    return () => {
      current = false;
    };
  }, [mapsApiKey, mapsOrigin, mapsAllowed, element, address, venue.name, language]);

  if (!mapsApiKey) return null;
  if (!mapsAllowed) {
    return (
      <div className="event__map-frame event__map-offer">
        <p className="event__map-hint">{labels.map_notice}</p>
        <button type="button" className="button button--outline" onClick={allowMaps}>
          {labels.map_show}
        </button>
      </div>
    );
  }
  const missing = state === 'not-found' || state === 'failed';
  return (
    <div className="event__map-frame">
      <section ref={setElement} className="event__map" aria-label={labels.map_label} hidden={missing} />
      {missing ? (
        <p className="event__map-empty" role="status">
          {state === 'not-found' ? labels.map_no_results : labels.map_failed}
        </p>
      ) : null}
    </div>
  );
}
