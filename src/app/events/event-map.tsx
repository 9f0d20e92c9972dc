/**
 * The embedded map of an event's venue. It shows only when a maps provider is available,
 * which the consent tool grants once the visitor allows maps; until then the address and
 * the link to a map service stand alone. A lookup without result says so.
 */
import { createContext, use, useEffect, useState } from 'react';
import type { EventLabels, Venue } from '../content/schemas/events.ts';

export interface MapsProvider {
  /** Shows the venue on a map inside the element; false when the lookup finds nothing. */
  show(element: HTMLElement, address: string): Promise<boolean>;
}

/** Provided by the consent tool once the visitor allows maps; null while they have not. */
export const MapsProviderContext = createContext<MapsProvider | null>(null);

export function EventMap({ venue, labels }: { venue: Venue; labels: EventLabels }) {
  const maps = use(MapsProviderContext);
  const [element, setElement] = useState<HTMLDivElement | null>(null);
  const [found, setFound] = useState<boolean | null>(null);
  const address = `${venue.street}, ${venue.postal_code} ${venue.city}`;

  useEffect(() => {
    if (!maps || !element) return;
    let current = true;
    maps.show(element, address).then(
      (result) => current && setFound(result),
      () => current && setFound(false),
    );
    return () => {
      current = false;
    };
  }, [maps, element, address]);

  if (!maps) return <p className="event__map-hint">{labels.map_consent}</p>;
  return (
    <>
      <div ref={setElement} className="event__map" hidden={found === false} />
      {found === false ? <p className="event__map-empty">{labels.map_no_results}</p> : null}
    </>
  );
}
