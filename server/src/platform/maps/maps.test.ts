import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { greatCircleMetres } from '@flotte/contract/geo';
import { startGeocodingSimulator, type GeocodingSimulator } from '../../integrations/geocoding/geocoding.simulator.ts';
import { startOsrmSimulator, type OsrmSimulator } from '../../integrations/osrm/osrm.simulator.ts';
import { LruCache } from './lru-cache.ts';
import { mapsConfigFromEnv, type MapsConfig } from './maps.config.ts';
import { createMapServices, MAX_ROUTE_POINTS } from './maps.ts';
import { simplifyPath } from './simplify.ts';

const AIRPORT_DLA = { latitude: 4.0061, longitude: 9.7195 };
const AKWA_PALACE = { latitude: 4.0468, longitude: 9.6977 };
const MAKEPE = { latitude: 4.0724, longitude: 9.7567 };

function recordingLog() {
  const warnings: Array<{ obj: object; msg?: string }> = [];
  return { warnings, warn: (obj: object, msg?: string) => void warnings.push({ obj, msg }) };
}

describe('map services against the simulators (live clients)', () => {
  let geo: GeocodingSimulator;
  let osrm: OsrmSimulator;
  let config: MapsConfig;
  beforeAll(async () => {
    [geo, osrm] = await Promise.all([startGeocodingSimulator(), startOsrmSimulator()]);
    config = { ...mapsConfigFromEnv({}, false), mode: 'live', geocoderUrl: geo.url, routingUrl: osrm.url, timeoutMs: 1000 };
  });
  afterAll(async () => {
    await Promise.all([geo.close(), osrm.close()]);
  });
  beforeEach(() => {
    geo.down = osrm.down = false;
    geo.requests.length = osrm.requests.length = 0;
  });

  it('answers a search once, then from its cache (same text in another case, same countries in another order)', async () => {
    const log = recordingLog();
    const maps = createMapServices(config, log);
    const first = await maps.search('Marché Central', { limit: 5, countryCodes: ['cm', 'ci'] });
    expect(first[0]).toMatchObject({ name: 'Marché Central', latitude: 4.0483, longitude: 9.7037 });
    expect(await maps.search('  marché central ', { limit: 5, countryCodes: ['CI', 'cm'] })).toEqual(first);
    expect(geo.requests).toHaveLength(1);
    // Another limit is another question.
    await maps.search('Marché Central', { limit: 2, countryCodes: ['cm', 'ci'] });
    expect(geo.requests).toHaveLength(2);
    expect(log.warnings).toEqual([]);
  });

  it('answers no places, and logs why, when the geocoder fails (and does not cache that)', async () => {
    const log = recordingLog();
    const maps = createMapServices(config, log);
    geo.down = true;
    expect(await maps.search('Deido', { limit: 5, countryCodes: ['cm'] })).toEqual([]);
    expect(log.warnings[0]).toMatchObject({ obj: { err: expect.stringContaining('Photon search: HTTP 503'), geocoder: 'photon' } });
    geo.down = false;
    expect((await maps.search('Deido', { limit: 5, countryCodes: ['cm'] })).length).toBeGreaterThan(0);
  });

  it('uses Nominatim when configured', async () => {
    const maps = createMapServices({ ...config, geocoder: 'nominatim' }, recordingLog());
    expect((await maps.search('Treichville', { limit: 5, countryCodes: ['ci'] }))[0].name).toBe('Treichville');
    expect(geo.requests[0]).toMatchObject({ path: '/search', query: { countrycodes: 'ci' }, userAgent: config.userAgent });
  });

  it('answers the address of a point, then from its cache for the same point to 4 decimals', async () => {
    const log = recordingLog();
    const maps = createMapServices(config, log);
    expect(await maps.reverse({ latitude: 4.04681, longitude: 9.69772 })).toBe('Hôtel Akwa Palace, Boulevard de la Liberté, Akwa, Douala');
    expect(await maps.reverse({ latitude: 4.046813, longitude: 9.697718 })).toBe('Hôtel Akwa Palace, Boulevard de la Liberté, Akwa, Douala');
    expect(geo.requests).toHaveLength(1);
    expect(geo.requests[0]).toMatchObject({ path: '/reverse', query: { lat: '4.0468', lon: '9.6977' } });
    // Nothing near is an answer too, kept as well.
    expect(await maps.reverse({ latitude: 2.5, longitude: 7.5 })).toBeNull();
    expect(await maps.reverse({ latitude: 2.50001, longitude: 7.50001 })).toBeNull();
    expect(geo.requests).toHaveLength(2);
    expect(log.warnings).toEqual([]);
  });

  it('answers no address, logged, when the geocoder fails or the point is not one, and never throws', async () => {
    const log = recordingLog();
    const maps = createMapServices(config, log);
    geo.down = true;
    expect(await maps.reverse(MAKEPE)).toBeNull();
    expect(log.warnings[0]).toMatchObject({ obj: { err: expect.stringContaining('Photon reverse: HTTP 503'), geocoder: 'photon' } });
    geo.down = false;
    // The failure was not cached.
    expect(await maps.reverse(MAKEPE)).toBe('Makepe, Douala');
    expect(await maps.reverse({ latitude: Number.NaN, longitude: 9.7 })).toBeNull();
    expect(await maps.reverse({ latitude: 91, longitude: 9.7 })).toBeNull();
    expect(geo.requests).toHaveLength(2);
    await maps.close();
    expect(await maps.reverse(AKWA_PALACE)).toBeNull();
  });

  it('answers the road, then from its cache for the same points to 5 decimals', async () => {
    const maps = createMapServices(config, recordingLog());
    const road = await maps.route(AIRPORT_DLA, AKWA_PALACE);
    expect(road.source).toBe('road');
    expect(road.distance_m).toBeGreaterThan(greatCircleMetres(AIRPORT_DLA, AKWA_PALACE) * 1.2);
    expect(road.duration_s).toBeGreaterThan(0);
    expect(road.geometry[0]).toEqual([AIRPORT_DLA.latitude, AIRPORT_DLA.longitude]);
    const nudged = { latitude: AIRPORT_DLA.latitude + 0.000001, longitude: AIRPORT_DLA.longitude };
    expect(await maps.route(nudged, AKWA_PALACE)).toEqual(road);
    expect(osrm.requests).toHaveLength(1);
  });

  it('falls back to the great-circle distance, logged, when routing fails, and asks again next time', async () => {
    const log = recordingLog();
    const maps = createMapServices(config, log);
    osrm.down = true;
    expect(await maps.route(AKWA_PALACE, MAKEPE)).toEqual({
      distance_m: greatCircleMetres(AKWA_PALACE, MAKEPE),
      duration_s: null,
      source: 'great_circle',
      geometry: [
        [AKWA_PALACE.latitude, AKWA_PALACE.longitude],
        [MAKEPE.latitude, MAKEPE.longitude],
      ],
    });
    expect(log.warnings[0]).toMatchObject({ obj: { err: expect.stringContaining('OSRM route: HTTP 503') }, msg: expect.stringContaining('great-circle') });
    osrm.down = false;
    expect((await maps.route(AKWA_PALACE, MAKEPE)).source).toBe('road');
  });

  it('falls back too when there is no road, or on a timeout', async () => {
    const log = recordingLog();
    const maps = createMapServices({ ...config, timeoutMs: 100 }, log);
    expect((await maps.route(AKWA_PALACE, { latitude: 14.6717, longitude: -17.4347 })).source).toBe('great_circle');
    osrm.stallNext(500);
    expect((await maps.route(AIRPORT_DLA, MAKEPE)).source).toBe('great_circle');
    expect(log.warnings.map((w) => (w.obj as { err: string }).err)).toEqual([expect.stringContaining('NoRoute'), expect.stringContaining('timed out')]);
  });

  it('draws a long road with at most 200 points', async () => {
    const maps = createMapServices(config, recordingLog());
    // Douala -> Yaoundé: the simulator answers a 400-point polyline.
    const road = await maps.route(AKWA_PALACE, { latitude: 3.848, longitude: 11.5021 });
    expect(road.source).toBe('road');
    expect(road.geometry.length).toBeLessThanOrEqual(MAX_ROUTE_POINTS);
    expect(road.geometry.length).toBeGreaterThan(10);
    expect(road.geometry.at(-1)).toEqual([3.848, 11.5021]);
  });
});

