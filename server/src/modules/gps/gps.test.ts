import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, GPS_MESSAGES } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { FLESPI_DEMO_TOKEN } from '../../integrations/flespi/flespi.simulator.ts';
import { TRACCAR_DEMO_TOKEN } from '../../integrations/traccar/traccar.simulator.ts';
import { GpsProviderError, type GpsApi, type GpsClient, type GpsCredentials, type GpsFix, type SimulatedDeviceControl } from '../../integrations/gps/gps.types.ts';
import { insertDriver, vehicleCalls } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { gpsSecretContext } from './gps-link.ts';
import type { GpsDeps } from './gps.deps.ts';
import { gpsConnections, triggerEpisodes } from './gps.tables.ts';

// Vehicle GPS through the app (issue 22 section 1): the park's connection, the spec's messages
// call, the fleet map, a vehicle's position and day, a provider that is down. The provider is a
// fake GpsApi here (its fixes written by the test); the real clients have their own tests
// against their simulators.

const TOKEN = 'flespi-token-0042';
/** 18:00 in Douala. */
const NOW = new Date('2026-11-26T17:00:00Z');
const min = (m: number) => m * 60_000;

/** A provider whose devices' fixes the test writes; `down` makes every call fail as unreachable. */
function fakeProvider() {
  const fixes = new Map<string, GpsFix[]>();
  const state = { down: false, latestCalls: 0, devices: 3 };
  const guard = (creds: GpsCredentials) => {
    if (state.down) throw new GpsProviderError('unavailable', 'connect ECONNREFUSED');
    if (creds.secret !== TOKEN) throw new GpsProviderError('unauthorized', '401 Unauthorized', 401);
  };
  const client: GpsClient = {
    provider: 'flespi',
    async check(creds) {
      guard(creds);
      return { devices: state.devices };
    },
    async positions(creds, ident, period) {
      guard(creds);
      if (ident.startsWith('000')) throw new GpsProviderError('unknown_device', 'no such device', 404);
      const inside = (fixes.get(ident) ?? []).filter((f) => f.at >= period.from && f.at <= period.to);
      if (period.newestFirst) inside.reverse();
      return inside.slice(0, period.limit ?? inside.length);
    },
    async latest(creds, idents) {
      guard(creds);
      state.latestCalls += 1;
      const out = new Map<string, GpsFix>();
      for (const ident of idents) {
        const last = (fixes.get(ident) ?? []).filter((f) => f.at <= NOW).at(-1);
        if (last) out.set(ident, last);
      }
      return out;
    },
    async stops() {
      return null;
    },
    async sendCommand() {
      return { outcome: 'refused', answer: 'not in these tests' };
    },
  };
  const api: GpsApi = {
    mode: 'simulator',
    client: async () => client,
    simulators: () => null,
    demoCredentials: () => null,
    close: async () => undefined,
  };
  return { api, fixes, state };
}

const fix = (ident: string, at: Date, o: Partial<GpsFix> = {}): GpsFix => ({
  ident,
  at,
  latitude: 4.05,
  longitude: 9.7,
  speedKmh: 0,
  course: 0,
  ignition: true,
  odometerKm: null,
  address: null,
  ...o,
});

/** A recorded-style day: 08:00 Douala a 20-minute drive, a 10-minute stop, 20 minutes more, then parked (engine off) until now. */
function dayTrack(ident: string): GpsFix[] {
  const out: GpsFix[] = [];
  let t = Date.parse('2026-11-26T07:00:00Z');
  let lat = 4.05;
  const drive = (minutes: number) => {
    for (let s = 0; s < minutes * 60; s += 30, t += 30_000, lat += (40 / 3600 / 111.2) * 30) out.push(fix(ident, new Date(t), { latitude: lat, speedKmh: 40 }));
  };
  const still = (minutes: number, every: number, ignition: boolean) => {
    for (let s = 0; s < minutes * 60; s += every, t += every * 1000) out.push(fix(ident, new Date(t), { latitude: lat, ignition, address: null }));
  };
  out.push(fix(ident, new Date('2026-11-25T21:00:00Z'), { ignition: false })); // the evening before
  drive(20);
  still(10, 30, true);
  drive(20);
  still(9 * 60 + 10, 300, false); // 07:50Z to 17:00Z
  return out;
}

