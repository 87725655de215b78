import { isWireDateTime } from '@flotte/contract';
import { GPS_GAP_SECONDS, type TGpsStop, type TGpsVehicleDay } from '@flotte/contract/gps';
import type { GpsFix, GpsProviderStop } from '../../integrations/gps/gps.types.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { simplifyPath } from '../../platform/maps/simplify.ts';
import { trackDistanceKm, validFix } from './gps-geo.ts';
import { driverNames, findGpsVehicle, gpsNow, toPosition, vehicleRef, type GpsActor } from './gps-positions.ts';
import { detectStops, isStill, movingSeconds, type DetectedStop } from './gps-stops.ts';
import type { GpsDeps } from './gps.deps.ts';
import { parkGpsLink } from './gps-link.ts';

/**
 * A vehicle's day (issue 22 section 1): its route on the map, its stops with their addresses, the
 * distance driven, the time moving and parked, in the park's time zone. The provider's own stops
 * when it has a report (Traccar), else computed from the positions (flespi).
 */

/** Most positions asked for one day (a fix every 30 s while driving is under 3,000). */
export const GPS_DAY_MAX_POSITIONS = 5000;
/** Points of the route drawn on the map. */
export const GPS_ROUTE_MAX_POINTS = 500;
/** Addresses looked up per day (the geocoder is shared), a few at a time. */
const REVERSE_MAX = 20;
const REVERSE_BATCH = 5;

function nextDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The day's bounds in the park's zone; a date that is no calendar day is refused. */
function dayBounds(date: string, timeZone: string): { from: Date; to: Date } {
  if (!isWireDateTime(`${date}T00:00:00`)) throw fieldError('date', 'Date invalide : une date du calendrier au format AAAA-MM-JJ est attendue');
  return { from: fromWireDate(`${date}T00:00:00`, timeZone), to: fromWireDate(`${nextDay(date)}T00:00:00`, timeZone) };
}

function fromProviderStops(stops: GpsProviderStop[], fixes: GpsFix[], periodEnd: Date): DetectedStop[] {
  const last = fixes[fixes.length - 1];
  return stops
    .filter((s) => validFix(s) && s.end >= s.start)
    .map((s) => ({
      start: s.start,
      end: s.end,
      latitude: s.latitude,
      longitude: s.longitude,
      seconds: Math.floor((s.end.getTime() - s.start.getTime()) / 1000),
      // Still there: the day's last fix is stopped and falls in this stop (or it runs to the period's end).
      ongoing: s.end >= periodEnd || (!!last && isStill(last) && last.at >= s.start && last.at <= s.end),
      address: s.address,
    }));
}

/** Stops without an address get one from the geocoder when it reverses (a few per day); else null: the screen shows coordinates. */
async function addAddresses(deps: Pick<GpsDeps, 'maps'>, stops: DetectedStop[]): Promise<(string | null)[]> {
  const out = stops.map((s) => s.address);
  const reverse = deps.maps.reverse?.bind(deps.maps);
  if (!reverse) return out;
  const wanted = out.map((a, i) => (a ? -1 : i)).filter((i) => i >= 0).slice(0, REVERSE_MAX);
  for (let k = 0; k < wanted.length; k += REVERSE_BATCH) {
    const batch = wanted.slice(k, k + REVERSE_BATCH);
    const found = await Promise.all(batch.map((i) => reverse({ latitude: stops[i].latitude, longitude: stops[i].longitude }).catch(() => null)));
    batch.forEach((i, j) => (out[i] = found[j] ?? null));
  }
  return out;
}

/** GET /gps/vehicles/:id/day?date=: the vehicle's day. */
export async function readVehicleDay(deps: GpsDeps, actor: GpsActor, vehicleId: string, date: string): Promise<TGpsVehicleDay> {
  const { from, to } = dayBounds(date, actor.timeZone);
  const v = await findGpsVehicle(deps, actor.parkId, vehicleId);
  if (!v.ident) throw new AppError('GPS_VEHICLE_NO_DEVICE');
  let link;
  try {
    link = await parkGpsLink(deps, actor.parkId);
  } catch (err) {
    deps.log?.warn({ err, parkId: actor.parkId }, 'GPS provider link failed');
    link = undefined;
  }
  if (link === null) throw new AppError('GPS_NOT_CONNECTED');
  const now = gpsNow(deps);
  const driver = (await driverNames(deps, actor.parkId, [v], now, actor.timeZone)).get(v.id) ?? null;
  const empty: TGpsVehicleDay = {
    vehicle: vehicleRef(v, driver),
    date,
    provider_ok: true,
    route: [],
    stops: [],
    distance_km: 0,
    moving_seconds: 0,
    parked_seconds: 0,
    positions: 0,
    last_position: null,
  };
  if (!link) return { ...empty, provider_ok: false };
  // A day to come has nothing yet; today stops at now.
  const periodEnd = new Date(Math.min(to.getTime() - 1, now.getTime()));
  if (periodEnd <= from) return empty;

  let fixes: GpsFix[];
  let providerStops: GpsProviderStop[] | null;
  try {
    [fixes, providerStops] = await Promise.all([
      link.client.positions(link.creds, v.ident, { from, to: periodEnd, limit: GPS_DAY_MAX_POSITIONS, newestFirst: false }),
      link.client.stops(link.creds, v.ident, { from, to: periodEnd }),
    ]);
  } catch (err) {
    deps.log?.warn({ err, parkId: actor.parkId, vehicleId }, 'GPS vehicle day failed');
    return { ...empty, provider_ok: false };
  }
  const track = fixes.filter((f) => validFix(f) && f.at >= from && f.at <= periodEnd).sort((a, b) => a.at.getTime() - b.at.getTime());
  const detected = providerStops ? fromProviderStops(providerStops, track, periodEnd) : detectStops(track, { periodEnd });
  // Clipped to the day: a provider's stop may begin the evening before.
  const stops = detected
    .map((s) => {
      const start = s.start < from ? from : s.start;
      const end = s.end > periodEnd ? periodEnd : s.end;
      return { ...s, start, end, seconds: Math.max(0, Math.floor((end.getTime() - start.getTime()) / 1000)) };
    })
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const addresses = await addAddresses(deps, stops);
  const last = track[track.length - 1];
  return {
    ...empty,
    route: simplifyPath(
      track.map((f) => [f.latitude, f.longitude] as const),
      GPS_ROUTE_MAX_POINTS,
    ),
    stops: stops.map(
      (s, i): TGpsStop => ({
        position: { latitude: s.latitude, longitude: s.longitude },
        stopDuration: s.seconds,
        stopStartTime: toWireDate(s.start, actor.timeZone),
        stopEndTime: toWireDate(s.end, actor.timeZone),
        address: addresses[i],
        ongoing: s.ongoing,
      }),
    ),
    distance_km: Math.round(trackDistanceKm(track) * 10) / 10,
    moving_seconds: movingSeconds(track, stops, GPS_GAP_SECONDS),
    parked_seconds: stops.reduce((sum, s) => sum + s.seconds, 0),
    positions: fixes.length,
    last_position: last ? toPosition(last, now, actor.timeZone) : null,
  };
}
