import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDeviceFleet } from '../gps-sim/device-fleet.ts';
import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';
import { GpsProviderError, type GpsCredentials, type GpsFix } from '../gps/gps.types.ts';
import { createTraccarClient } from './traccar.client.ts';
import {
  startTraccarSimulator,
  stopsOf,
  TRACCAR_DEMO_PASSWORD,
  TRACCAR_DEMO_TOKEN,
  TRACCAR_DEMO_USER,
  type TraccarSimulator,
} from './traccar.simulator.ts';

const MIN = 60_000;
/** A day of the simulated devices, seen from the next midnight: 06:00-18:00 in Douala (UTC+1). */
const NOW = new Date('2026-11-21T00:00:00Z');
const FROM = new Date('2026-11-20T05:00:00Z');
const TO = new Date('2026-11-20T17:00:00Z');
/** Douala (even last digit) and Abidjan (odd). */
const TAXI = '356938035643802';
const OTHER = '356938035643809';
const UNKNOWN = '000123456789012';

describe('Traccar simulator stops (its report, computed from fixes)', () => {
  /** One fix a minute: parked 10 min, driving, stopped 10 min, driving, stopped 3 min, driving. */
  const T0 = new Date('2026-11-20T07:00:00Z');
  const fixes: GpsFix[] = Array.from({ length: 60 }, (_, m) => {
    const moving = (m >= 10 && m < 20) || (m >= 30 && m < 40) || m >= 43;
    return { ident: TAXI, at: new Date(T0.getTime() + m * MIN), latitude: 4.05 + m * 0.001, longitude: 9.7, speedKmh: moving ? 25 : m % 2 ? 2.5 : 0, course: null, ignition: m >= 10, odometerKm: 100, address: null };
  });

  it('keeps the runs under 3 km/h lasting 5 minutes or more, until the fix that moves again', () => {
    expect(stopsOf(fixes).map((s) => [(s.first.at.getTime() - T0.getTime()) / MIN, (s.end.getTime() - T0.getTime()) / MIN])).toEqual([
      [0, 10],
      [20, 30],
    ]);
    // A stop still holding at the end of the window ends at its last fix.
    expect(stopsOf(fixes.slice(0, 27)).map((s) => (s.end.getTime() - T0.getTime()) / MIN)).toEqual([10, 26]);
  });
});