let ctx: TestContext;
let gps: GpsDeps;
/** The app's own GpsApi: the real clients against the loopback simulators. */
let realApi: GpsApi;
let fake: ReturnType<typeof fakeProvider>;
let fx: ParkFixture;
let owner: SignedIn;
let n = 0;
const calls = vehicleCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
  gps = (ctx.app as unknown as { gps: GpsDeps }).gps;
  realApi = gps.api;
});
beforeEach(async () => {
  n += 1;
  fake = fakeProvider();
  gps.api = fake.api;
  gps.now = () => NOW;
  gps.cacheSeconds = 0;
  fx = await ctx.createPark({ name: `Parc GPS ${n}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const call = (method: string, url: string, body?: unknown, who: SignedIn = owner) => ctx.api(method, url, { token: who.token, profileId: who.profile_id, body });
const connect = () => call('PUT', '/api/gps/connection', { provider: 'flespi', secret: TOKEN });
const savedRow = async () => (await ctx.database.db.select().from(gpsConnections).where(eq(gpsConnections.parkId, fx.park.id)))[0];
let imeis = 0;
const imei = () => `3563070424${String(process.pid).slice(-3).padStart(3, '0')}${String(++imeis).padStart(3, '0')}`;

describe('the park GPS connection', () => {
  it('tests the token, keeps it sealed, answers only its last 4 characters and counts the equipped vehicles', async () => {
    await calls.vehicle({ gps_number: imei() });
    await calls.vehicle();
    const before = await call('GET', '/api/gps/connection');
    expect(before.data).toMatchObject({ connected: false, provider: null, secret_hint: null, equipped_vehicles: 1 });

    const r = await connect();
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(GPS_MESSAGES.connectionSaved);
    expect(r.data).toMatchObject({ connected: true, provider: 'flespi', base_url: null, secret_hint: '••••0042', devices: 3, status: 'ok', equipped_vehicles: 1 });
    const read = await call('GET', '/api/gps/connection');
    expect(read.data).toEqual(r.data);
    expect(JSON.stringify(read.raw.json())).not.toContain(TOKEN);
    const row = await savedRow();
    expect(row.secretSealed).not.toContain(TOKEN);
    expect(gps.box.open(row.secretSealed, gpsSecretContext(fx.park.id))).toBe(TOKEN);
    expect(gps.box.open(row.secretSealed, gpsSecretContext('another-park'))).toBeNull();
  });

  it('requires the token on the first save and keeps it when an edit omits it', async () => {
    const first = await call('PUT', '/api/gps/connection', { provider: 'flespi' });
    expect(first.status).toBe(400);
    expect(first.data.errors).toEqual([{ field: 'secret', message: 'Le jeton est requis' }]);
    expect(await savedRow()).toBeUndefined();

    expect((await connect()).code).toBe(5000);
    const edit = await call('PUT', '/api/gps/connection', { provider: 'flespi', lock_command: 'setdigout 1 60' });
    expect(edit.code, edit.message).toBe(5000);
    expect(edit.data).toMatchObject({ secret_hint: '••••0042', lock_command: 'setdigout 1 60' });
    // Another provider needs its own secret.
    const traccar = await call('PUT', '/api/gps/connection', { provider: 'traccar', base_url: 'https://gps.example.cm' });
    expect(traccar.status).toBe(400);
    expect((await savedRow()).provider).toBe('flespi');
  });

  it('saves nothing when the provider refuses the token or does not answer', async () => {
    const refused = await call('PUT', '/api/gps/connection', { provider: 'flespi', secret: 'wrong-token' });
    expect(refused.status).toBe(400);
    expect(refused.code).toBe(ErrorCodes.GPS_CREDENTIALS_REFUSED.code);
    expect(refused.message).toBe(ErrorCodes.GPS_CREDENTIALS_REFUSED.message);
    expect(refused.data.errors).toEqual([{ field: 'secret', message: ErrorCodes.GPS_CREDENTIALS_REFUSED.message }]);
    expect(await savedRow()).toBeUndefined();

    fake.state.down = true;
    const down = await connect();
    expect(down.status).toBe(503);
    expect(down.code).toBe(ErrorCodes.GPS_UNAVAILABLE.code);
    expect(await savedRow()).toBeUndefined();
  });

  it('is removed on request, and needs the company permission', async () => {
    expect((await connect()).code).toBe(5000);
    const member = await ctx.addMember(fx.park.id, { type: 'agent', roleNames: [] });
    const bare = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    expect((await call('GET', '/api/gps/connection', undefined, bare)).status).toBe(403);
    expect((await call('DELETE', '/api/gps/connection', undefined, bare)).status).toBe(403);
    const removed = await call('DELETE', '/api/gps/connection');
    expect(removed.code, removed.message).toBe(5000);
    expect(removed.data.connected).toBe(false);
    expect(await savedRow()).toBeUndefined();
  });
});

describe('GET /api/flespi/device/messages', () => {
  it('answers the 2 latest positions of a device of the park, newest first, in km/h and the park wall clock', async () => {
    const ident = imei();
    await calls.vehicle({ gps_number: ident });
    fake.fixes.set(ident, [fix(ident, new Date(NOW.getTime() - min(3)), { speedKmh: 20 }), fix(ident, new Date(NOW.getTime() - min(2)), { speedKmh: 30 }), fix(ident, new Date(NOW.getTime() - min(1)), { speedKmh: 35.44 })]);
    expect((await call('GET', `/api/flespi/device/messages?device_imei=${ident}`)).code).toBe(ErrorCodes.GPS_NOT_CONNECTED.code);
    await connect();
    const r = await call('GET', `/api/flespi/device/messages?device_imei=${ident}`);
    expect(r.code, r.message).toBe(5000);
    expect(r.data.map((p: { speed: number }) => p.speed)).toEqual([35.4, 30]);
    expect(r.data[0]).toMatchObject({ at: '2026-11-26T17:59:00', age_seconds: 60, latitude: 4.05, longitude: 9.7 });

    // A period in unix seconds, and one in the park's wall clock.
    const from = Math.floor((NOW.getTime() - min(150)) / 1000);
    const to = Math.floor((NOW.getTime() - min(2)) / 1000);
    const period = await call('GET', `/api/flespi/device/messages?device_imei=${ident}&from=${from}&to=${to}&limit=10`);
    expect(period.data.map((p: { at: string }) => p.at)).toEqual(['2026-11-26T17:58:00', '2026-11-26T17:57:00']);
    const wall = await call('GET', `/api/flespi/device/messages?device_imei=${ident}&from=2026-11-26T17:57:30&to=2026-11-26T18:00:00`);
    expect(wall.data).toHaveLength(2);
    const bad = await call('GET', `/api/flespi/device/messages?device_imei=${ident}&from=hier`);
    expect(bad.status).toBe(400);
    expect(bad.data.errors[0].field).toBe('from');
  });

  it("never reads another park's device, nor a number no vehicle of the park carries", async () => {
    const other = await ctx.createPark({ name: `Parc GPS voisin ${n}` });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const theirs = imei();
    const created = await calls.create({ vehicle_type_id: 1, brand_id: 1, model_id: 1, color_id: 1, registration_number: `GB-${n}-XX`, gps_number: theirs }, otherOwner);
    expect(created.code, created.message).toBe(5000);
    fake.fixes.set(theirs, [fix(theirs, new Date(NOW.getTime() - min(1)))]);
    await connect();
    for (const ident of [theirs, '000123456789']) {
      const r = await call('GET', `/api/flespi/device/messages?device_imei=${ident}`);
      expect(r.status).toBe(404);
      expect(r.code).toBe(ErrorCodes.GPS_DEVICE_UNKNOWN.code);
    }
    const position = await call('GET', `/api/gps/vehicles/${created.data.id}/position`);
    expect(position.status).toBe(404);
    const day = await call('GET', `/api/gps/vehicles/${created.data.id}/day?date=2026-11-26`);
    expect(day.status).toBe(404);
  });
});

describe('GET /api/gps/fleet', () => {
  it("gives each vehicle's state, latest fix, driver and lock, and raises the mileage from the odometer", async () => {
    const ids = { moving: imei(), stopped: imei(), offline: imei(), silent: imei() };
    const moving = await calls.vehicle({ label: 'A moving', gps_number: ids.moving, mileage: 10_000 });
    const stopped = await calls.vehicle({ label: 'B stopped', gps_number: ids.stopped, mileage: 50_000 });
    const offline = await calls.vehicle({ label: 'C offline', gps_number: ids.offline });
    const silent = await calls.vehicle({ label: 'D silent', gps_number: ids.silent });
    const bare = await calls.vehicle({ label: 'E bare' });
    const driverId = await insertDriver(ctx, fx.park.id, { firstName: 'Paul', lastName: 'Biya' });
    await calls.planEveryDay(moving.id, driverId);
    fake.fixes.set(ids.moving, [fix(ids.moving, new Date(NOW.getTime() - 30_000), { speedKmh: 42, odometerKm: 12_345.7 })]);
    fake.fixes.set(ids.stopped, [fix(ids.stopped, new Date(NOW.getTime() - min(4)), { speedKmh: 0, odometerKm: 100 })]);
    fake.fixes.set(ids.offline, [fix(ids.offline, new Date(NOW.getTime() - min(120)), { speedKmh: 50 })]);
    await ctx.database.db.insert(triggerEpisodes).values({
      parkId: fx.park.id,
      triggerTitle: 'Retard de recette',
      action: 'lock',
      driverId,
      vehicleId: stopped.id,
      episodeStart: '2026-11-20',
      state: 'done',
      debt: 20_000,
      objective: 15_000,
    });

    const notConnected = await call('GET', '/api/gps/fleet');
    expect(notConnected.data).toMatchObject({ connected: false, provider_ok: true, provider: null });
    expect(notConnected.data.vehicles.every((v: { position: unknown }) => v.position === null)).toBe(true);

    await connect();
    const r = await call('GET', '/api/gps/fleet');
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ connected: true, provider_ok: true, provider: 'flespi' });
    const byLabel = Object.fromEntries(r.data.vehicles.map((e: { vehicle: { label: string } }) => [e.vehicle.label, e]));
    expect(r.data.vehicles.map((e: { vehicle: { label: string } }) => e.vehicle.label)).toEqual(['A moving', 'B stopped', 'C offline', 'D silent', 'E bare']);
    expect(byLabel['A moving']).toMatchObject({ state: 'moving', locked: false, vehicle: { id: moving.id, gps_number: ids.moving, driver_name: 'Paul Biya' } });
    expect(byLabel['A moving'].position).toMatchObject({ speed: 42, odometer: 12_345.7, age_seconds: 30, at: '2026-11-26T17:59:30' });
    expect(byLabel['B stopped']).toMatchObject({ state: 'stopped', locked: true });
    expect(byLabel['C offline'].state).toBe('offline');
    expect(byLabel['D silent']).toMatchObject({ state: 'no_position', position: null });
    expect(byLabel['E bare']).toMatchObject({ state: 'no_device', position: null, vehicle: { id: bare.id, gps_number: null } });
    expect(offline.id && silent.id).toBeTruthy();

    // The odometer raised the mileage (whole km), never lowered it.
    const mileage = async (id: string) => (await ctx.database.db.select({ m: vehicles.mileage }).from(vehicles).where(eq(vehicles.id, id)))[0].m;
    expect(await mileage(moving.id)).toBe(12_345);
    expect(await mileage(stopped.id)).toBe(50_000);

    const position = await call('GET', `/api/gps/vehicles/${stopped.id}/position`);
    expect(position.data).toMatchObject({ connected: true, provider_ok: true, has_device: true, locked: true, position: { speed: 0, age_seconds: 240 } });
    const none = await call('GET', `/api/gps/vehicles/${bare.id}/position`);
    expect(none.data).toEqual({ connected: true, provider_ok: true, has_device: false, position: null, locked: false });
  });

  it('asks the provider once for the whole park while the cache holds, and again after the connection changes', async () => {
    gps.cacheSeconds = 60;
    const ident = imei();
    const v = await calls.vehicle({ gps_number: ident });
    fake.fixes.set(ident, [fix(ident, new Date(NOW.getTime() - 10_000))]);
    await connect();
    await call('GET', '/api/gps/fleet');
    await call('GET', '/api/gps/fleet');
    await call('GET', `/api/gps/vehicles/${v.id}/position`);
    expect(fake.state.latestCalls).toBe(1);
    await connect();
    await call('GET', '/api/gps/fleet');
    expect(fake.state.latestCalls).toBe(2);
  });

  it('says the provider is down without failing: positions null, provider_ok false', async () => {
    const ident = imei();
    const v = await calls.vehicle({ gps_number: ident });
    fake.fixes.set(ident, dayTrack(ident));
    await connect();
    fake.state.down = true;
    const fleet = await call('GET', '/api/gps/fleet');
    expect(fleet.status).toBe(200);
    expect(fleet.data).toMatchObject({ connected: true, provider_ok: false });
    expect(fleet.data.vehicles[0]).toMatchObject({ state: 'no_position', position: null });
    const position = await call('GET', `/api/gps/vehicles/${v.id}/position`);
    expect(position.data).toMatchObject({ provider_ok: false, has_device: true, position: null });
    const day = await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-26`);
    expect(day.status).toBe(200);
    expect(day.data).toMatchObject({ provider_ok: false, stops: [], positions: 0 });
    const messages = await call('GET', `/api/flespi/device/messages?device_imei=${ident}`);
    expect(messages.status).toBe(503);
    expect(messages.code).toBe(ErrorCodes.GPS_UNAVAILABLE.code);
  });
});

