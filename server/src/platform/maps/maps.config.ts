/**
 * Which map services the app talks to, read from the environment. `simulator` (the default
 * outside production) runs the real Photon, Nominatim and OSRM clients against loopback simulators
 * answering from a gazetteer of real places, started on first use; `live` (the default in
 * production, and the only choice there) talks to the services below, the public ones unless
 * GEOCODER_URL and ROUTING_URL point at self-hosted instances.
 *
 * The default geocoder is Photon: the address field searches as one types, which Photon is made
 * for, while the public Nominatim's usage policy forbids autocomplete (and allows 1 request/s).
 * GEOCODER=nominatim suits a self-hosted Nominatim; the client keeps to 1 request/s either way.
 */

export type MapsMode = 'simulator' | 'live';
export type GeocoderName = 'photon' | 'nominatim';

export interface MapsConfig {
  mode: MapsMode;
  geocoder: GeocoderName;
  /** Live only: the geocoder's root (Photon: `{url}/api`, Nominatim: `{url}/search`). */
  geocoderUrl: string;
  /** Live only: the OSRM root (`{url}/route/v1/driving/...`). */
  routingUrl: string;
  /** Sent as User-Agent to every service, as the public instances' policies ask. */
  userAgent: string;
  tileUrl: string;
  /** HTML the map shows in its corner (the tile licence asks for it). */
  tileAttribution: string;
  timeoutMs: number;
}

export const PUBLIC_GEOCODER_URL: Record<GeocoderName, string> = {
  photon: 'https://photon.komoot.io',
  nominatim: 'https://nominatim.openstreetmap.org',
};
export const PUBLIC_ROUTING_URL = 'https://router.project-osrm.org';
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '© <a href="https://www.openstreetmap.org/copyright">les contributeurs d’OpenStreetMap</a>';
export const DEFAULT_GEO_USER_AGENT = 'Flotte/1.0 (contact via the park)';

export const MAPS_ENV_DOC = [
  { name: 'MAPS_MODE', default: 'simulator (live when NODE_ENV=production)', description: 'simulator: loopback Photon/Nominatim and OSRM simulators answering from a gazetteer of real places; live: the services below. simulator is refused in production.' },
  { name: 'GEOCODER', default: 'photon', description: 'photon or nominatim (the public Nominatim forbids search-as-you-type: use it self-hosted).' },
  { name: 'GEOCODER_URL', default: 'https://photon.komoot.io (nominatim: https://nominatim.openstreetmap.org)', description: 'Geocoder root.' },
  { name: 'ROUTING_URL', default: 'https://router.project-osrm.org', description: 'OSRM root (the public demo server is for light use; self-host for a real fleet).' },
  { name: 'GEO_USER_AGENT', default: DEFAULT_GEO_USER_AGENT, description: 'User-Agent sent to the geocoder and the router.' },
  { name: 'MAP_TILE_URL', default: DEFAULT_TILE_URL, description: 'Tile URL template of the web map ({z}/{x}/{y}).' },
  { name: 'MAP_TILE_ATTRIBUTION', default: DEFAULT_TILE_ATTRIBUTION, description: 'Attribution (HTML) the map shows for its tiles.' },
  { name: 'MAPS_TIMEOUT_MS', default: '5000', description: 'Per-request timeout of the geocoder and the router; routing then falls back to the great-circle distance.' },
] as const;

export function mapsConfigFromEnv(env: NodeJS.ProcessEnv, production: boolean): MapsConfig {
  const get = (name: string): string | undefined => env[name]?.trim() || undefined;
  const mode = (get('MAPS_MODE') ?? (production ? 'live' : 'simulator')).toLowerCase();
  if (mode !== 'simulator' && mode !== 'live') throw new Error(`MAPS_MODE must be simulator or live (got "${mode}")`);
  if (mode === 'simulator' && production) {
    throw new Error('MAPS_MODE=simulator cannot be used when NODE_ENV=production: addresses would come from a test gazetteer.');
  }
  const geocoder = (get('GEOCODER') ?? 'photon').toLowerCase();
  if (geocoder !== 'photon' && geocoder !== 'nominatim') throw new Error(`GEOCODER must be photon or nominatim (got "${geocoder}")`);
  const url = (name: string, fallback: string): string => {
    const v = get(name) ?? fallback;
    if (!/^https?:\/\//.test(v)) throw new Error(`${name} must be an http(s) URL, got "${v}"`);
    return v.replace(/\/+$/, '');
  };
  const timeout = get('MAPS_TIMEOUT_MS');
  const timeoutMs = timeout === undefined ? 5000 : Number(timeout);
  if (!Number.isInteger(timeoutMs) || timeoutMs <= 0) throw new Error(`MAPS_TIMEOUT_MS must be a positive whole number, got "${timeout}"`);
  const tileUrl = get('MAP_TILE_URL') ?? DEFAULT_TILE_URL;
  if (!['{z}', '{x}', '{y}'].every((p) => tileUrl.includes(p))) throw new Error(`MAP_TILE_URL must contain {z}, {x} and {y}, got "${tileUrl}"`);
  return {
    mode,
    geocoder,
    geocoderUrl: url('GEOCODER_URL', PUBLIC_GEOCODER_URL[geocoder]),
    routingUrl: url('ROUTING_URL', PUBLIC_ROUTING_URL),
    userAgent: get('GEO_USER_AGENT') ?? DEFAULT_GEO_USER_AGENT,
    tileUrl,
    tileAttribution: get('MAP_TILE_ATTRIBUTION') ?? DEFAULT_TILE_ATTRIBUTION,
    timeoutMs,
  };
}
