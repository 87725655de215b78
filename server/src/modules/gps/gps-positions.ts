import { and, asc, eq, sql } from 'drizzle-orm';
import {
  GPS_OFFLINE_AFTER_SECONDS,
  GPS_STOP_SPEED_KMH,
  type GpsProvider,
  type GpsVehicleState,
  type TGpsFleet,
  type TGpsMessagesQuery,
  type TGpsPosition,
  type TGpsVehiclePosition,
  type TGpsVehicleRef,
} from '@flotte/contract/gps';
import type { GpsFix } from '../../integrations/gps/gps.types.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { currentDriverOf } from '../vehicles/vehicle-config.service.ts';
import { recordVehicleMileage } from '../vehicles/vehicle-mileage.ts';
import { planningsOf } from '../vehicles/vehicles.queries.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { gpsFailure, parkGpsLink, type ParkGpsLink } from './gps-link.ts';
import type { GpsDeps } from './gps.deps.ts';
import { triggerEpisodes } from './gps.tables.ts';

/**
 * The vehicles' positions (issue 22 section 1): the fleet map, a vehicle's last position and the
 * spec's messages call. The provider is the store: its latest fixes are kept a few seconds per park
 * (many screens, one call), and a provider that fails makes the answer say so (provider_ok false)
 * rather than fail the screen. A reported odometer raises the vehicle's mileage on the way.
 */

export interface GpsActor {
  parkId: string;
  timeZone: string;
}

export const gpsNow = (deps: Pick<GpsDeps, 'now'>) => deps.now?.() ?? new Date();

/** A fix as the screens read it: km/h to one decimal, the park's wall clock, its age. */
export function toPosition(fix: GpsFix, now: Date, timeZone: string): TGpsPosition {
  return {
    latitude: fix.latitude,
    longitude: fix.longitude,
    speed: Math.round(fix.speedKmh * 10) / 10,
    course: fix.course,
    ignition: fix.ignition,
    odometer: fix.odometerKm,
    at: toWireDate(fix.at, timeZone),
    age_seconds: Math.max(0, Math.floor((now.getTime() - fix.at.getTime()) / 1000)),
    address: fix.address,
  };
}

// ---------------------------------------------------------------- the park's vehicles

export interface GpsVehicle {
  id: string;
  label: string | null;
  registrationNumber: string;
  /** The device ident, trimmed; null when the vehicle has none. */
  ident: string | null;
  status: string;
  mileage: number | null;
}

const vehicleColumns = {
  id: vehicles.id,
  label: vehicles.label,
  registrationNumber: vehicles.registrationNumber,
  gpsNumber: vehicles.gpsNumber,
  status: vehicles.status,
  mileage: vehicles.mileage,
};
const toVehicle = (r: { id: string; label: string | null; registrationNumber: string; gpsNumber: string | null; status: string; mileage: number | null }): GpsVehicle => ({
  id: r.id,
  label: r.label,
  registrationNumber: r.registrationNumber,
  ident: r.gpsNumber?.trim() || null,
  status: r.status,
  mileage: r.mileage,
});

async function parkVehicles(deps: Pick<GpsDeps, 'db'>, parkId: string): Promise<GpsVehicle[]> {
  const rows = await deps.db
    .select(vehicleColumns)
    .from(vehicles)
    .where(eq(vehicles.parkId, parkId))
    .orderBy(asc(sql`coalesce(nullif(${vehicles.label}, ''), ${vehicles.registrationNumber})`), asc(vehicles.id));
  return rows.map(toVehicle);
}

/** A vehicle of the park; another park's (or a malformed id) is not found. */
export async function findGpsVehicle(deps: Pick<GpsDeps, 'db'>, parkId: string, id: string): Promise<GpsVehicle> {
  if (!UUID_PATTERN.test(id)) throw new AppError('VEHICLE_NOT_FOUND');
  const [row] = await deps.db.select(vehicleColumns).from(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId)));
  if (!row) throw new AppError('VEHICLE_NOT_FOUND');
  return toVehicle(row);
}

/** Who drives each vehicle now, by its planning (as the vehicles list shows it). */
export async function driverNames(deps: Pick<GpsDeps, 'db'>, parkId: string, vs: GpsVehicle[], now: Date, timeZone: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (vs.length === 0) return out;
  const plannings = await planningsOf(deps.db, parkId, vs.map((v) => v.id));
  const wall = toWireDate(now, timeZone);
  const parkNow = { day: wall.slice(0, 10), time: wall.slice(11, 16) };
  for (const v of vs) {
    const current = currentDriverOf(v.status, plannings.get(v.id), parkNow);
    if (current) out.set(v.id, `${current.driver.firstName} ${current.driver.lastName}`.trim());
  }
  return out;
}

/** The vehicles a trigger's lock holds now. */
async function lockedVehicles(deps: Pick<GpsDeps, 'db'>, parkId: string, vehicleId?: string): Promise<Set<string>> {
  const rows = await deps.db
    .selectDistinct({ id: triggerEpisodes.vehicleId })
    .from(triggerEpisodes)
    .where(
      and(
        eq(triggerEpisodes.parkId, parkId),
        eq(triggerEpisodes.action, 'lock'),
        eq(triggerEpisodes.state, 'done'),
        vehicleId ? eq(triggerEpisodes.vehicleId, vehicleId) : undefined,
      ),
    );
  return new Set(rows.map((r) => r.id).filter((id): id is string => id !== null));
}