describe('map services in simulator mode', () => {
  it('starts its simulators on first use only, and stops them on close', async () => {
    const maps = createMapServices(mapsConfigFromEnv({}, false), recordingLog());
    expect(maps.mode).toBe('simulator');
    expect(maps.tiles).toEqual({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: expect.stringContaining('OpenStreetMap') });
    expect((await maps.search('Hôtel Ivoire', { limit: 5, countryCodes: ['ci'] }))[0].name).toBe('Sofitel Abidjan Hôtel Ivoire');
    expect((await maps.route(AIRPORT_DLA, AKWA_PALACE)).source).toBe('road');
    await maps.close();
    // Closed: nothing restarts; the answers degrade as a failure would.
    expect(await maps.search('Akwa', { limit: 5, countryCodes: [] })).toEqual([]);
  });

  it('does nothing when closed unused', async () => {
    await createMapServices(mapsConfigFromEnv({}, false), recordingLog()).close();
  });
});

describe('simplifyPath', () => {
  it('keeps a short line, and the ends and the shape of a long one', () => {
    expect(simplifyPath([[0, 0], [1, 1]], 200)).toEqual([[0, 0], [1, 1]]);
    const zigzag = Array.from({ length: 1001 }, (_, i): [number, number] => [4 + i * 0.0001, 9.7 + (i % 2 ? 0.00001 : 0) + (i > 500 ? (i - 500) * 0.0002 : 0)]);
    const simple = simplifyPath(zigzag, 200);
    expect(simple.length).toBeLessThanOrEqual(200);
    expect(simple[0]).toEqual(zigzag[0]);
    expect(simple.at(-1)).toEqual(zigzag[1000]);
    // The corner at point 500 survives.
    expect(simple.some(([lat]) => Math.abs(lat - (4 + 500 * 0.0001)) < 0.0002)).toBe(true);
  });
});

describe('LruCache', () => {
  it('forgets the least recently read entry past its size, and every entry past its age', () => {
    let now = 0;
    const cache = new LruCache<number>(2, 1000, () => now);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    now = 1000;
    expect(cache.get('c')).toBeUndefined();
  });
});
