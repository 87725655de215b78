import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { toMinor } from '../../platform/money.ts';
import { COURSE_MESSAGES as M } from '@flotte/contract/courses';
import type { LatLng } from '../../platform/maps/maps.types.ts';
import { vehicleTypes } from '../catalog/catalog.tables.ts';
import { clientContactOf, loadClientRef } from '../clients/clients.queries.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { maintenances } from '../maintenance/maintenance.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import type { CoursesDeps } from './courses.deps.ts';
import { isUuid } from './courses.queries.ts';

/**
 * What creating and editing a course share: the amount in minor units, the parties checked in
 * the park (404 for another park's), the seats, the road, and the park's courses lock.
 */

/** An amount of the body in the park currency's minor units, or 400 on the field. */
export function courseAmountMinor(amount: number, currency: string): number {
  try {
    const minor = toMinor(amount, currency);
    if (minor < 0) throw new RangeError('negative');
    return minor;
  } catch {
    throw fieldError('amount', M.amount);
  }
}

export async function assertParkClient(db: Db | Tx, parkId: string, clientId: string, contactId: string | null | undefined): Promise<void> {
  if (!(await loadClientRef(db, parkId, clientId))) throw new AppError('CLIENT_NOT_FOUND');
  if (contactId && !(await clientContactOf(db, clientId, contactId))) throw new AppError('CLIENT_CONTACT_NOT_FOUND');
}

/** The park's vehicle and its seats besides the driver's (null: its type says nothing). */
export async function parkVehicleSeats(db: Db | Tx, parkId: string, id: string): Promise<{ id: string; seats: number | null }> {
  const [v] = isUuid(id)
    ? await db
        .select({ id: vehicles.id, seats: vehicleTypes.passengers })
        .from(vehicles)
        .leftJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
        .where(and(eq(vehicles.id, id), eq(vehicles.parkId, parkId)))
        .limit(1)
    : [];
  if (!v) throw new AppError('COURSE_VEHICLE_NOT_FOUND');
  return { id: v.id, seats: v.seats ?? null };
}

export async function assertParkDriver(db: Db | Tx, parkId: string, id: string): Promise<void> {
  const [d] = isUuid(id) ? await db.select({ id: drivers.id }).from(drivers).where(and(eq(drivers.id, id), eq(drivers.parkId, parkId))).limit(1) : [];
  if (!d) throw new AppError('COURSE_DRIVER_NOT_FOUND');
}

export async function assertParkMaintenance(db: Db | Tx, parkId: string, id: string | undefined | null): Promise<string> {
  if (!id) throw fieldError('maintenance_id', "Choisissez l'entretien que la course sert");
  const [m] = isUuid(id) ? await db.select({ id: maintenances.id }).from(maintenances).where(and(eq(maintenances.id, id), eq(maintenances.parkId, parkId))).limit(1) : [];
  if (!m) throw new AppError('COURSE_MAINTENANCE_NOT_FOUND');
  return m.id;
}

/** People beyond the vehicle's passenger seats: 400 naming the seats. */
export function assertSeats(people: number, seats: number | null): void {
  if (seats === null || people <= seats) return;
  const message = `Ce véhicule a ${seats} place${seats > 1 ? 's' : ''} passager${seats > 1 ? 's' : ''}`;
  throw new AppError('COURSE_TOO_MANY_PEOPLE', { message, fieldErrors: [{ field: 'number_of_people', message }] });
}

export interface RoadFields {
  distanceM: number;
  durationS: number | null;
  distanceSource: 'road' | 'great_circle';
  geometry: [number, number][];
}

/** Distance and duration by road (the great circle when routing failed: the service never throws). Outside any transaction. */
export async function roadBetween(deps: CoursesDeps, from: LatLng, to: LatLng): Promise<RoadFields> {
  const r = await deps.maps.route(from, to);
  return {
    distanceM: Math.round(r.distance_m),
    durationS: r.duration_s === null ? null : Math.round(r.duration_s),
    distanceSource: r.source,
    geometry: r.geometry,
  };
}

/**
 * Serialises the park's course bookings and changes of vehicle, driver or dates: the next number
 * and "one course per vehicle and driver at a time" are read and written by one at a time.
 */
export async function lockParkCourses(tx: Tx, parkId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('courses:' || ${parkId}))`);
}
