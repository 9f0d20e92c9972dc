/**
 * The maps library (Google Maps JavaScript API with the places library), loaded once per page
 * and only where a map is shown with the visitor's consent; then a venue shown on a map.
 */
import type { Language } from '../i18n/language.ts';
import { pageNonce } from '../security/page-nonce.ts';

/** The global the library calls once it has loaded (`callback=` of its URL). */
const READY_CALLBACK = '__nordsternMapsReady';
const SCRIPT_ID = 'maps-library';

interface LatLngLiteral {
  lat: number;
  lng: number;
}

/** The part of the library's API the venue map uses (with `loading=async`, everything comes through importLibrary). */
interface MapsApi {
  importLibrary(
    name: 'maps',
  ): Promise<{ Map: new (element: HTMLElement, options: { center: unknown; zoom: number }) => object }>;
  importLibrary(
    name: 'marker',
  ): Promise<{ Marker: new (options: { map: object; position: unknown; title: string }) => object }>;
  importLibrary(name: 'geocoding'): Promise<{
    Geocoder: new () => {
      geocode(request: {
        address: string;
        language?: string;
      }): Promise<{ results: { geometry: { location: LatLngLiteral | object } }[] }>;
    };
  }>;
}

declare global {
  interface Window {
    google?: { maps?: MapsApi };
    [READY_CALLBACK]?: () => void;
  }
}

export interface MapsSettings {
  origin: string;
  apiKey: string;
  language: Language;
}

export function mapsLibraryUrl({ origin, apiKey, language }: MapsSettings): string {
  const query = new URLSearchParams({
    key: apiKey,
    libraries: 'places',
    loading: 'async',
    callback: READY_CALLBACK,
    language,
  });
  return `${origin}/maps/api/js?${query}`;
}

let loading: Promise<MapsApi> | undefined;

function loadMapsLibrary(settings: MapsSettings): Promise<MapsApi> {
  loading ??= new Promise<MapsApi>((resolve, reject) => {
    window[READY_CALLBACK] = () => {
      const maps = window.google?.maps;
      if (maps) resolve(maps);
      else reject(new Error('The maps library loaded without its API'));
    };
    const script = document.createElement('script');
    script.id = SCRIPT_ID;
    script.async = true;
    script.src = mapsLibraryUrl(settings);
    // The library gives the scripts and styles it adds the nonce of its own script element.
    const nonce = pageNonce();
    if (nonce) script.setAttribute('nonce', nonce);
    script.onerror = () => {
      // A later map may try again (the visitor was offline, say).
      script.remove();
      loading = undefined;
      reject(new Error('The maps library could not be loaded'));
    };
    document.head.append(script);
  });
  return loading;
}

/** The geocoder answers ZERO_RESULTS when it knows no place at the address. */
const isZeroResults = (error: unknown) => (error as { code?: unknown } | null)?.code === 'ZERO_RESULTS';

/** Shows the address on a map with a marker inside the element; false when the address finds no place. */
export async function showAddressOnMap(
  element: HTMLElement,
  address: string,
  title: string,
  settings: MapsSettings,
): Promise<boolean> {
  const maps = await loadMapsLibrary(settings);
  const [{ Map: GoogleMap }, { Marker }, { Geocoder }] = await Promise.all([
    maps.importLibrary('maps'),
    maps.importLibrary('marker'),
    maps.importLibrary('geocoding'),
  ]);
  const results = await new Geocoder().geocode({ address, language: settings.language }).then(
    (response) => response.results,
    (error: unknown) => {
      if (isZeroResults(error)) return [];
      throw error;
    },
  );
  const place = results[0];
  if (!place) return false;
  const map = new GoogleMap(element, { center: place.geometry.location, zoom: 16 });
  new Marker({ map, position: place.geometry.location, title });
  return true;
}