describe('GET /api/gps/vehicles/:id/day', () => {
  it('gives the route, the stops with their times in the park zone, the distance and the moving and parked times', async () => {
    const ident = imei();
    const v = await calls.vehicle({ gps_number: ident });
    fake.fixes.set(ident, dayTrack(ident));
    await connect();
    const r = await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-26`);
    expect(r.code, r.message).toBe(5000);
    const day = r.data;
    expect(day.provider_ok).toBe(true);
    expect(day.vehicle).toMatchObject({ id: v.id, gps_number: ident });
    expect(day.positions).toBe(dayTrack(ident).length - 1); // the evening before is another day
    expect(day.stops).toEqual([
      { position: { latitude: expect.any(Number), longitude: 9.7 }, stopDuration: 600, stopStartTime: '2026-11-26T08:20:00', stopEndTime: '2026-11-26T08:30:00', address: null, ongoing: false },
      { position: { latitude: expect.any(Number), longitude: 9.7 }, stopDuration: 9 * 3600 + 10 * 60, stopStartTime: '2026-11-26T08:50:00', stopEndTime: '2026-11-26T18:00:00', address: null, ongoing: true },
    ]);
    expect(day.distance_km).toBeCloseTo(26.6, 0);
    expect(day.moving_seconds).toBe(40 * 60);
    expect(day.parked_seconds).toBe(600 + 9 * 3600 + 600);
    expect(day.route.length).toBeGreaterThan(2);
    expect(day.route.length).toBeLessThanOrEqual(500);
    expect(day.last_position).toMatchObject({ at: '2026-11-26T17:55:00', ignition: false });

    // A day with nothing, and a day to come.
    const before = await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-20`);
    expect(before.data).toMatchObject({ provider_ok: true, positions: 0, stops: [], distance_km: 0, last_position: null });
    expect((await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-12-01`)).data.positions).toBe(0);
  });

  it('refuses a date that is not one, in French', async () => {
    const v = await calls.vehicle({ gps_number: imei() });
    await connect();
    for (const date of ['hier', '2026-02-30', '2026-13-01']) {
      const r = await call('GET', `/api/gps/vehicles/${v.id}/day?date=${date}`);
      expect(r.status, date).toBe(400);
      expect(r.message, date).toMatch(/date/i);
      expect(r.message).toMatch(/AAAA-MM-JJ/);
    }
  });

  it('says when the vehicle has no GPS number or the park no provider', async () => {
    const bare = await calls.vehicle();
    const equipped = await calls.vehicle({ gps_number: imei() });
    expect((await call('GET', `/api/gps/vehicles/${equipped.id}/day?date=2026-11-26`)).code).toBe(ErrorCodes.GPS_NOT_CONNECTED.code);
    await connect();
    expect((await call('GET', `/api/gps/vehicles/${bare.id}/day?date=2026-11-26`)).code).toBe(ErrorCodes.GPS_VEHICLE_NO_DEVICE.code);
    expect((await call('GET', '/api/gps/vehicles/pas-un-id/day?date=2026-11-26')).status).toBe(404);
  });
});

describe('through the flespi client and its simulator', () => {
  let devices: SimulatedDeviceControl;
  let clock: Date;
  beforeEach(async () => {
    gps.api = realApi;
    devices = (await realApi.simulators()!).devices;
    clock = new Date('2026-11-26T15:00:00Z'); // 16:00 in Douala
    devices.setClock(() => clock);
    gps.now = () => clock;
  });
  afterAll(() => devices?.setClock(null));
  const flespi = (secret = FLESPI_DEMO_TOKEN) => call('PUT', '/api/gps/connection', { provider: 'flespi', secret });

  it('connects with the account token and refuses another', async () => {
    const refused = await flespi('NotTheDemoToken');
    expect(refused.code).toBe(ErrorCodes.GPS_CREDENTIALS_REFUSED.code);
    const r = await flespi();
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ connected: true, provider: 'flespi', secret_hint: `••••${FLESPI_DEMO_TOKEN.slice(-4)}` });
  });

  it('shows a moving and a stopped vehicle, then the one whose device went offline', async () => {
    const ids = { a: imei(), b: imei() };
    const a = await calls.vehicle({ label: 'A', gps_number: ids.a, mileage: 1 });
    await calls.vehicle({ label: 'B', gps_number: ids.b });
    await flespi();
    devices.pin(ids.a, { moving: true });
    devices.pin(ids.b, { moving: false });
    clock = new Date(clock.getTime() + min(3));
    const fleet = await call('GET', '/api/gps/fleet');
    expect(fleet.code, fleet.message).toBe(5000);
    expect(fleet.data.provider_ok).toBe(true);
    expect(fleet.data.vehicles.map((e: { state: string }) => e.state)).toEqual(['moving', 'stopped']);
    expect(fleet.data.vehicles[0].position.speed).toBeGreaterThan(3);
    expect(fleet.data.vehicles[0].position.age_seconds).toBeLessThan(60);
    // The simulated odometer raised the vehicle's mileage.
    const [row] = await ctx.database.db.select({ m: vehicles.mileage }).from(vehicles).where(eq(vehicles.id, a.id));
    expect(row.m).toBeGreaterThan(1);

    devices.setOffline(ids.a, true);
    clock = new Date(clock.getTime() + min(120));
    const later = await call('GET', '/api/gps/fleet');
    expect(later.data.vehicles.map((e: { state: string }) => e.state)).toEqual(['offline', 'stopped']);
    devices.setOffline(ids.a, false);
    devices.pin(ids.a, null);
    devices.pin(ids.b, null);
  });

  it("gives a replayed day's route, stops and distance, and the latest messages", async () => {
    const ident = imei();
    const v = await calls.vehicle({ gps_number: ident });
    await flespi();
    const r = await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-26`);
    expect(r.code, r.message).toBe(5000);
    const day = r.data;
    expect(day.provider_ok).toBe(true);
    expect(day.positions).toBeGreaterThan(50);
    expect(day.distance_km).toBeGreaterThan(1);
    expect(day.moving_seconds).toBeGreaterThan(0);
    expect(day.stops.length).toBeGreaterThan(0);
    for (const stop of day.stops) expect(stop.stopDuration).toBeGreaterThanOrEqual(300);
    expect(day.route.length).toBeGreaterThan(2);
    expect(day.last_position.at <= '2026-11-26T16:00:00').toBe(true);

    const messages = await call('GET', `/api/flespi/device/messages?device_imei=${ident}`);
    expect(messages.code, messages.message).toBe(5000);
    expect(messages.data).toHaveLength(2);
    expect(messages.data[0].at > messages.data[1].at).toBe(true);
  });

  it("reads a day through a Traccar server with the server's own stops report, the same as flespi's computed ones", async () => {
    const ident = imei();
    const v = await calls.vehicle({ gps_number: ident });
    const saved = await call('PUT', '/api/gps/connection', { provider: 'traccar', base_url: 'https://traccar.example.cm/api/', secret: TRACCAR_DEMO_TOKEN });
    expect(saved.code, saved.message).toBe(5000);
    expect(saved.data).toMatchObject({ provider: 'traccar', base_url: 'https://traccar.example.cm' });
    const traccar = (await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-26`)).data;
    await flespi();
    const computed = (await call('GET', `/api/gps/vehicles/${v.id}/day?date=2026-11-26`)).data;
    expect(traccar.provider_ok).toBe(true);
    expect(traccar.stops.length).toBeGreaterThan(0);
    expect(traccar.distance_km).toBeCloseTo(computed.distance_km, 0);
    expect(traccar.stops.map((s: { stopStartTime: string }) => s.stopStartTime.slice(0, 15))).toEqual(
      computed.stops.map((s: { stopStartTime: string }) => s.stopStartTime.slice(0, 15)),
    );
  });
});
