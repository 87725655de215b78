import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { greatCircleMetres } from '@flotte/contract/geo';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { startGeocodingSimulator, type GeocodingSimulator } from '../../integrations/geocoding/geocoding.simulator.ts';
import { startOsrmSimulator, type OsrmSimulator } from '../../integrations/osrm/osrm.simulator.ts';
import { parks } from '../access/access.tables.ts';

let ctx: TestContext;
let geo: GeocodingSimulator;
let osrm: OsrmSimulator;

// The app's real clients, pointed at simulators this file holds the levers of.
beforeAll(async () => {
  [geo, osrm] = await Promise.all([startGeocodingSimulator(), startOsrmSimulator()]);
  ctx = await createTestContext({ MAPS_MODE: 'live', GEOCODER_URL: geo.url, ROUTING_URL: osrm.url, MAPS_TIMEOUT_MS: '1000' });
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([geo?.close(), osrm?.close()]);
});
beforeEach(() => {
  geo.down = osrm.down = false;
});

/** A fresh park of Douala (the test parks' city) and its owner, signed in. */
async function ownerOfNewPark() {
  const { park, owner } = await ctx.createPark({ name: 'Parc Cartes' });
  const s = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
  return { parkId: park.id, get: (url: string) => ctx.api('GET', url, { token: s.token, profileId: s.profile_id }) };
}

const setPark = (parkId: string, v: { countryCode?: string; city?: string | null }) => ctx.database.db.update(parks).set(v).where(eq(parks.id, parkId));

describe('GET /api/geo/config', () => {
  it("opens the map on the park's city, else its country's main city, with the tiles and their attribution", async () => {
    const a = await ownerOfNewPark();
    const res = await a.get('/api/geo/config');
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      tile_url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: expect.stringContaining('les contributeurs d’OpenStreetMap'),
      zoom: 15,
      center: { latitude: 4.0483, longitude: 9.7043 },
    });
    await setPark(a.parkId, { city: 'yaounde' });
    expect((await a.get('/api/geo/config')).data.center).toEqual({ latitude: 3.848, longitude: 11.5021 });
    await setPark(a.parkId, { countryCode: 'CI', city: 'Ville inconnue' });
    expect((await a.get('/api/geo/config')).data.center).toEqual({ latitude: 5.3235, longitude: -4.0219 });
    // A country without a known city: its centre.
    await setPark(a.parkId, { countryCode: 'MG', city: null });
    expect((await a.get('/api/geo/config')).data.center).toEqual({ latitude: -18.77, longitude: 46.87 });
  });
});

describe('GET /api/geo/search', () => {
  it("answers places of the park's country only", async () => {
    const a = await ownerOfNewPark();
    const res = await a.get('/api/geo/search?q=Sandaga');
    expect(res.status).toBe(200);
    expect(res.data.items).toEqual([{ name: 'Marché Sandaga', description: 'Boulevard de la République, Akwa Nord, Douala, Cameroun', latitude: 4.0531, longitude: 9.7095 }]);
    await setPark(a.parkId, { countryCode: 'SN', city: 'Dakar' });
    expect((await a.get('/api/geo/search?q=sandaga&limit=3')).data.items.map((p: { description: string }) => p.description)).toEqual(['Avenue Émile Badiane, Plateau, Dakar, Sénégal']);
  });

  it('is open to a member without any role', async () => {
    const { park } = await ctx.createPark({ name: 'Parc Membre' });
    const member = await ctx.addMember(park.id, { type: 'agent', roleNames: [] });
    const s = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const res = await ctx.api('GET', '/api/geo/search?q=Bonanjo', { token: s.token, profileId: s.profile_id });
    expect(res.status).toBe(200);
    expect(res.data.items[0].name).toBe('Bonanjo');
  });

  it('refuses fewer than 3 characters, in French', async () => {
    const a = await ownerOfNewPark();
    const res = await a.get('/api/geo/search?q=ab');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.raw.json())).toContain('Saisissez au moins 3 caractères');
  });

  it('answers no places when the geocoder is down', async () => {
    const a = await ownerOfNewPark();
    geo.down = true;
    const res = await a.get('/api/geo/search?q=Makepe');
    expect(res.status).toBe(200);
    expect(res.data.items).toEqual([]);
  });
});

describe('GET /api/geo/route', () => {
  const FROM = { latitude: 4.0061, longitude: 9.7195 };
  const TO = { latitude: 4.0724, longitude: 9.7567 };
  const url = `/api/geo/route?from_lat=${FROM.latitude}&from_lng=${FROM.longitude}&to_lat=${TO.latitude}&to_lng=${TO.longitude}`;

  it('answers the road from the routing service', async () => {
    const a = await ownerOfNewPark();
    const res = await a.get(url);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ source: 'road', duration_s: expect.any(Number) });
    expect(res.data.distance_m).toBeGreaterThan(greatCircleMetres(FROM, TO));
    expect(res.data.geometry[0]).toEqual([FROM.latitude, FROM.longitude]);
  });

  it('falls back to the great-circle distance when the routing service fails', async () => {
    const a = await ownerOfNewPark();
    osrm.down = true;
    const other = `/api/geo/route?from_lat=4.0468&from_lng=9.6977&to_lat=4.0397&to_lng=9.6884`;
    const res = await a.get(other);
    expect(res.status).toBe(200);
    expect(res.data).toEqual({
      distance_m: greatCircleMetres({ latitude: 4.0468, longitude: 9.6977 }, { latitude: 4.0397, longitude: 9.6884 }),
      duration_s: null,
      source: 'great_circle',
      geometry: [
        [4.0468, 9.6977],
        [4.0397, 9.6884],
      ],
    });
  });

  it('refuses a point off the Earth, in French', async () => {
    const a = await ownerOfNewPark();
    const res = await a.get('/api/geo/route?from_lat=95&from_lng=9.7&to_lat=4&to_lng=9.7');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.raw.json())).toContain('Veuillez sélectionner une adresse valide.');
  });
});
