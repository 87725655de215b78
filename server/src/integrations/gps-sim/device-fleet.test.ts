import { describe, expect, it } from 'vitest';
import { createDeviceFleet } from './device-fleet.ts';

/** Idents ending in an even digit live in Douala (UTC+1), odd in Abidjan (UTC+0). */
const DOUALA = '356938035643802';
const ABIDJAN = '356938035643809';

function fleetAt(iso: string) {
  let now = new Date(iso);
  const fleet = createDeviceFleet({ now: () => now });
  return {
    fleet,
    set(next: string | Date) {
      now = typeof next === 'string' ? new Date(next) : next;
    },
    advance(minutes: number) {
      now = new Date(now.getTime() + minutes * 60_000);
    },
  };
}

/** The first moment of the day (after `fromIso`) the device drives faster than 10 km/h. */
function firstMoving(fleet: ReturnType<typeof createDeviceFleet>, ident: string, fromIso: string, toIso: string) {
  return fleet.fixesBetween(ident, new Date(fromIso), new Date(toIso)).find((f) => f.speedKmh > 10) ?? null;
}

describe('simulated device fleet', () => {
  it('knows idents of 10 to 20 digits, except those starting with 000', () => {
    const { fleet } = fleetAt('2026-11-20T12:00:00Z');
    expect(fleet.knows(DOUALA)).toBe(true);
    expect(fleet.knows('0001234567890')).toBe(false);
    expect(fleet.knows('123456789')).toBe(false);
    expect(fleet.knows('12345abc90')).toBe(false);
    expect(fleet.fixesBetween('0001234567890', new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T12:00:00Z'))).toEqual([]);
  });

  it('replays the same day for the same ident, whichever fleet asks', () => {
    const a = fleetAt('2026-11-21T00:00:00Z').fleet;
    const b = fleetAt('2026-11-21T00:00:00Z').fleet;
    const from = new Date('2026-11-20T00:00:00Z');
    const to = new Date('2026-11-20T23:59:59Z');
    const fa = a.fixesBetween(DOUALA, from, to);
    expect(fa.length).toBeGreaterThan(200);
    expect(b.fixesBetween(DOUALA, from, to)).toEqual(fa);
    expect(a.fixesBetween(ABIDJAN, from, to)).not.toEqual(fa);
  });

  it('lives in its city: Douala or Abidjan by the last digit', () => {
    const { fleet } = fleetAt('2026-11-21T00:00:00Z');
    const d = fleet.fixesBetween(DOUALA, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T23:00:00Z'));
    const a = fleet.fixesBetween(ABIDJAN, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T23:00:00Z'));
    for (const f of d) expect(Math.abs(f.latitude - 4.05) < 0.15 && Math.abs(f.longitude - 9.7) < 0.15).toBe(true);
    for (const f of a) expect(Math.abs(f.latitude - 5.33) < 0.15 && Math.abs(f.longitude + 4.03) < 0.15).toBe(true);
  });

  it('is parked at night: ignition off, speed 0, one place, a fix every 5 minutes', () => {
    const { fleet } = fleetAt('2026-11-21T00:00:00Z');
    // 00:00-05:00 local in Douala (UTC+1).
    const night = fleet.fixesBetween(DOUALA, new Date('2026-11-19T23:00:00Z'), new Date('2026-11-20T04:00:00Z'));
    expect(night.length).toBe(61);
    for (const f of night) {
      expect(f.speedKmh).toBe(0);
      expect(f.ignition).toBe(false);
      expect(f.latitude).toBe(night[0]!.latitude);
      expect(f.longitude).toBe(night[0]!.longitude);
    }
    for (let i = 1; i < night.length; i++) expect(night[i]!.at.getTime() - night[i - 1]!.at.getTime()).toBe(300_000);
  });

  it('drives in the daytime at 15-45 km/h with fixes every 30 s, the odometer growing, and comes home in the evening', () => {
    const { fleet } = fleetAt('2026-11-21T00:00:00Z');
    const day = fleet.fixesBetween(ABIDJAN, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-20T23:59:59Z'));
    const moving = day.filter((f) => f.speedKmh > 0);
    expect(moving.length).toBeGreaterThan(200);
    for (const f of moving) {
      expect(f.speedKmh).toBeGreaterThanOrEqual(15);
      expect(f.speedKmh).toBeLessThanOrEqual(45);
      expect(f.ignition).toBe(true);
      expect(f.course).not.toBeNull();
    }
    const first = moving[0]!.at.getUTCHours();
    expect(first).toBeGreaterThanOrEqual(6);
    expect(first).toBeLessThan(9);
    const last = moving[moving.length - 1]!.at.getUTCHours();
    expect(last).toBeGreaterThanOrEqual(18);
    expect(last).toBeLessThan(23);
    for (let i = 1; i < day.length; i++) expect(day[i]!.odometerKm!).toBeGreaterThanOrEqual(day[i - 1]!.odometerKm!);
    const km = day[day.length - 1]!.odometerKm! - day[0]!.odometerKm!;
    expect(km).toBeGreaterThan(20);
    expect(km).toBeLessThan(160);
    const steps = moving.slice(1).map((f, i) => f.at.getTime() - moving[i]!.at.getTime());
    expect(steps.filter((s) => s === 30_000).length).toBeGreaterThan(moving.length * 0.8);
    // Evening: parked at home, where the night was.
    const home = day[0]!;
    const evening = day[day.length - 1]!;
    expect([evening.latitude, evening.longitude, evening.speedKmh, evening.ignition]).toEqual([home.latitude, home.longitude, 0, false]);
    // Stops of 5 minutes or more between trips, some idling.
    expect(day.some((f) => f.speedKmh === 0 && f.ignition === true)).toBe(true);
  });

  it('never shows a fix later than now, and latest is the newest', () => {
    const { fleet, set } = fleetAt('2026-11-20T10:17:00Z');
    const fixes = fleet.fixesBetween(DOUALA, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-21T00:00:00Z'));
    expect(fixes[fixes.length - 1]!.at.getTime()).toBeLessThanOrEqual(Date.parse('2026-11-20T10:17:00Z'));
    expect(fleet.latest(DOUALA)).toEqual(fixes[fixes.length - 1]);
    set('2026-11-22T03:00:00Z');
    const spanning = fleet.fixesBetween(DOUALA, new Date('2026-11-20T00:00:00Z'), new Date('2026-11-23T00:00:00Z'));
    expect(spanning[spanning.length - 1]!.at.getTime()).toBeLessThanOrEqual(Date.parse('2026-11-22T03:00:00Z'));
    expect(new Set(spanning.map((f) => f.at.toISOString().slice(0, 10))).size).toBe(3);
  });

  it('a lock holds the device where it stopped; a lock while moving is counted as unsafe', () => {
    const { fleet, set, advance } = fleetAt('2026-11-21T00:00:00Z');
    const moving = firstMoving(fleet, ABIDJAN, '2026-11-20T09:00:00Z', '2026-11-20T18:00:00Z')!;
    set(moving.at);
    expect(fleet.command(ABIDJAN, 'lock', 'setdigout 1')).toBe('sent');
    expect(fleet.unsafeLocks()).toBe(1);
    expect(fleet.isLocked(ABIDJAN)).toBe(true);
    advance(120);
    const held = fleet.fixesBetween(ABIDJAN, moving.at, fleet.now());
    expect(held.length).toBeGreaterThan(20);
    for (const f of held) {
      expect(f.speedKmh).toBe(0);
      expect(f.ignition).toBe(false);
      expect([f.latitude, f.longitude]).toEqual([held[0]!.latitude, held[0]!.longitude]);
    }
    expect(fleet.command(ABIDJAN, 'unlock')).toBe('sent');
    expect(fleet.isLocked(ABIDJAN)).toBe(false);
    expect(fleet.commandsOf(ABIDJAN).map((c) => c.kind)).toEqual(['lock', 'unlock']);

    // Parked at night: a safe lock.
    const other = fleetAt('2026-11-20T02:00:00Z').fleet;
    other.command(DOUALA, 'lock');
    expect(other.unsafeLocks()).toBe(0);
  });

  it('a lock given back after a restart holds the device where it stood since then, without a command', () => {
    const { fleet, set } = fleetAt('2026-11-21T00:00:00Z');
    set(new Date('2026-11-20T18:00:00Z'));
    const since = new Date('2026-11-20T03:00:00Z'); // parked at night, then the day would have driven
    fleet.restoreLock(DOUALA, since);
    expect(fleet.isLocked(DOUALA)).toBe(true);
    const held = fleet.fixesBetween(DOUALA, since, fleet.now());
    expect(held.length).toBeGreaterThan(20);
    for (const f of held) {
      expect(f.speedKmh).toBe(0);
      expect([f.latitude, f.longitude]).toEqual([held[0]!.latitude, held[0]!.longitude]);
    }
    expect(fleet.commandsOf(DOUALA)).toEqual([]);
    expect(fleet.unsafeLocks()).toBe(0);
  });

  it('pin: stopped holds still, moving creeps at about 30 km/h, until unpinned', () => {
    const { fleet, advance } = fleetAt('2026-11-20T02:00:00Z');
    const t0 = fleet.now();
    fleet.pin(DOUALA, { moving: true, latitude: 4.06, longitude: 9.71 });
    advance(10);
    const creeping = fleet.fixesBetween(DOUALA, t0, fleet.now());
    expect(creeping.length).toBe(21);
    for (const f of creeping) expect(f.speedKmh).toBeGreaterThan(25);
    expect(fleet.latest(DOUALA)!.odometerKm! - creeping[0]!.odometerKm!).toBeCloseTo(5, 1);
    fleet.command(DOUALA, 'lock');
    expect(fleet.unsafeLocks()).toBe(1);
    fleet.command(DOUALA, 'unlock');
    fleet.pin(DOUALA, { moving: false, latitude: 4.07, longitude: 9.72, ignition: true });
    advance(5);
    const still = fleet.latest(DOUALA)!;
    expect([still.latitude, still.longitude, still.speedKmh, still.ignition]).toEqual([4.07, 9.72, 0, true]);
    fleet.pin(DOUALA, null);
    advance(1);
    expect(fleet.latest(DOUALA)!.latitude).not.toBe(4.07);
  });

  it('offline: no new fixes, direct commands refused, queued ones delivered on return within their TTL', () => {
    const { fleet, advance } = fleetAt('2026-11-20T02:00:00Z');
    fleet.setOffline(DOUALA, true);
    const wentAt = fleet.now().getTime();
    advance(60);
    expect(fleet.isOffline(DOUALA)).toBe(true);
    expect(fleet.latest(DOUALA)!.at.getTime()).toBeLessThanOrEqual(wentAt);
    expect(fleet.command(DOUALA, 'lock')).toBe('offline');
    expect(fleet.queue(DOUALA, 'lock', 'setdigout 1', 3600)).toBe('queued');
    expect(fleet.queue(DOUALA, 'buzzer', undefined, 60)).toBe('queued');
    expect(fleet.isLocked(DOUALA)).toBe(false);
    advance(30);
    fleet.setOffline(DOUALA, false);
    expect(fleet.isLocked(DOUALA)).toBe(true);
    // The buzzer's minute ran out.
    expect(fleet.commandsOf(DOUALA).map((c) => [c.kind, c.text])).toEqual([['lock', 'setdigout 1']]);
    expect(fleet.latest(DOUALA)!.at.getTime()).toBeGreaterThan(wentAt);
    expect(fleet.queue(DOUALA, 'unlock', undefined, 60)).toBe('sent');
  });

  it('gives stable numeric ids and lists the devices seen', () => {
    const { fleet } = fleetAt('2026-11-20T02:00:00Z');
    const id = fleet.deviceId(DOUALA);
    expect(fleet.deviceId(DOUALA)).toBe(id);
    expect(createDeviceFleet().deviceId(DOUALA)).toBe(id);
    expect(fleet.identOf(id)).toBe(DOUALA);
    expect(fleet.identOf(42)).toBeNull();
    fleet.latest(ABIDJAN);
    expect(fleet.known().sort()).toEqual([DOUALA, ABIDJAN].sort());
  });
});
