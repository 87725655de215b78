import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDeviceFleet } from '../gps-sim/device-fleet.ts';
import type { SimulatedDeviceFleet } from '../gps-sim/device-fleet.types.ts';
import { GpsProviderError, type GpsCredentials } from '../gps/gps.types.ts';
import { createFlespiClient } from './flespi.client.ts';
import { FLESPI_DEMO_TOKEN, startFlespiSimulator, type FlespiSimulator } from './flespi.simulator.ts';

/** Even last digit: Douala (UTC+1). */
const DEVICE = '356938035643802';
const OTHER = '356938035643809';
const UNKNOWN = '000123456789012';
const creds: GpsCredentials = { provider: 'flespi', secret: FLESPI_DEMO_TOKEN };

async function providerError(p: Promise<unknown>): Promise<GpsProviderError> {
  try {
    await p;
  } catch (err) {
    if (err instanceof GpsProviderError) return err;
    throw err;
  }
  throw new Error('expected a GpsProviderError');
}

describe('flespi client against the simulator', () => {
  let now = new Date('2026-11-20T15:00:00Z');
  let fleet: SimulatedDeviceFleet;
  let sim: FlespiSimulator;

  beforeAll(async () => {
    fleet = createDeviceFleet({ now: () => now });
    sim = await startFlespiSimulator(fleet);
  });
  afterAll(() => sim.close());
  beforeEach(() => {
    now = new Date('2026-11-20T15:00:00Z');
  });

  const client = () => createFlespiClient({ baseUrl: sim.url, timeoutMs: 2_000 });

  it('reads a day of positions in km/h and km, oldest first, the same as the device', async () => {
    const from = new Date('2026-11-20T05:00:00Z');
    const to = new Date('2026-11-20T12:00:00Z');
    const fixes = await client().positions(creds, DEVICE, { from, to });
    const truth = fleet.fixesBetween(DEVICE, from, to);
    expect(fixes.length).toBe(truth.length);
    expect(fixes.length).toBeGreaterThan(300);
    expect(fixes[0]).toEqual(truth[0]);
    const moving = fixes.filter((f) => f.speedKmh > 0);
    expect(moving.length).toBeGreaterThan(100);
    for (const f of moving) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(15);
      expect(f.speedKmh).toBeLessThanOrEqual(45);
      expect(f.ignition).toBe(true);
    }
    const km = fixes[fixes.length - 1]!.odometerKm! - fixes[0]!.odometerKm!;
    expect(km).toBeGreaterThan(5);
    expect(km).toBeLessThan(200);
    for (let i = 1; i < fixes.length; i++) expect(fixes[i]!.at.getTime()).toBeGreaterThan(fixes[i - 1]!.at.getTime());
  });

  it('pages through full answers and stops at the limit; newest first reads backwards', async () => {
    const small = createFlespiClient({ baseUrl: sim.url, timeoutMs: 2_000, pageSize: 50 });
    const from = new Date('2026-11-20T06:00:00Z');
    const to = new Date('2026-11-20T14:00:00Z');
    const all = await small.positions(creds, DEVICE, { from, to });
    expect(all).toEqual(fleet.fixesBetween(DEVICE, from, to));
    expect(all.length).toBeGreaterThan(150);

    const first = await small.positions(creds, DEVICE, { from, to, limit: 120 });
    expect(first).toEqual(all.slice(0, 120));

    const newest = await small.positions(creds, DEVICE, { from, to, limit: 75, newestFirst: true });
    expect(newest).toEqual(all.slice(-75).reverse());
    expect((await client().positions(creds, DEVICE, { from, to, limit: 1, newestFirst: true }))[0]).toEqual(all[all.length - 1]);
  });

  it('never answers positions later than now', async () => {
    const fixes = await client().positions(creds, DEVICE, { from: new Date('2026-11-20T14:00:00Z'), to: new Date('2026-11-21T00:00:00Z') });
    expect(fixes.length).toBeGreaterThan(0);
    expect(fixes[fixes.length - 1]!.at.getTime()).toBeLessThanOrEqual(now.getTime());
  });

  it('counts the devices and gives the latest fix of several devices in few calls', async () => {
    const c = client();
    const latest = await c.latest(creds, [DEVICE, OTHER, UNKNOWN]);
    expect([...latest.keys()].sort()).toEqual([DEVICE, OTHER].sort());
    expect(latest.get(DEVICE)).toEqual(fleet.latest(DEVICE));
    expect(latest.get(OTHER)).toEqual(fleet.latest(OTHER));
    expect((await c.check(creds)).devices).toBeGreaterThanOrEqual(2);
    expect(await c.latest(creds, [])).toEqual(new Map());
    expect(await c.stops(creds, DEVICE, { from: now, to: now })).toBeNull();
  });

  it('refuses a bad token as unauthorized', async () => {
    const bad = { ...creds, secret: 'not-the-token' };
    expect((await providerError(client().check(bad))).kind).toBe('unauthorized');
    expect((await providerError(client().positions(bad, DEVICE, { from: new Date('2026-11-20T10:00:00Z'), to: now }))).kind).toBe('unauthorized');
    expect((await providerError(client().sendCommand(bad, DEVICE, { kind: 'lock' }))).kind).toBe('unauthorized');
  });

  it('names an unknown ident unknown_device', async () => {
    expect((await providerError(client().positions(creds, UNKNOWN, { from: new Date('2026-11-20T10:00:00Z'), to: now }))).kind).toBe('unknown_device');
    expect((await providerError(client().sendCommand(creds, UNKNOWN, { kind: 'lock' }))).kind).toBe('unknown_device');
    // A known device with no message in the period is an empty list, not an error.
    expect(await client().positions(creds, DEVICE, { from: new Date('2026-12-20T10:00:00Z'), to: new Date('2026-12-20T11:00:00Z') })).toEqual([]);
  });

  it('sends a lock to a parked device, and queues one for an offline device until it comes back', async () => {
    const ident = '356938035640014';
    now = new Date('2026-11-20T01:00:00Z');
    const sent = await client().sendCommand(creds, ident, { kind: 'lock', text: 'setdigout 1' });
    expect(sent.outcome).toBe('sent');
    expect(fleet.isLocked(ident)).toBe(true);
    expect(fleet.unsafeLocks()).toBe(0);
    expect((await client().sendCommand(creds, ident, { kind: 'unlock' })).outcome).toBe('sent');
    expect(fleet.commandsOf(ident).map((c) => [c.kind, c.text])).toEqual([
      ['lock', 'setdigout 1'],
      ['unlock', 'setdigout 0'],
    ]);

    fleet.setOffline(ident, true);
    const wentAt = now.getTime();
    now = new Date(wentAt + 3_600_000);
    const latest = (await client().latest(creds, [ident])).get(ident)!;
    expect(latest.at.getTime()).toBeLessThanOrEqual(wentAt);
    const none = await client().positions(creds, ident, { from: new Date(wentAt + 1000), to: now });
    expect(none).toEqual([]);
    const queued = await client().sendCommand(creds, ident, { kind: 'lock' });
    expect(queued.outcome).toBe('queued');
    expect(fleet.isLocked(ident)).toBe(false);
    fleet.setOffline(ident, false);
    expect(fleet.isLocked(ident)).toBe(true);
  });

  it('never queues a direct command (the lock): an offline device answers offline and is not locked when it comes back', async () => {
    const ident = '356938035640026';
    now = new Date('2026-11-20T01:00:00Z');
    fleet.setOffline(ident, true);
    const r = await client().sendCommand(creds, ident, { kind: 'lock', direct: true });
    expect(r.outcome).toBe('offline');
    fleet.setOffline(ident, false);
    expect(fleet.isLocked(ident)).toBe(false);
    expect((await client().sendCommand(creds, ident, { kind: 'lock', direct: true })).outcome).toBe('sent');
    expect(fleet.isLocked(ident)).toBe(true);
    await client().sendCommand(creds, ident, { kind: 'unlock' });
  });

  it('reports a command the device does not understand as refused', async () => {
    const r = await client().sendCommand(creds, '356938035640022', { kind: 'buzzer', text: 'getver' });
    expect(r.outcome).toBe('refused');
    expect(r.answer).toMatch(/getver/);
  });

  it('turns a 5xx and a stalled answer into unavailable', async () => {
    sim.failNext(503);
    expect((await providerError(client().check(creds))).kind).toBe('unavailable');
    sim.stallNext(500);
    const quick = createFlespiClient({ baseUrl: sim.url, timeoutMs: 100 });
    const err = await providerError(quick.check(creds));
    expect(err.kind).toBe('unavailable');
    expect(err.message).toMatch(/no answer within 100 ms/);
  });
});

