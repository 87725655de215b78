/**
 * The simulated devices behind both wire simulators (device-fleet.types.ts). A device replays its
 * deterministic day (device-day.ts: Douala for idents ending in an even digit, Abidjan for odd),
 * with what tests and commands did laid over it, each from the instant it happened:
 *
 * - lock: the device stays parked where it was (speed 0, ignition off, a fix every 5 min) until
 *   unlock; a lock arriving while the device moves (> 1 km/h) is still applied and counted in
 *   unsafeLocks(). After unlock the replay (or the pin) takes over again.
 * - pin: stopped (speed 0, a fix a minute) or creeping at ~30 km/h on its course (a fix every
 *   30 s) from the given point, until pin(ident, null). A lock holds over a pin.
 * - offline: no fix after the moment it went offline while it stays offline (its buffer shows up
 *   again once back online); direct commands answer 'offline', queued ones are delivered on
 *   coming back online if their TTL has not run out.
 *
 * Fixes are never later than now(). Generated days are cached (LRU of DAY_CACHE days).
 */
import type { GpsCommandKind, GpsFix } from '../gps/gps.types.ts';
import type { SimulatedDeviceFleet } from './device-fleet.types.ts';
import { DAY_MS, dayStart, distanceKm, generateDay, hash32, localDay, moveAlong, type SimFix } from './device-day.ts';

const DAY_CACHE = 500;
const MINUTE = 60_000;
const CREEP_KMH = 30;

interface PinState {
  moving: boolean;
  lat: number;
  lon: number;
  ign: boolean;
  course: number;
  odo: number;
}

type Overlay =
  | { at: number; kind: 'lock'; lat: number; lon: number; odo: number }
  | { at: number; kind: 'unlock' }
  | { at: number; kind: 'pin'; pin: PinState | null };

type Mode =
  | { kind: 'replay' }
  | { kind: 'parked'; since: number; lat: number; lon: number; ign: boolean; odo: number; cadence: number }
  | { kind: 'creep'; since: number; pin: PinState };

interface Device {
  overlays: Overlay[];
  locked: boolean;
  offlineSince: number | null;
  pending: { kind: GpsCommandKind; text?: string; expiresAt: number }[];
  commands: { at: Date; kind: GpsCommandKind; text?: string }[];
}

interface Instant {
  lat: number;
  lon: number;
  speed: number;
  course: number | null;
  ign: boolean;
  odo: number;
}