export function vehicleRef(v: GpsVehicle, driverName: string | null): TGpsVehicleRef {
  return { id: v.id, label: v.label, registration_number: v.registrationNumber, gps_number: v.ident, driver_name: driverName };
}

// ---------------------------------------------------------------- the provider link

interface LinkRead {
  link: ParkGpsLink | null;
  connected: boolean;
  /** The link could not be built (the provider's client failed to start). */
  down: boolean;
}

async function readLink(deps: GpsDeps, parkId: string): Promise<LinkRead> {
  try {
    const link = await parkGpsLink(deps, parkId);
    return { link, connected: link !== null, down: false };
  } catch (err) {
    deps.log?.warn({ err, parkId }, 'GPS provider link failed');
    return { link: null, connected: true, down: true };
  }
}

// ---------------------------------------------------------------- the latest fixes, cached

interface CacheEntry {
  at: number;
  idents: string;
  fixes: Promise<Map<string, GpsFix>>;
}
/** Per park: the latest fixes of its devices. Bounded: the oldest park goes first. */
const latestCache = new Map<string, CacheEntry>();
const CACHE_MAX_PARKS = 500;

/** The park's connection changed: its cached positions were read with the old one. */
export function forgetParkPositions(parkId: string): void {
  latestCache.delete(parkId);
}

/**
 * The latest fix of each ident, one provider call for them all, reused for deps.cacheSeconds (a
 * failure too: a provider that is down is not asked again by every screen at once).
 */
function latestFixes(deps: GpsDeps, parkId: string, link: ParkGpsLink, idents: string[]): Promise<Map<string, GpsFix>> {
  const key = [...idents].sort().join(',');
  const hit = latestCache.get(parkId);
  if (hit && hit.idents === key && Date.now() - hit.at < deps.cacheSeconds * 1000) return hit.fixes;
  const fixes = link.client.latest(link.creds, idents);
  latestCache.delete(parkId);
  if (deps.cacheSeconds > 0) {
    latestCache.set(parkId, { at: Date.now(), idents: key, fixes });
    fixes.catch(() => undefined); // awaited by the caller; kept here only to be reused
    while (latestCache.size > CACHE_MAX_PARKS) latestCache.delete(latestCache.keys().next().value!);
  }
  return fixes;
}

/** The park's latest fixes, or null when the provider failed (logged). */
async function parkLatest(deps: GpsDeps, parkId: string, link: ParkGpsLink, vs: GpsVehicle[]): Promise<Map<string, GpsFix> | null> {
  const idents = [...new Set(vs.map((v) => v.ident).filter((i): i is string => i !== null))];
  if (idents.length === 0) return new Map();
  try {
    return await latestFixes(deps, parkId, link, idents);
  } catch (err) {
    deps.log?.warn({ err, parkId }, 'GPS latest positions failed');
    return null;
  }
}

/**
 * The odometer a device reports raises the vehicle's mileage (whole km, never lowered): what the
 * service reminders count from. Best effort: a failure is logged, the read goes on.
 */
async function raiseMileages(deps: GpsDeps, parkId: string, vs: GpsVehicle[], fixes: Map<string, GpsFix> | null): Promise<void> {
  if (!fixes) return;
  const raises: { id: string; km: number }[] = [];
  for (const v of vs) {
    const odo = v.ident ? fixes.get(v.ident)?.odometerKm : null;
    if (odo == null || !Number.isFinite(odo)) continue;
    const km = Math.floor(odo);
    if (km > (v.mileage ?? 0) && km <= 2_000_000_000) raises.push({ id: v.id, km });
  }
  if (raises.length === 0) return;
  try {
    await deps.db.transaction(async (tx) => {
      for (const r of raises) {
        // Read concurrently higher by someone else: refused, nothing to do.
        await recordVehicleMileage(tx, parkId, r.id, { mileage: r.km }).catch((err: unknown) => {
          if (!(err instanceof AppError)) throw err;
        });
      }
    });
  } catch (err) {
    deps.log?.warn({ err, parkId }, 'GPS mileage update failed');
  }
}

function stateOf(v: GpsVehicle, fix: GpsFix | undefined, now: Date): GpsVehicleState {
  if (!v.ident) return 'no_device';
  if (!fix) return 'no_position';
  if (now.getTime() - fix.at.getTime() > GPS_OFFLINE_AFTER_SECONDS * 1000) return 'offline';
  return fix.speedKmh > GPS_STOP_SPEED_KMH && fix.ignition !== false ? 'moving' : 'stopped';
}

// ---------------------------------------------------------------- reads