describe('flespi client facing a broken server', () => {
  let server: Server;
  let url = '';
  let answer: { status: number; body: string } = { status: 200, body: '{}' };

  beforeAll(async () => {
    server = createServer((_req, res) => {
      res.writeHead(answer.status, { 'content-type': 'application/json' });
      res.end(answer.body);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(
    () =>
      new Promise<void>((r) => {
        server.close(() => r());
        server.closeAllConnections();
      }),
  );

  it('a closed port is unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const err = await providerError(createFlespiClient({ baseUrl: `http://127.0.0.1:${port}`, timeoutMs: 1_000 }).check(creds));
    expect(err.kind).toBe('unavailable');
  });

  it('an answer not of the documented shape is bad_answer', async () => {
    const c = createFlespiClient({ baseUrl: url, timeoutMs: 1_000 });
    answer = { status: 200, body: '{"devices": []}' };
    expect((await providerError(c.check(creds))).kind).toBe('bad_answer');
    answer = { status: 200, body: '<html>proxy</html>' };
    expect((await providerError(c.check(creds))).kind).toBe('bad_answer');
    answer = { status: 200, body: '{"result": ["x"]}' };
    expect((await providerError(c.positions(creds, DEVICE, { from: new Date(0), to: new Date(1000) }))).kind).toBe('bad_answer');
    answer = { status: 403, body: '{"errors": [{"reason": "forbidden"}]}' };
    expect((await providerError(c.check(creds))).kind).toBe('unauthorized');
  });

  it('a command answered "not connected" is offline', async () => {
    const c = createFlespiClient({ baseUrl: url, timeoutMs: 1_000 });
    answer = { status: 400, body: '{"result": [], "errors": [{"code": 2, "reason": "device 42 is not connected"}]}' };
    expect(await c.sendCommand(creds, DEVICE, { kind: 'lock' })).toEqual({ outcome: 'offline', answer: 'device 42 is not connected' });
  });
});
