import type { TGeoPlace, TGeoRoute } from '@flotte/contract/geo';

/**
 * What the app asks of map services (issue 20 section 3): address search (Photon or Nominatim),
 * roads (OSRM) and the tiles the web map shows. The real clients and their loopback simulators
 * sit behind this; the courses and geo modules see only it.
 */

export interface LatLng {
  latitude: number;
  longitude: number;
}

export interface MapServices {
  readonly mode: 'simulator' | 'live';
  /** Places matching `q`, the park's countries first (ISO 3166-1 alpha-2, lower case); [] when the service fails (logged). */
  search(q: string, opts: { limit: number; countryCodes: string[] }): Promise<TGeoPlace[]>;
  /** The address of a point (reverse geocoding: the GPS stops' addresses); null when none or the service fails (logged). Never throws. */
  reverse(point: LatLng): Promise<string | null>;
  /** The road between two points; when routing fails (logged, never shown), the great-circle distance. Never throws. */
  route(from: LatLng, to: LatLng): Promise<TGeoRoute>;
  /** Tile URL template ({z}/{x}/{y}) and the attribution the map must show. */
  readonly tiles: { url: string; attribution: string };
  close(): Promise<void>;
}
