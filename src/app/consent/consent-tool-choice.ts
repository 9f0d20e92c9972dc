/**
 * Which tool asks for consent, and what the page's consent provider and the tool it loads on demand hand each other.
 * A module of its own: the provider, the tool and the cookie list all need it, and the tool must not import the
 * provider that loads it.
 */
import type { TrackingEnvironment } from '../environment.tsx';

/** Who asks for consent: a configured consent manager, else the site's banner when something needs consent, else nobody. */
export type ConsentTool = 'manager' | 'banner' | 'none';

export function consentToolOf(tracking: TrackingEnvironment): ConsentTool {
  if (tracking.consentManagerId) return 'manager';
  if (tracking.gtmId || tracking.mapsApiKey) return 'banner';
  return 'none';
}

export interface ConsentContextValue {
  /** Whether the visitor allowed maps; false on the server and until the browser knows. */
  mapsAllowed: boolean;
  /** The visitor asked to see a map: records their consent to maps. */
  allowMaps(): void;
}

/** What the visitor asked for before the consent tool had loaded; the tool answers it when it has. */
export interface AskedEarly {
  settings: boolean;
  maps: boolean;
}