describe('Traccar client against the simulator', () => {
  let fleet: SimulatedDeviceFleet;
  let sim: TraccarSimulator;
  beforeAll(async () => {
    fleet = createDeviceFleet({ now: () => NOW });
    sim = await startTraccarSimulator(fleet);
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    sim.coordinates = 'latitude';
    sim.requests.length = 0;
    fleet.setOffline(TAXI, false);
  });

  const token: GpsCredentials = { provider: 'traccar', baseUrl: 'https://gps.example.cm', secret: TRACCAR_DEMO_TOKEN };
  const basic: GpsCredentials = { provider: 'traccar', baseUrl: 'https://gps.example.cm', username: TRACCAR_DEMO_USER, secret: TRACCAR_DEMO_PASSWORD };
  const client = () => createTraccarClient({ timeoutMs: 5000, baseUrlOverride: sim.url });
  const day = { from: FROM, to: TO };
  /** What the simulator puts on the wire, read without the client. */
  const wire = async (path: string): Promise<Array<Record<string, unknown>>> => {
    const res = await fetch(`${sim.url}${path}`, { headers: { Authorization: `Bearer ${TRACCAR_DEMO_TOKEN}`, Accept: 'application/json' } });
    return (await res.json()) as Array<Record<string, unknown>>;
  };

  it('normalises positions: knots to km/h, metres to km, ignition, in time order', async () => {
    const fixes = await client().positions(token, TAXI, day);
    const truth = fleet.fixesBetween(TAXI, FROM, TO);
    expect(truth.some((f) => f.speedKmh > 15)).toBe(true);
    expect(fixes).toHaveLength(truth.length);
    fixes.forEach((f, i) => {
      expect(f.ident).toBe(TAXI);
      expect(f.at.getTime()).toBe(truth[i].at.getTime());
      expect(f.latitude).toBeCloseTo(truth[i].latitude, 6);
      expect(f.longitude).toBeCloseTo(truth[i].longitude, 6);
      expect(f.speedKmh).toBeCloseTo(truth[i].speedKmh, 2);
      expect(f.odometerKm).toBeCloseTo(truth[i].odometerKm!, 3);
      expect(f.ignition).toBe(truth[i].ignition);
    });
    // On the wire: knots and metres, as Traccar sends them.
    const raw = await wire(`/api/positions?deviceId=${fleet.deviceId(TAXI)}&from=${FROM.toISOString()}&to=${TO.toISOString()}`);
    const moving = raw.findIndex((p) => (p.speed as number) > 8);
    expect(fixes[moving].speedKmh).toBeCloseTo((raw[moving].speed as number) * 1.852, 2);
    expect(fixes[moving].speedKmh).toBeGreaterThan(raw[moving].speed as number);
    const attributes = raw[moving].attributes as Record<string, unknown>;
    expect(attributes.motion).toBe(true);
    expect(fixes[moving].odometerKm).toBeCloseTo((attributes.totalDistance as number) / 1000, 3);
    // The device looked up by uniqueId, then its positions asked by id and ISO dates, as JSON.
    const asked = sim.requests.slice(0, 2).map((r) => `${r.method} ${r.path}?${decodeURIComponent(r.query)}`);
    expect(asked).toEqual([
      `GET /api/devices?uniqueId=${TAXI}`,
      `GET /api/positions?deviceId=${fleet.deviceId(TAXI)}&from=${FROM.toISOString()}&to=${TO.toISOString()}`,
    ]);
    expect(sim.requests[0].accept).toBe('application/json');
    // One client asks the device's id once.
    sim.requests.length = 0;
    const c = client();
    await c.positions(token, TAXI, day);
    await c.positions(token, TAXI, day);
    expect(sim.requests.filter((r) => r.path === '/api/devices')).toHaveLength(1);
  });

  it('applies the limit and the order itself (Traccar has neither)', async () => {
    const truth = fleet.fixesBetween(TAXI, FROM, TO);
    const newest = await client().positions(token, TAXI, { ...day, limit: 3, newestFirst: true });
    expect(newest.map((f) => f.at.getTime())).toEqual(truth.slice(-3).reverse().map((f) => f.at.getTime()));
    const oldest = await client().positions(token, TAXI, { ...day, limit: 2 });
    expect(oldest.map((f) => f.at.getTime())).toEqual(truth.slice(0, 2).map((f) => f.at.getTime()));
  });

  it('reads lat/lon as well as latitude/longitude', async () => {
    sim.coordinates = 'lat';
    const truth = fleet.fixesBetween(TAXI, FROM, TO);
    const fixes = await client().positions(token, TAXI, day);
    expect(fixes).toHaveLength(truth.length);
    expect(fixes[7].latitude).toBeCloseTo(truth[7].latitude, 6);
    expect(fixes[7].longitude).toBeCloseTo(truth[7].longitude, 6);
    const stops = (await client().stops(token, TAXI, day))!;
    expect(stops.length).toBeGreaterThan(0);
    expect(Math.abs(stops[0].latitude - 4.05)).toBeLessThan(0.2);
  });

  it('opens with a token or with Basic user and password, and says unauthorized otherwise', async () => {
    fleet.deviceId(TAXI);
    fleet.deviceId(OTHER);
    const devices = fleet.known().length;
    expect(devices).toBeGreaterThanOrEqual(2);
    expect(await client().check(token)).toEqual({ devices });
    expect(await client().check(basic)).toEqual({ devices });
    for (const wrong of [{ ...token, secret: 'nope' }, { ...basic, secret: 'nope' }, { ...basic, username: 'autre@flotte.demo' }]) {
      const err = await client().check(wrong).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(GpsProviderError);
      expect((err as GpsProviderError).kind).toBe('unauthorized');
    }
  });

  it('answers unknown_device for an ident the server lacks', async () => {
    const err = await client().positions(token, UNKNOWN, day).catch((e: unknown) => e);
    expect((err as GpsProviderError).kind).toBe('unknown_device');
    await expect(client().stops(token, UNKNOWN, day)).rejects.toMatchObject({ kind: 'unknown_device' });
    await expect(client().sendCommand(token, UNKNOWN, { kind: 'lock' })).rejects.toMatchObject({ kind: 'unknown_device' });
  });

  it("gives each asked device's latest fix from two calls: the devices by uniqueId, then the last positions", async () => {
    const fresh = createDeviceFleet({ now: () => NOW });
    const server = await startTraccarSimulator(fresh);
    try {
      const c = createTraccarClient({ timeoutMs: 5000, baseUrlOverride: server.url });
      // A server that has never been asked about these devices still knows them.
      const latest = await c.latest(token, [TAXI, OTHER, UNKNOWN, TAXI]);
      expect([...latest.keys()].sort()).toEqual([TAXI, OTHER].sort());
      for (const ident of [TAXI, OTHER]) {
        const truth = fresh.latest(ident)!;
        expect(latest.get(ident)!.at.getTime()).toBe(truth.at.getTime());
        expect(latest.get(ident)!.speedKmh).toBeCloseTo(truth.speedKmh, 2);
        expect(latest.get(ident)!.odometerKm).toBeCloseTo(truth.odometerKm!, 3);
      }
      expect(server.requests.map((r) => `${r.path}?${r.query}`)).toEqual([`/api/devices?uniqueId=${TAXI}&uniqueId=${OTHER}&uniqueId=${UNKNOWN}`, '/api/positions?']);
      // The ids came with the answer: the positions of a device need no further lookup.
      await c.positions(token, TAXI, day);
      expect(server.requests.at(-1)!.path).toBe('/api/positions');
      expect(server.requests).toHaveLength(3);
      expect(await c.latest(token, [])).toEqual(new Map());
      expect(await c.latest(token, [UNKNOWN])).toEqual(new Map());
    } finally {
      await server.close();
    }
  });

  it("reads the server's stops report: 5 minutes or more, the device still between start and end", async () => {
    const stops = (await client().stops(token, TAXI, day))!;
    expect(stops.length).toBeGreaterThan(1);
    const truth = fleet.fixesBetween(TAXI, FROM, TO);
    for (const [i, s] of stops.entries()) {
      expect(s.end.getTime() - s.start.getTime()).toBeGreaterThanOrEqual(5 * MIN);
      if (i > 0) expect(s.start.getTime()).toBeGreaterThanOrEqual(stops[i - 1].end.getTime());
      const during = truth.filter((f) => f.at >= s.start && f.at < s.end);
      expect(during.every((f) => f.speedKmh < 3)).toBe(true);
      expect(during[0].latitude).toBeCloseTo(s.latitude, 6);
      expect(s.address).toBeNull();
    }
    const report = sim.requests.find((r) => r.path === '/api/reports/stops')!;
    expect(report.accept).toBe('application/json');
  });

  it('sends engineStop and engineResume, and the buzzer as a custom command with its text', async () => {
    fleet.pin(TAXI, { moving: false });
    const c = client();
    expect(await c.sendCommand(token, TAXI, { kind: 'lock', text: 'setdigout 1' })).toMatchObject({ outcome: 'sent' });
    expect(fleet.isLocked(TAXI)).toBe(true);
    expect(await c.sendCommand(basic, TAXI, { kind: 'unlock' })).toMatchObject({ outcome: 'sent' });
    expect(fleet.isLocked(TAXI)).toBe(false);
    const buzz = await c.sendCommand(token, TAXI, { kind: 'buzzer', text: 'setdigout ?1', buzzerSeconds: 10 });
    expect(buzz.outcome).toBe('sent');
    expect(buzz.answer).toContain('"type":"custom"');
    expect(fleet.commandsOf(TAXI).map((x) => [x.kind, x.text])).toEqual([
      ['lock', undefined],
      ['unlock', undefined],
      ['buzzer', 'setdigout ?1'],
    ]);
    expect(fleet.unsafeLocks()).toBe(0);
    fleet.pin(TAXI, null);
  });

  it('says offline when the device is not connected, and locks nothing', async () => {
    fleet.setOffline(TAXI, true);
    const result = await client().sendCommand(token, TAXI, { kind: 'lock' });
    expect(result.outcome).toBe('offline');
    expect(result.answer).toContain('Device is not online');
    expect(fleet.isLocked(TAXI)).toBe(false);
  });

  it('sends a direct command (the lock) only to a device online now, so Traccar never queues it', async () => {
    fleet.setOffline(TAXI, true);
    const before = fleet.commandsOf(TAXI).length;
    const r = await client().sendCommand(token, TAXI, { kind: 'lock', direct: true });
    expect(r).toEqual({ outcome: 'offline', answer: 'device status offline' });
    // Nothing was sent (a real Traccar would have queued it for the device's return).
    expect(fleet.commandsOf(TAXI)).toHaveLength(before);
    fleet.setOffline(TAXI, false);
    expect(fleet.isLocked(TAXI)).toBe(false);
  });

  it('says refused for another 400, queued for a 202', async () => {
    const c = client();
    await c.latest(token, [TAXI]); // the device's id is known: the next request is the command
    sim.failNext(400);
    expect((await c.sendCommand(token, TAXI, { kind: 'lock' })).outcome).toBe('refused');
    sim.failNext(202);
    expect((await c.sendCommand(token, TAXI, { kind: 'unlock' })).outcome).toBe('queued');
  });

  it('says unavailable on a 5xx or a server that is down, bad_answer on a page that is not the API', async () => {
    sim.failNext(502);
    await expect(client().check(token)).rejects.toMatchObject({ kind: 'unavailable', status: 502 });
    const down = await startTraccarSimulator(fleet);
    await down.close();
    await expect(createTraccarClient({ timeoutMs: 2000 }).check({ ...token, baseUrl: down.url })).rejects.toMatchObject({ kind: 'unavailable' });
    await expect(createTraccarClient({ timeoutMs: 2000 }).check({ ...token, baseUrl: `${sim.url}/nothing-here` })).rejects.toMatchObject({
      kind: 'bad_answer',
    });
  });
});
