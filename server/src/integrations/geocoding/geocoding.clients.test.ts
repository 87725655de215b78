import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MapServiceError } from '../../platform/maps/http.ts';
import { startGeocodingSimulator, type GeocodingSimulator } from './geocoding.simulator.ts';
import { createNominatimClient } from './nominatim.client.ts';
import { createPhotonClient } from './photon.client.ts';
import type { Geocoder } from './geocoder.types.ts';

let sim: GeocodingSimulator;
beforeAll(async () => {
  sim = await startGeocodingSimulator();
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.down = false;
  sim.requests.length = 0;
});

const userAgent = 'Flotte-test/1.0 (tests)';
const clients: Array<[string, (timeoutMs?: number) => Geocoder]> = [
  ['Photon', (timeoutMs = 2000) => createPhotonClient({ baseUrl: sim.url, userAgent, timeoutMs })],
  ['Nominatim', (timeoutMs = 2000) => createNominatimClient({ baseUrl: sim.url, userAgent, timeoutMs, minIntervalMs: 0 })],
];

describe.each(clients)('%s client against the simulator', (service, client) => {
  it('finds real places with their coordinates, a short name and the rest of the address', async () => {
    const places = await client().search('Akwa Palace', { limit: 5, countryCodes: [] });
    expect(places[0]).toEqual({ name: 'Hôtel Akwa Palace', description: 'Boulevard de la Liberté, Akwa, Douala, Cameroun', latitude: 4.0468, longitude: 9.6977 });
    expect(sim.requests[0].userAgent).toBe(userAgent);
  });

  it('ignores accents and case, in the query and in the names', async () => {
    const a = await client().search('bonaberi', { limit: 5, countryCodes: ['cm'] });
    const b = await client().search('BONABÉRI', { limit: 5, countryCodes: ['cm'] });
    expect(a.map((p) => p.name)).toContain('Bonabéri');
    expect(b).toEqual(a);
    expect((await client().search('aeroport douala', { limit: 5, countryCodes: [] }))[0].name).toBe('Aéroport international de Douala');
  });

  it("keeps the wanted countries' places only, in the service's order", async () => {
    const all = await client().search('Plateau', { limit: 10, countryCodes: [] });
    expect(new Set(all.map((p) => p.description?.split(', ').at(-1)))).toEqual(new Set(["Côte d'Ivoire", 'Sénégal']));
    const ci = await client().search('Plateau', { limit: 10, countryCodes: ['CI'] });
    expect(ci.length).toBeGreaterThan(0);
    expect(ci.every((p) => p.description?.endsWith("Côte d'Ivoire"))).toBe(true);
    expect(ci.map((p) => p.name)).toEqual(all.filter((p) => p.description?.endsWith("Côte d'Ivoire")).map((p) => p.name));
    expect(await client().search('Sandaga', { limit: 10, countryCodes: ['tg'] })).toEqual([]);
  });

  it('answers at most `limit` places', async () => {
    expect(await client().search('Douala', { limit: 3, countryCodes: ['cm'] })).toHaveLength(3);
    expect((await client().search('Abidjan', { limit: 20, countryCodes: ['ci'] })).length).toBeGreaterThan(3);
  });

  it('throws a clear error when the service fails or is down', async () => {
    sim.failNext(500);
    await expect(client().search('Akwa', { limit: 5, countryCodes: [] })).rejects.toThrow(new RegExp(`^${service} search: HTTP 500`));
    sim.down = true;
    const err = await client().search('Akwa', { limit: 5, countryCodes: [] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MapServiceError);
    expect((err as Error).message).toContain('HTTP 503');
  });

  it('names the nearest place of a point, with its street, district and city, and nothing far from any', async () => {
    // 30 m from the Marché Central's pin.
    expect(await client().reverse({ latitude: 4.0485, longitude: 9.7039 })).toBe('Marché Central, Boulevard Ahmadou Ahidjo, Akwa, Douala');
    expect(await client().reverse({ latitude: 5.3247, longitude: -4.0058 })).toBe('Sofitel Abidjan Hôtel Ivoire, Boulevard Hassan II, Cocody, Abidjan');
    // In the Atlantic.
    expect(await client().reverse({ latitude: 2.5, longitude: 7.5 })).toBeNull();
    expect(sim.requests[0]).toMatchObject({ path: '/reverse', query: { lat: '4.0485', lon: '9.7039' }, userAgent });
  });

  it('throws a clear error when reverse geocoding fails', async () => {
    sim.down = true;
    await expect(client().reverse({ latitude: 4.0485, longitude: 9.7039 })).rejects.toThrow(new RegExp(`^${service} reverse: HTTP 503`));
  });

  it('gives up after its timeout', async () => {
    sim.stallNext(1000);
    await expect(client(100).search('Akwa', { limit: 5, countryCodes: [] })).rejects.toThrow(`${service} search timed out after 100 ms`);
  });
});

describe('Photon client', () => {
  it('asks Photon in French, and for more places than it shows when it filters by country', async () => {
    await createPhotonClient({ baseUrl: sim.url, userAgent, timeoutMs: 2000 }).search('Akwa', { limit: 5, countryCodes: ['cm'] });
    expect(sim.requests[0]).toMatchObject({ path: '/api', query: { q: 'Akwa', lang: 'fr', limit: '20' } });
  });

  it("asks Photon's reverse in French, for one place", async () => {
    await createPhotonClient({ baseUrl: sim.url, userAgent, timeoutMs: 2000 }).reverse({ latitude: 4.0061, longitude: 9.7195 });
    expect(sim.requests[0]).toMatchObject({ path: '/reverse', query: { lat: '4.0061', lon: '9.7195', lang: 'fr', limit: '1' } });
    expect(sim.requests[0].query).not.toHaveProperty('format');
  });
});

describe('Nominatim client', () => {
  it('asks the documented reverse query, in French', async () => {
    await createNominatimClient({ baseUrl: sim.url, userAgent, timeoutMs: 2000, minIntervalMs: 0 }).reverse({ latitude: 4.0061, longitude: 9.7195 });
    expect(sim.requests[0]).toMatchObject({ path: '/reverse', query: { format: 'jsonv2', lat: '4.0061', lon: '9.7195', 'accept-language': 'fr' } });
  });

  it('sends the documented query with the countries', async () => {
    await createNominatimClient({ baseUrl: sim.url, userAgent, timeoutMs: 2000, minIntervalMs: 0 }).search('Akwa', { limit: 5, countryCodes: ['CM', 'ci'] });
    expect(sim.requests[0]).toMatchObject({ path: '/search', query: { q: 'Akwa', format: 'jsonv2', limit: '5', countrycodes: 'cm,ci' } });
  });

  it('keeps its requests apart (the public instance allows one a second)', async () => {
    const client = createNominatimClient({ baseUrl: sim.url, userAgent, timeoutMs: 2000, minIntervalMs: 150 });
    await Promise.all(['Akwa', 'Deido', 'Makepe'].map((q) => client.search(q, { limit: 1, countryCodes: [] })));
    const at = sim.requests.map((r) => r.at);
    expect(at).toHaveLength(3);
    expect(at[1] - at[0]).toBeGreaterThanOrEqual(140);
    expect(at[2] - at[1]).toBeGreaterThanOrEqual(140);
  });

  it('refuses to queue a search that could not start before its timeout', async () => {
    const client = createNominatimClient({ baseUrl: sim.url, userAgent, timeoutMs: 200, minIntervalMs: 150 });
    const results = await Promise.allSettled(['Akwa', 'Deido', 'Makepe'].map((q) => client.search(q, { limit: 1, countryCodes: [] })));
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect(String((results[2] as PromiseRejectedResult).reason)).toContain('too many searches queued');
  });
});
