import { describe, expect, it } from 'vitest';
import type { GpsFix } from '../../integrations/gps/gps.types.ts';
import { haversineKm, trackDistanceKm } from './gps-geo.ts';
import { detectStops, movingSeconds } from './gps-stops.ts';

// Stop detection on recorded-style tracks (issue 22 section 1): a device sends a fix every 30 s
// while driving and every few minutes while parked; a stop is 5 minutes or more under 3 km/h or
// with the ignition off, a gap over an hour closes it.

const KM_PER_DEG_LAT = 111.2;

/** A track written the way a device records it, segment after segment, from 4.05 N 9.70 E (Douala). */
function track(startUtc: string) {
  const fixes: GpsFix[] = [];
  let t = Date.parse(startUtc);
  let lat = 4.05;
  let lng = 9.7;
  const push = (f: Partial<GpsFix>) =>
    fixes.push({ ident: '356307042441013', at: new Date(t), latitude: lat, longitude: lng, speedKmh: 0, course: 0, ignition: true, odometerKm: null, address: null, ...f });
  const b = {
    /** Driving north at `kmh`, a fix every `every` seconds (the first at the segment's start). */
    drive(minutes: number, kmh = 40, every = 30) {
      for (let s = 0; s < minutes * 60; s += every) {
        push({ speedKmh: kmh });
        t += every * 1000;
        lat += (kmh / 3600 / KM_PER_DEG_LAT) * every;
      }
      return b;
    },
    /** Standing: speed 0 (or drifting while the ignition is off), a fix every `every` seconds. */
    still(minutes: number, o: { every?: number; ignition?: boolean | null; drift?: boolean } = {}) {
      const every = o.every ?? 30;
      let i = 0;
      for (let s = 0; s < minutes * 60; s += every) {
        const jitter = o.drift ? ((i % 5) - 2) * 0.0001 : 0;
        push({ speedKmh: o.drift ? (i % 4) * 2.5 : 0, ignition: o.ignition ?? true, latitude: lat + jitter, longitude: lng - jitter });
        t += every * 1000;
        i++;
      }
      return b;
    },
    /** Nothing recorded (the device was off or out of coverage). */
    gap(minutes: number) {
      t += minutes * 60_000;
      return b;
    },
    here: () => ({ latitude: lat, longitude: lng }),
    fixes,
  };
  return b;
}

const hhmm = (d: Date) => d.toISOString().slice(11, 19);

describe('detectStops', () => {
  it('finds the 10-minute stop of a morning trip, from its first still fix until the vehicle leaves', () => {
    const t = track('2026-11-26T06:00:00Z').drive(20);
    const place = t.here();
    t.still(10).drive(20);
    const stops = detectStops(t.fixes);
    expect(stops).toHaveLength(1);
    expect(hhmm(stops[0].start)).toBe('06:20:00');
    expect(hhmm(stops[0].end)).toBe('06:30:00');
    expect(stops[0].seconds).toBe(600);
    expect(stops[0].ongoing).toBe(false);
    expect(haversineKm(stops[0], place)).toBeLessThan(0.01);
    // 40 minutes at 40 km/h: about 26.7 km; the stop is not driving time.
    expect(trackDistanceKm(t.fixes)).toBeCloseTo(26.6, 0);
    expect(movingSeconds(t.fixes, stops)).toBe(40 * 60 - 30);
  });

  it('does not count a 3-minute traffic light as a stop, and counts it as driving time', () => {
    const t = track('2026-11-26T07:00:00Z').drive(10).still(3).drive(10);
    expect(detectStops(t.fixes)).toEqual([]);
    expect(movingSeconds(t.fixes, [])).toBe(23 * 60 - 30);
  });

  it('keeps one stop through the GPS drift of a vehicle parked with the ignition off, at the middle of the drift', () => {
    const t = track('2026-11-26T08:00:00Z').drive(15);
    const place = t.here();
    t.still(40, { ignition: false, drift: true, every: 60 }).drive(15);
    const stops = detectStops(t.fixes);
    expect(stops).toHaveLength(1);
    expect(stops[0].seconds).toBe(40 * 60);
    expect(haversineKm(stops[0], place)).toBeLessThan(0.03);
    // The drift while parked is a few metres, not a drive.
    expect(trackDistanceKm(t.fixes)).toBeCloseTo(20, 0);
  });

  it('closes a stop at the last fix before a 2-hour gap, and starts another after it', () => {
    const t = track('2026-11-26T10:00:00Z').drive(10).still(20, { every: 300 }).gap(120).still(20, { every: 300 }).drive(10);
    const stops = detectStops(t.fixes);
    expect(stops.map((s) => [hhmm(s.start), hhmm(s.end)])).toEqual([
      ['10:10:00', '10:25:00'],
      ['12:30:00', '12:50:00'],
    ]);
  });

  it('does not count a gap inside a trip as driving nor as a stop', () => {
    const t = track('2026-11-26T09:00:00Z').drive(10).gap(120).drive(10);
    const stops = detectStops(t.fixes);
    expect(stops).toEqual([]);
    expect(movingSeconds(t.fixes, stops)).toBe(2 * (10 * 60 - 30));
  });

  it('reads night parking running past the period end as an ongoing stop up to that end', () => {
    const t = track('2026-11-26T18:00:00Z').drive(30).still(5 * 60 + 25, { every: 300, ignition: false });
    const periodEnd = new Date('2026-11-26T23:59:59.999Z');
    const stops = detectStops(t.fixes, { periodEnd });
    expect(stops).toHaveLength(1);
    expect(hhmm(stops[0].start)).toBe('18:30:00');
    expect(stops[0].end).toEqual(periodEnd);
    expect(stops[0].ongoing).toBe(true);
    // Without the period's end, the stop ends at its last fix.
    expect(hhmm(detectStops(t.fixes)[0].end)).toBe('23:50:00');
  });

  it('does not yet call a halt of 2 minutes at the period end a stop', () => {
    const t = track('2026-11-26T18:00:00Z').drive(30).still(2);
    expect(detectStops(t.fixes, { periodEnd: new Date(Date.parse('2026-11-26T18:32:00Z')) })).toEqual([]);
  });
});

describe('trackDistanceKm', () => {
  it('skips a lone fix that jumps kilometres away, and fixes without a position', () => {
    const t = track('2026-11-26T06:00:00Z').drive(30);
    const clean = trackDistanceKm(t.fixes);
    const noisy = [...t.fixes];
    noisy[20] = { ...noisy[20], latitude: noisy[20].latitude + 0.5 };
    noisy[30] = { ...noisy[30], latitude: 0, longitude: 0 };
    expect(trackDistanceKm(noisy)).toBeCloseTo(clean, 1);
  });
});
