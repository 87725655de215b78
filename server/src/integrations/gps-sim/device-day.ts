/**
 * One simulated device's day, deterministic from its ident and the local date (device-fleet.ts
 * replays it and lays commands, pins and offline spells over it).
 *
 * - City by the ident's last digit: even -> Douala (UTC+1), odd -> Abidjan (UTC+0); both without
 *   daylight saving, so a local day is a fixed 24 h slice.
 * - Home: a point within ~6 km of the city centre, stable per ident. Parked there (ignition off,
 *   speed 0, a fix every 5 min) from local midnight until a departure between 06:00 and 08:00.
 * - Trips of 2-10 km at 15-45 km/h (a fix every 30 s, course of the leg), each along two legs
 *   (a street-grid corner between origin and destination), with stops of 5-40 min between them:
 *   ignition off (a fix every 5 min) or engine idling (ignition on, a fix every minute).
 * - Back home between 19:00 and 22:00 (the last trip leaves before then), parked until midnight.
 * - Odometer (km): a base per ident plus DAILY_KM per day since 2026-01-01, plus the day's driving.
 *   A day drives less than DAILY_KM; the rest stands for unsimulated history and is added at local
 *   midnight while parked (monotonic, never needs earlier days generated).
 */

export interface SimFix {
  /** UTC ms. */
  t: number;
  lat: number;
  lon: number;
  speed: number;
  course: number | null;
  ign: boolean;
  odo: number;
}

export interface SimCity {
  name: 'Douala' | 'Abidjan';
  lat: number;
  lon: number;
  utcOffsetHours: number;
}

const DOUALA: SimCity = { name: 'Douala', lat: 4.05, lon: 9.7, utcOffsetHours: 1 };
const ABIDJAN: SimCity = { name: 'Abidjan', lat: 5.33, lon: -4.03, utcOffsetHours: 0 };

export const DAY_MS = 86_400_000;
const MINUTE = 60_000;
const DAILY_KM = 160;
/** 2026-01-01 as a day number (days since the Unix epoch). */
const ODOMETER_EPOCH_DAY = Date.UTC(2026, 0, 1) / DAY_MS;
const KM_PER_DEG = 111.32;

/** FNV-1a, 32 bits. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small seeded PRNG, [0, 1). */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function cityOf(ident: string): SimCity {
  return Number(ident[ident.length - 1]) % 2 === 0 ? DOUALA : ABIDJAN;
}

/** The device's local day number containing the instant. */
export function localDay(ident: string, t: number): number {
  return Math.floor((t + cityOf(ident).utcOffsetHours * 3_600_000) / DAY_MS);
}

/** UTC ms of the local midnight starting the day. */
export function dayStart(ident: string, day: number): number {
  return day * DAY_MS - cityOf(ident).utcOffsetHours * 3_600_000;
}

export function distanceKm(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dy = (bLat - aLat) * KM_PER_DEG;
  const dx = (bLon - aLon) * KM_PER_DEG * Math.cos(((aLat + bLat) / 2) * (Math.PI / 180));
  return Math.sqrt(dx * dx + dy * dy);
}

export function courseDeg(aLat: number, aLon: number, bLat: number, bLon: number): number {
  const dy = bLat - aLat;
  const dx = (bLon - aLon) * Math.cos(aLat * (Math.PI / 180));
  const deg = (Math.atan2(dx, dy) * 180) / Math.PI;
  return Math.round((deg + 360) % 360);
}

