import { GPS_STOP_SPEED_KMH } from '@flotte/contract/gps';
import type { GpsFix } from '../../integrations/gps/gps.types.ts';

/** Distances over GPS tracks: what a vehicle's day sums up. */

const EARTH_RADIUS_KM = 6371.0088;
/** Faster than this between two fixes is a GPS jump (a bad fix), not a drive. */
export const GPS_JUMP_KMH = 200;

/** Great-circle distance in km, unrounded (the track sums thousands of short legs). */
export function haversineKm(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A fix a device may send without a position: out of range, or 0,0 (no satellite yet). */
export function validFix(f: Pick<GpsFix, 'latitude' | 'longitude'>): boolean {
  const { latitude: lat, longitude: lng } = f;
  if (!Number.isFinite(lat) || !Number.isFinite(lng)) return false;
  if (Math.abs(lat) > 90 || Math.abs(lng) > 180) return false;
  return !(lat === 0 && lng === 0);
}

/** A fix of a vehicle standing still: under the threshold, or the ignition off (parked GPS drifts). */
export function isStill(f: Pick<GpsFix, 'speedKmh' | 'ignition'>, speedKmh = GPS_STOP_SPEED_KMH): boolean {
  return f.ignition === false || f.speedKmh < speedKmh;
}

function speedKmh(a: GpsFix, b: GpsFix): number {
  const hours = Math.abs(b.at.getTime() - a.at.getTime()) / 3_600_000;
  const km = haversineKm(a, b);
  if (hours === 0) return km > 0.05 ? Infinity : 0;
  return km / hours;
}

/**
 * The distance driven along fixes in time order, in km. A fix reached faster than GPS_JUMP_KMH is a
 * jump: a lone bad fix is skipped; when the next fix agrees with it, the vehicle is really there
 * (a device that came back elsewhere) and the track goes on from it without counting the leap.
 * Between two still fixes nothing is counted: a parked receiver drifts by metres.
 */
export function trackDistanceKm(fixes: readonly GpsFix[]): number {
  const valid = fixes.filter(validFix);
  if (valid.length < 2) return 0;
  let km = 0;
  let prev = valid[0];
  for (let i = 1; i < valid.length; i++) {
    const f = valid[i];
    if (isStill(prev) && isStill(f)) {
      prev = f;
      continue;
    }
    if (speedKmh(prev, f) <= GPS_JUMP_KMH) {
      km += haversineKm(prev, f);
      prev = f;
      continue;
    }
    const next = valid[i + 1];
    if (next && speedKmh(f, next) <= GPS_JUMP_KMH && speedKmh(prev, next) > GPS_JUMP_KMH) prev = f;
  }
  return km;
}