/** GET /gps/fleet: every vehicle of the park with its latest fix. */
export async function readFleet(deps: GpsDeps, actor: GpsActor): Promise<TGpsFleet> {
  const now = gpsNow(deps);
  const [vs, read] = await Promise.all([parkVehicles(deps, actor.parkId), readLink(deps, actor.parkId)]);
  const [names, locked, fixes] = await Promise.all([
    driverNames(deps, actor.parkId, vs, now, actor.timeZone),
    lockedVehicles(deps, actor.parkId),
    read.link ? parkLatest(deps, actor.parkId, read.link, vs) : Promise.resolve(null),
  ]);
  await raiseMileages(deps, actor.parkId, vs, fixes);
  const providerOk = !read.down && (!read.link || fixes !== null);
  return {
    connected: read.connected,
    provider_ok: providerOk,
    provider: (read.link?.creds.provider ?? null) as GpsProvider | null,
    vehicles: vs.map((v) => {
      const fix = v.ident ? fixes?.get(v.ident) : undefined;
      return {
        vehicle: vehicleRef(v, names.get(v.id) ?? null),
        state: stateOf(v, fix, now),
        position: fix ? toPosition(fix, now, actor.timeZone) : null,
        locked: locked.has(v.id),
      };
    }),
  };
}

/** GET /gps/vehicles/:id/position: the vehicle details' last position. */
export async function readVehiclePosition(deps: GpsDeps, actor: GpsActor, vehicleId: string): Promise<TGpsVehiclePosition> {
  const now = gpsNow(deps);
  const v = await findGpsVehicle(deps, actor.parkId, vehicleId);
  const [read, locked] = await Promise.all([readLink(deps, actor.parkId), lockedVehicles(deps, actor.parkId, v.id)]);
  const base = { connected: read.connected, has_device: v.ident !== null, locked: locked.has(v.id) };
  if (!read.link || !v.ident) return { ...base, provider_ok: !read.down, position: null };
  // The whole park's idents: the fleet map's cached answer serves this read too.
  const vs = await parkVehicles(deps, actor.parkId);
  const fixes = await parkLatest(deps, actor.parkId, read.link, vs);
  await raiseMileages(deps, actor.parkId, vs, fixes);
  const fix = fixes?.get(v.ident);
  return { ...base, provider_ok: fixes !== null, position: fix ? toPosition(fix, now, actor.timeZone) : null };
}

const DAY_MS = 86_400_000;

/**
 * A bound of the messages call: unix seconds, a park wall-clock date ('2026-11-26T08:00:00' or a
 * day), or an ISO instant with its offset.
 */
export function parseInstant(raw: string | undefined, field: string, timeZone: string): Date | undefined {
  const v = raw?.trim();
  if (!v) return undefined;
  const invalid = () => fieldError(field, 'Date invalide : une date (AAAA-MM-JJTHH:mm:ss) ou un horodatage Unix en secondes');
  if (/^\d{1,12}$/.test(v)) return new Date(Number(v) * 1000);
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    try {
      return fromWireDate(`${v}T00:00:00`, timeZone, field);
    } catch {
      throw invalid();
    }
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(v)) {
    try {
      return fromWireDate(v, timeZone, field);
    } catch {
      throw invalid();
    }
  }
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/.test(v)) {
    const t = Date.parse(v);
    if (Number.isFinite(t)) return new Date(t);
  }
  throw invalid();
}

/**
 * GET /flespi/device/messages: the latest positions of a device of the park, newest first (the 2
 * latest of the last 24 hours by default). A device that is no vehicle of the park is unknown, so
 * another park's devices stay out of reach.
 */
export async function readDeviceMessages(deps: GpsDeps, actor: GpsActor, q: TGpsMessagesQuery): Promise<TGpsPosition[]> {
  const ident = q.device_imei.trim();
  const [owned] = await deps.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, actor.parkId), sql`trim(${vehicles.gpsNumber}) = ${ident}`))
    .limit(1);
  if (!owned) throw new AppError('GPS_DEVICE_UNKNOWN');
  const now = gpsNow(deps);
  let from = parseInstant(q.from, 'from', actor.timeZone);
  let to = parseInstant(q.to, 'to', actor.timeZone);
  to ??= now;
  from ??= new Date(to.getTime() - DAY_MS);
  if (from > to) throw fieldError('from', 'Le début doit précéder la fin');
  const read = await readLink(deps, actor.parkId);
  if (read.down) throw new AppError('GPS_UNAVAILABLE');
  if (!read.link) throw new AppError('GPS_NOT_CONNECTED');
  const link = read.link;
  let fixes: GpsFix[];
  try {
    fixes = await link.client.positions(link.creds, ident, { from, to, limit: q.limit, newestFirst: true });
  } catch (err) {
    deps.log?.warn({ err, parkId: actor.parkId }, 'GPS device messages failed');
    throw gpsFailure(err);
  }
  return [...fixes]
    .sort((a, b) => b.at.getTime() - a.at.getTime())
    .slice(0, q.limit)
    .map((f) => toPosition(f, now, actor.timeZone));
}

/** Vehicles of the park with a GPS number (the connection card's count). */
export async function equippedVehicles(deps: Pick<GpsDeps, 'db'>, parkId: string): Promise<number> {
  const [row] = await deps.db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), sql`coalesce(trim(${vehicles.gpsNumber}), '') <> ''`));
  return Number(row?.n ?? 0);
}