/** The point `km` further along a course (degrees from north). */
export function moveAlong(lat: number, lon: number, course: number, km: number): { lat: number; lon: number } {
  const r = (course * Math.PI) / 180;
  return {
    lat: lat + (km * Math.cos(r)) / KM_PER_DEG,
    lon: lon + (km * Math.sin(r)) / (KM_PER_DEG * Math.cos(lat * (Math.PI / 180))),
  };
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;
const round3 = (v: number) => Math.round(v * 1e3) / 1e3;

/** A point within `radiusKm` of (lat, lon), uniform over the disc. */
function around(rnd: () => number, lat: number, lon: number, radiusKm: number): { lat: number; lon: number } {
  return moveAlong(lat, lon, rnd() * 360, radiusKm * Math.sqrt(rnd()));
}

export function homeOf(ident: string): { lat: number; lon: number } {
  const c = cityOf(ident);
  return around(seeded(hash32(`home:${ident}`)), c.lat, c.lon, 6);
}

export function odometerAtDayStart(ident: string, day: number): number {
  const base = 20_000 + (hash32(`odo:${ident}`) % 60_000);
  return base + (day - ODOMETER_EPOCH_DAY) * DAILY_KM;
}

/** The generated fixes of one local day, oldest first, from its midnight (included) to the next (excluded). */
export function generateDay(ident: string, day: number): SimFix[] {
  const rnd = seeded(hash32(`${ident}:${day}`));
  const start = dayStart(ident, day);
  const end = start + DAY_MS;
  const city = cityOf(ident);
  const home = homeOf(ident);
  const fixes: SimFix[] = [];
  let odo = odometerAtDayStart(ident, day);
  let pos = home;

  /** Fixes of a halt in [from, to): one at its start, then on the cadence's grid. */
  const halt = (from: number, to: number, ign: boolean, cadenceMs: number) => {
    fixes.push({ t: from, lat: round6(pos.lat), lon: round6(pos.lon), speed: 0, course: null, ign, odo: round3(odo) });
    for (let t = start + Math.floor((from - start) / cadenceMs + 1) * cadenceMs; t < to; t += cadenceMs) {
      fixes.push({ t, lat: round6(pos.lat), lon: round6(pos.lon), speed: 0, course: null, ign, odo: round3(odo) });
    }
  };

  /** Drives from pos to dest leaving at `from`; answers the arrival time. */
  const drive = (from: number, dest: { lat: number; lon: number }): number => {
    const corner = rnd() < 0.5 ? { lat: dest.lat, lon: pos.lon } : { lat: pos.lat, lon: dest.lon };
    const legs = [
      { a: pos, b: corner },
      { a: corner, b: dest },
    ].filter((l) => distanceKm(l.a.lat, l.a.lon, l.b.lat, l.b.lon) > 0.01);
    let t = from;
    let speed = 20 + rnd() * 15;
    fixes.push({ t, lat: round6(pos.lat), lon: round6(pos.lon), speed: 0, course: legs[0] ? courseDeg(legs[0].a.lat, legs[0].a.lon, legs[0].b.lat, legs[0].b.lon) : null, ign: true, odo: round3(odo) });
    for (const leg of legs) {
      const course = courseDeg(leg.a.lat, leg.a.lon, leg.b.lat, leg.b.lon);
      let left = distanceKm(pos.lat, pos.lon, leg.b.lat, leg.b.lon);
      while (left > 1e-6) {
        speed = Math.min(45, Math.max(15, speed + (rnd() - 0.5) * 12));
        const step = (speed * 30) / 3600;
        if (step >= left) {
          // The leg ends within this half-minute: the next leg (or the stop) goes on from here.
          t += Math.round((left / speed) * 3_600_000);
          odo += left;
          pos = leg.b;
          left = 0;
        } else {
          t += 30_000;
          odo += step;
          left -= step;
          pos = moveAlong(pos.lat, pos.lon, course, step);
          fixes.push({ t, lat: round6(pos.lat), lon: round6(pos.lon), speed: Math.round(speed * 10) / 10, course, ign: true, odo: round3(odo) });
        }
      }
    }
    return Math.round(t);
  };

  const leave = start + (6 * 60 + Math.floor(rnd() * 120)) * MINUTE;
  const backBy = start + (19 * 60 + Math.floor(rnd() * 180)) * MINUTE;
  const budget = DAILY_KM - 25;
  const driven = () => odo - odometerAtDayStart(ident, day);
  halt(start, leave, false, 5 * MINUTE);
  let t = leave;
  for (let tries = 0; tries < 1000; tries++) {
    const dest = around(rnd, city.lat, city.lon, 9);
    const trip = distanceKm(pos.lat, pos.lon, dest.lat, dest.lon);
    if (trip < 2 || trip > 10) continue;
    // The last trip leaves early enough to be home by backBy, and the day stays within its budget.
    const homeKm = distanceKm(dest.lat, dest.lon, home.lat, home.lon) * 1.4;
    const needMs = ((trip * 1.4 + homeKm) / 25) * 3_600_000 + 45 * MINUTE;
    if (t + needMs > backBy || driven() + trip * 1.4 + homeKm > budget) break;
    t = drive(t, dest);
    const idling = rnd() < 0.4;
    const stopEnd = t + (5 + Math.floor(rnd() * 36)) * MINUTE;
    halt(t, stopEnd, idling, idling ? MINUTE : 5 * MINUTE);
    t = stopEnd;
  }
  // Leaves the last stop in time to arrive home about backBy (the grid roads and ~30 km/h).
  const homeward = backBy - Math.round(((distanceKm(pos.lat, pos.lon, home.lat, home.lon) * 1.4) / 30) * 3_600_000);
  if (t < homeward) {
    // Waits at the last stop, engine off, until it is time to go home.
    halt(t, homeward, false, 5 * MINUTE);
    t = homeward;
  }
  t = drive(t, home);
  pos = home;
  halt(t, end, false, 5 * MINUTE);
  return fixes.filter((f) => f.t < end);
}
