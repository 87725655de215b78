/**
 * One loopback server answering as both geocoders from the gazetteer of real places: Photon's
 * `GET /api?q=&limit=` (GeoJSON features, `[lon, lat]`, an upper-case countrycode, no country
 * filter) and Nominatim's `GET /search?q=&format=jsonv2&limit=&countrycodes=` (lat/lon strings,
 * display_name). Matching is by words, accents and case aside. Reverse geocoding `GET /reverse`
 * answers the nearest gazetteer place within REVERSE_RADIUS_KM, as Photon (`?lat=&lon=`: the
 * features, none when nothing is near) or as Nominatim (`?format=jsonv2&lat=&lon=`: the place with
 * its `address` parts, or `{"error": "Unable to geocode"}`). Tests pull its levers: an HTTP
 * failure, a stall, or the service down until further notice.
 */
import { greatCircleMetres } from '@flotte/contract/geo';
import { startSimServer, type SimRequest } from '../../platform/payments/simulator-kit.ts';
import { GAZETTEER, searchGazetteer, type GazetteerPlace } from './gazetteer.ts';

export interface GeocodingSimulatorOptions {
  port?: number;
}

export interface GeocodingSimulator {
  url: string;
  /** Every request received (path, query, User-Agent), oldest first. */
  requests: Array<{ path: string; query: Record<string, string>; userAgent: string | undefined; at: number }>;
  /** While true, every request answers 503. */
  down: boolean;
  /** The next request answers this HTTP status. */
  failNext(status: number): void;
  /** The next request gets no answer for this long (client timeouts). */
  stallNext(ms: number): void;
  close(): Promise<void>;
}

const DEFAULT_LIMIT = 10;
/** How far a point may be from the gazetteer's nearest place for the simulator to name it. */
export const REVERSE_RADIUS_KM = 3;
const MAX_LIMIT = 50;

function limitOf(req: SimRequest): number {
  const n = Number(req.query.get('limit') ?? DEFAULT_LIMIT);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_LIMIT) : DEFAULT_LIMIT;
}

function photonFeature(p: GazetteerPlace) {
  return {
    type: 'Feature',
    geometry: { type: 'Point', coordinates: [p.longitude, p.latitude] },
    properties: {
      osm_id: GAZETTEER.indexOf(p) + 1,
      osm_type: 'N',
      osm_key: p.osm[0],
      osm_value: p.osm[1],
      name: p.name,
      ...(p.street ? { street: p.street } : {}),
      ...(p.district ? { district: p.district } : {}),
      city: p.city,
      country: p.country,
      countrycode: p.countryCode.toUpperCase(),
      type: p.osm[0] === 'place' ? 'district' : 'house',
    },
  };
}

function nominatimPlace(p: GazetteerPlace) {
  return {
    place_id: GAZETTEER.indexOf(p) + 1,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: 'node',
    osm_id: GAZETTEER.indexOf(p) + 1,
    lat: p.latitude.toFixed(7),
    lon: p.longitude.toFixed(7),
    category: p.osm[0],
    type: p.osm[1],
    place_rank: 30,
    importance: 0.3,
    addresstype: p.osm[1],
    name: p.name,
    display_name: [p.name, p.street, p.district, p.city, p.country].filter(Boolean).join(', '),
    boundingbox: [p.latitude - 0.001, p.latitude + 0.001, p.longitude - 0.001, p.longitude + 0.001].map((n) => n.toFixed(7)),
  };
}

/** The gazetteer's place nearest the point, within REVERSE_RADIUS_KM; null when none is. */
export function nearestPlace(latitude: number, longitude: number): GazetteerPlace | null {
  let best: GazetteerPlace | null = null;
  let bestM = REVERSE_RADIUS_KM * 1000;
  for (const p of GAZETTEER) {
    const m = greatCircleMetres({ latitude, longitude }, p);
    if (m <= bestM) [best, bestM] = [p, m];
  }
  return best;
}

/** Nominatim's `address` object of a place (its reverse answer's parts). */
function nominatimAddress(p: GazetteerPlace) {
  return {
    [p.osm[1]]: p.name,
    ...(p.street ? { road: p.street } : {}),
    ...(p.district ? { suburb: p.district } : {}),
    city: p.city,
    country: p.country,
    country_code: p.countryCode,
  };
}

function coordinate(req: SimRequest, name: 'lat' | 'lon'): number | null {
  const raw = req.query.get(name);
  const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(n) && Math.abs(n) <= (name === 'lat' ? 90 : 180) ? n : null;
}

export async function startGeocodingSimulator(options: GeocodingSimulatorOptions = {}): Promise<GeocodingSimulator> {
  const sim: GeocodingSimulator = {
    url: '',
    requests: [],
    down: false,
    failNext: () => undefined,
    stallNext: () => undefined,
    close: async () => undefined,
  };
  const server = await startSimServer(options.port, async (req) => {
    sim.requests.push({ path: req.path, query: Object.fromEntries(req.query), userAgent: req.headers['user-agent'], at: Date.now() });
    if (req.method !== 'GET') return null;
    if (sim.down) return { status: 503, body: { message: 'Service Unavailable' } };
    const q = req.query.get('q')?.trim() ?? '';

    if (req.path === '/api' || req.path === '/api/') {
      // Photon: 400 without q, no country filter.
      if (!q) return { status: 400, body: { message: 'missing search term \'q\': /?q=berlin' } };
      return { status: 200, body: { type: 'FeatureCollection', features: searchGazetteer(q).slice(0, limitOf(req)).map(photonFeature) } };
    }
    if (req.path === '/reverse') {
      const lat = coordinate(req, 'lat');
      const lon = coordinate(req, 'lon');
      // Nominatim names its format; Photon has none.
      const nominatim = req.query.has('format');
      if (nominatim && req.query.get('format') !== 'jsonv2') return { status: 400, body: { error: { code: 400, message: 'Parameter format: only jsonv2 is simulated' } } };
      if (lat === null || lon === null) {
        return nominatim
          ? { status: 400, body: { error: { code: 400, message: 'Need coordinates or OSM object to lookup.' } } }
          : { status: 400, body: { message: 'missing search term \'lat\' and/or \'lon\': /reverse?lat=51.5&lon=8.0' } };
      }
      const place = nearestPlace(lat, lon);
      if (nominatim) return { status: 200, body: place ? { ...nominatimPlace(place), address: nominatimAddress(place) } : { error: 'Unable to geocode' } };
      return { status: 200, body: { type: 'FeatureCollection', features: place ? [photonFeature(place)] : [] } };
    }
    if (req.path === '/search') {
      if (req.query.get('format') !== 'jsonv2') return { status: 400, body: { error: { code: 400, message: 'Parameter format: only jsonv2 is simulated' } } };
      if (!q) return { status: 200, body: [] };
      const countries = (req.query.get('countrycodes') ?? '').split(',').map((c) => c.trim()).filter(Boolean);
      return { status: 200, body: searchGazetteer(q, countries).slice(0, limitOf(req)).map(nominatimPlace) };
    }
    return null;
  });
  sim.url = server.url;
  sim.failNext = server.levers.failNext;
  sim.stallNext = server.levers.stallNext;
  sim.close = server.close;
  return sim;
}