export function createDeviceFleet(opts: { now?: () => Date } = {}): SimulatedDeviceFleet {
  const defaultNow = opts.now ?? (() => new Date());
  let clock = defaultNow;
  const days = new Map<string, SimFix[]>();
  const devices = new Map<string, Device>();
  const ids = new Map<string, number>();
  const idents = new Map<number, string>();
  let unsafe = 0;

  const knows = (ident: string) => /^\d{10,20}$/.test(ident) && !ident.startsWith('000');
  const nowMs = () => clock().getTime();

  function device(ident: string): Device {
    let d = devices.get(ident);
    if (!d) {
      devices.set(ident, (d = { overlays: [], locked: false, offlineSince: null, pending: [], commands: [] }));
      deviceId(ident);
    }
    return d;
  }

  function deviceId(ident: string): number {
    let id = ids.get(ident);
    if (id === undefined) {
      // Stable per ident (a hash), probing past the rare collision.
      id = 1_000_000 + (hash32(`id:${ident}`) % 8_999_999);
      while (idents.has(id)) id++;
      ids.set(ident, id);
      idents.set(id, ident);
    }
    return id;
  }

  function dayFixes(ident: string, day: number): SimFix[] {
    const key = `${ident}:${day}`;
    let fixes = days.get(key);
    if (fixes) {
      days.delete(key);
    } else {
      fixes = generateDay(ident, day);
      if (days.size >= DAY_CACHE) days.delete(days.keys().next().value as string);
    }
    days.set(key, fixes);
    return fixes;
  }

  function replayBetween(ident: string, from: number, to: number): SimFix[] {
    const out: SimFix[] = [];
    for (let day = localDay(ident, from); dayStart(ident, day) <= to; day++) {
      for (const f of dayFixes(ident, day)) if (f.t >= from && f.t <= to) out.push(f);
    }
    return out;
  }

  function replayAt(ident: string, t: number): Instant {
    const day = localDay(ident, t);
    const fixes = dayFixes(ident, day);
    let i = fixes.length - 1;
    while (i > 0 && fixes[i]!.t > t) i--;
    const f0 = fixes[i]!;
    const f1 = fixes[i + 1];
    if (!f1 || f1.t <= f0.t) return { lat: f0.lat, lon: f0.lon, speed: f0.speed, course: f0.course, ign: f0.ign, odo: f0.odo };
    const km = distanceKm(f0.lat, f0.lon, f1.lat, f1.lon);
    if (km < 0.001) return { lat: f0.lat, lon: f0.lon, speed: 0, course: f0.course, ign: f0.ign, odo: f0.odo };
    const k = (t - f0.t) / (f1.t - f0.t);
    return {
      lat: f0.lat + (f1.lat - f0.lat) * k,
      lon: f0.lon + (f1.lon - f0.lon) * k,
      speed: Math.round((km / ((f1.t - f0.t) / 3_600_000)) * 10) / 10,
      course: f1.course ?? f0.course,
      ign: true,
      odo: f0.odo + (f1.odo - f0.odo) * k,
    };
  }

  /** The modes in force over time: [start, end) slices covering everything. */
  function modes(d: Device): { start: number; end: number; mode: Mode }[] {
    let lock: Extract<Overlay, { kind: 'lock' }> | null = null;
    let pin: { at: number; pin: PinState } | null = null;
    const current = (): Mode => {
      if (lock) return { kind: 'parked', since: lock.at, lat: lock.lat, lon: lock.lon, ign: false, odo: lock.odo, cadence: 5 * MINUTE };
      if (pin && pin.pin.moving) return { kind: 'creep', since: pin.at, pin: pin.pin };
      if (pin) return { kind: 'parked', since: pin.at, lat: pin.pin.lat, lon: pin.pin.lon, ign: pin.pin.ign, odo: pin.pin.odo, cadence: MINUTE };
      return { kind: 'replay' };
    };
    const out: { start: number; end: number; mode: Mode }[] = [];
    let start = -Infinity;
    for (const ev of d.overlays) {
      if (ev.at > start) {
        out.push({ start, end: ev.at, mode: current() });
        start = ev.at;
      }
      if (ev.kind === 'lock') lock ??= ev;
      else if (ev.kind === 'unlock') lock = null;
      else pin = ev.pin ? { at: ev.at, pin: ev.pin } : null;
    }
    out.push({ start, end: Infinity, mode: current() });
    return out;
  }

  function creepAt(since: number, p: PinState, t: number): Instant {
    const km = (CREEP_KMH * (t - since)) / 3_600_000;
    const at = moveAlong(p.lat, p.lon, p.course, km);
    // A little variation around 30 km/h, deterministic from the time.
    const speed = CREEP_KMH - 2 + (Math.floor(t / 30_000) % 5);
    return { lat: at.lat, lon: at.lon, speed, course: p.course, ign: true, odo: p.odo + km };
  }

  function stateAt(ident: string, d: Device, t: number): Instant {
    const slice = modes(d).find((m) => m.start <= t && t < m.end)!;
    const m = slice.mode;
    if (m.kind === 'replay') return replayAt(ident, t);
    if (m.kind === 'creep') return creepAt(m.since, m.pin, t);
    return { lat: m.lat, lon: m.lon, speed: 0, course: null, ign: m.ign, odo: m.odo };
  }

  const toFix = (ident: string, t: number, s: Instant): GpsFix => ({
    ident,
    at: new Date(t),
    latitude: Math.round(s.lat * 1e6) / 1e6,
    longitude: Math.round(s.lon * 1e6) / 1e6,
    speedKmh: s.speed,
    course: s.course,
    ignition: s.ign,
    odometerKm: Math.round(s.odo * 1000) / 1000,
    address: null,
  });

  function fixesBetween(ident: string, from: Date, to: Date): GpsFix[] {
    if (!knows(ident)) return [];
    const d = device(ident);
    const a = from.getTime();
    const b = Math.min(to.getTime(), nowMs(), d.offlineSince ?? Infinity);
    if (!(a <= b)) return [];
    const out: GpsFix[] = [];
    for (const slice of modes(d)) {
      const lo = Math.max(a, slice.start);
      const hi = Math.min(b, slice.end === Infinity ? Infinity : slice.end - 1);
      if (lo > hi) continue;
      const m = slice.mode;
      if (m.kind === 'replay') {
        for (const f of replayBetween(ident, lo, hi)) out.push(toFix(ident, f.t, f));
        continue;
      }
      const cadence = m.kind === 'creep' ? 30_000 : m.cadence;
      const first = lo <= m.since ? m.since : m.since + Math.ceil((lo - m.since) / cadence) * cadence;
      for (let t = first; t <= hi; t += cadence) {
        const s: Instant = m.kind === 'creep' ? creepAt(m.since, m.pin, t) : { lat: m.lat, lon: m.lon, speed: 0, course: null, ign: m.ign, odo: m.odo };
        out.push(toFix(ident, t, s));
      }
    }
    return out;
  }

  function latest(ident: string): GpsFix | null {
    if (!knows(ident)) return null;
    const d = device(ident);
    const cap = Math.min(nowMs(), d.offlineSince ?? Infinity);
    for (const span of [6 * 3_600_000, 3 * DAY_MS]) {
      const fixes = fixesBetween(ident, new Date(cap - span), new Date(cap));
      if (fixes.length > 0) return fixes[fixes.length - 1]!;
    }
    return null;
  }

  /** Keeps overlays in time order even when a test moved the clock back. */
  function addOverlay(d: Device, ev: Overlay): void {
    let i = d.overlays.length;
    while (i > 0 && d.overlays[i - 1]!.at > ev.at) i--;
    d.overlays.splice(i, 0, ev);
  }

  function apply(ident: string, d: Device, kind: GpsCommandKind, text: string | undefined): void {
    const t = nowMs();
    d.commands.push({ at: new Date(t), kind, ...(text === undefined ? {} : { text }) });
    if (kind === 'lock' && !d.locked) {
      const s = stateAt(ident, d, t);
      if (s.speed > 1) unsafe++;
      addOverlay(d, { at: t, kind: 'lock', lat: s.lat, lon: s.lon, odo: s.odo });
      d.locked = true;
    } else if (kind === 'unlock' && d.locked) {
      addOverlay(d, { at: t, kind: 'unlock' });
      d.locked = false;
    }
  }

  return {
    knows,
    isOffline: (ident) => devices.get(ident)?.offlineSince != null,
    fixesBetween,
    latest,
    command(ident, kind, text) {
      const d = device(ident);
      if (d.offlineSince !== null) return 'offline';
      apply(ident, d, kind, text);
      return 'sent';
    },
    queue(ident, kind, text, ttlSeconds) {
      const d = device(ident);
      if (d.offlineSince === null) {
        apply(ident, d, kind, text);
        return 'sent';
      }
      d.pending.push({ kind, ...(text === undefined ? {} : { text }), expiresAt: nowMs() + ttlSeconds * 1000 });
      return 'queued';
    },
    deviceId,
    identOf: (id) => idents.get(id) ?? null,
    known: () => [...ids.keys()].filter(knows),
    setOffline(ident, offline) {
      const d = device(ident);
      if (offline) {
        d.offlineSince ??= nowMs();
        return;
      }
      if (d.offlineSince === null) return;
      d.offlineSince = null;
      const pending = d.pending;
      d.pending = [];
      for (const c of pending) if (c.expiresAt >= nowMs()) apply(ident, d, c.kind, c.text);
    },
    isLocked: (ident) => devices.get(ident)?.locked ?? false,
    restoreLock(ident, since) {
      const d = device(ident);
      if (d.locked) return;
      const t = Math.min(since.getTime(), nowMs());
      const s = stateAt(ident, d, t);
      addOverlay(d, { at: t, kind: 'lock', lat: s.lat, lon: s.lon, odo: s.odo });
      d.locked = true;
    },
    unsafeLocks: () => unsafe,
    commandsOf: (ident) => (devices.get(ident)?.commands ?? []).map((c) => ({ ...c })),
    pin(ident, state) {
      const d = device(ident);
      const t = nowMs();
      if (!state) {
        addOverlay(d, { at: t, kind: 'pin', pin: null });
        return;
      }
      const s = stateAt(ident, d, t);
      addOverlay(d, {
        at: t,
        kind: 'pin',
        pin: {
          moving: state.moving,
          lat: state.latitude ?? s.lat,
          lon: state.longitude ?? s.lon,
          ign: state.ignition ?? state.moving,
          course: s.course ?? 90,
          odo: s.odo,
        },
      });
    },
    now: () => clock(),
    setClock(now) {
      clock = now ?? defaultNow;
    },
  };
}
