import { and, eq, sql } from 'drizzle-orm';
import { courseReference, type TCourseAvailability } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { vehicleTypes } from '../catalog/catalog.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { maintenanceWindows, vehiclesWithOpenMaintenance } from '../maintenance/maintenance-windows.ts';
import { maintenancePeriodText } from '../planning/planning-engine.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { isUuid } from './courses.queries.ts';
import { courses } from './courses.tables.ts';

/**
 * When a vehicle and a driver are free for a course (issue 20 section 2). Over the course's span
 * [start, end) a vehicle is busy when:
 * - it is deactivated, or put in 'maintain' by hand (no maintenance record says until when);
 * - one of its maintenances holds it (maintenance/maintenance-windows.ts, as the planning reads them);
 * - another open course (awaiting or running) has it;
 * - the confirmed planning has it working with another driver than the course's.
 * A driver is busy when suspended or deactivated, on another open course, or planned on another
 * vehicle than the course's. So a vehicle working its planned shift is free for a course only
 * with the driver the planning puts on it then (the course is part of his shift), and that driver
 * only with that vehicle; a course without a driver yet can't take a vehicle someone is planned
 * on (choose that driver). Days off are not read: a course is booked with the driver's consent.
 * Spans touching end to end don't meet. Every refusal names what holds the vehicle or the driver.
 */

export interface CourseSpan {
  vehicleId: string | null | undefined;
  driverId: string | null | undefined;
  start: Date;
  end: Date;
  excludeCourseId?: string | null;
  /** The park's zone for the messages; read from the park when not given. */
  timeZone?: string;
}

type Reader = Db | Tx;

const OPEN_STATUSES = sql`('awaiting', 'inProgres')`;

/** The planning entries meeting [start, end): the (park, day) index over the days the span may touch (a service day may start the evening before). */
function planningDayRange(start: Date, end: Date) {
  const from = new Date(start.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const to = new Date(end.getTime() + 86_400_000).toISOString().slice(0, 10);
  return sql`${planningEntries.day} between ${from}::date and ${to}::date and ${planningEntries.startsAt} < ${end.toISOString()}::timestamptz and ${planningEntries.endsAt} > ${start.toISOString()}::timestamptz`;
}

function spanText(start: Date, end: Date, tz: string): string {
  return maintenancePeriodText({ startsAt: toWireDate(start, tz), endsAt: toWireDate(end, tz) });
}

const busy = (code: 'COURSE_VEHICLE_BUSY' | 'COURSE_DRIVER_BUSY', message: string) =>
  new AppError(code, { message, fieldErrors: [{ field: code === 'COURSE_VEHICLE_BUSY' ? 'vehicle_id' : 'driver_id', message }] });

async function parkTimeZone(db: Reader, parkId: string): Promise<string> {
  const [p] = await db.select({ tz: parks.timeZone }).from(parks).where(eq(parks.id, parkId)).limit(1);
  return p?.tz ?? 'Africa/Douala';
}

/** Another open course of the park meeting the span, with this vehicle or driver. */
async function overlappingCourse(db: Reader, parkId: string, who: { vehicleId?: string; driverId?: string }, s: CourseSpan) {
  const [c] = await db
    .select({ number: courses.number, createdAt: courses.createdAt, startDate: courses.startDate, endDate: courses.endDate })
    .from(courses)
    .where(
      and(
        eq(courses.parkId, parkId),
        who.vehicleId ? eq(courses.vehicleId, who.vehicleId) : eq(courses.driverId, who.driverId!),
        sql`${courses.status} in ${OPEN_STATUSES}`,
        sql`${courses.startDate} < ${s.end.toISOString()}::timestamptz and ${courses.endDate} > ${s.start.toISOString()}::timestamptz`,
        s.excludeCourseId && isUuid(s.excludeCourseId) ? sql`${courses.id} <> ${s.excludeCourseId}::uuid` : undefined,
      ),
    )
    .orderBy(courses.startDate)
    .limit(1);
  return c;
}

/**
 * Refuses (409, naming what holds it) a vehicle or a driver not free over the span; checks only
 * what is set. Run it inside the transaction that writes the course, behind the park's courses
 * lock (course-create.ts), so two bookings can't both take the same vehicle.
 */
export async function assertCourseResourcesFree(tx: Reader, parkId: string, s: CourseSpan): Promise<void> {
  if (!s.vehicleId && !s.driverId) return;
  const tz = s.timeZone ?? (await parkTimeZone(tx, parkId));
  if (s.vehicleId) {
    const [v] = await tx.select({ status: vehicles.status, registration: vehicles.registrationNumber }).from(vehicles).where(and(eq(vehicles.id, s.vehicleId), eq(vehicles.parkId, parkId))).limit(1);
    if (!v) throw new AppError('COURSE_VEHICLE_NOT_FOUND');
    if (v.status === 'deactivated') throw busy('COURSE_VEHICLE_BUSY', 'Ce véhicule est désactivé');
    const [w] = await maintenanceWindows(tx, parkId, { from: s.start, to: s.end, vehicleIds: [s.vehicleId] });
    if (w) throw busy('COURSE_VEHICLE_BUSY', `Ce véhicule est en entretien ${spanText(w.startAt, w.endAt, tz)}`);
    if (v.status === 'maintain' && !(await vehiclesWithOpenMaintenance(tx, parkId, [s.vehicleId], s.end)).has(s.vehicleId)) {
      throw busy('COURSE_VEHICLE_BUSY', 'Ce véhicule est en maintenance');
    }
    const c = await overlappingCourse(tx, parkId, { vehicleId: s.vehicleId }, s);
    if (c) throw busy('COURSE_VEHICLE_BUSY', `Ce véhicule a déjà la course ${courseReference(c.number, toWireDate(c.createdAt, tz))} ${spanText(c.startDate, c.endDate, tz)}`);
    const [planned] = await tx
      .select({ first: drivers.firstName, last: drivers.lastName, startsAt: planningEntries.startsAt, endsAt: planningEntries.endsAt })
      .from(planningEntries)
      .innerJoin(drivers, eq(drivers.id, planningEntries.driverId))
      .where(
        and(
          eq(planningEntries.parkId, parkId),
          eq(planningEntries.vehicleId, s.vehicleId),
          planningDayRange(s.start, s.end),
          s.driverId ? sql`${planningEntries.driverId} <> ${s.driverId}::uuid` : undefined,
        ),
      )
      .orderBy(planningEntries.startsAt)
      .limit(1);
    if (planned) {
      throw busy('COURSE_VEHICLE_BUSY', `Ce véhicule est conduit par ${planned.first} ${planned.last} selon le planning ${spanText(planned.startsAt, planned.endsAt, tz)}`);
    }
  }
  if (s.driverId) {
    const [d] = await tx.select({ blockedAt: drivers.blockedAt, desactivateAt: drivers.desactivateAt }).from(drivers).where(and(eq(drivers.id, s.driverId), eq(drivers.parkId, parkId))).limit(1);
    if (!d) throw new AppError('COURSE_DRIVER_NOT_FOUND');
    if (d.desactivateAt) throw busy('COURSE_DRIVER_BUSY', 'Ce chauffeur est désactivé');
    if (d.blockedAt) throw busy('COURSE_DRIVER_BUSY', 'Ce chauffeur est suspendu');
    const c = await overlappingCourse(tx, parkId, { driverId: s.driverId }, s);
    if (c) throw busy('COURSE_DRIVER_BUSY', `Ce chauffeur a déjà la course ${courseReference(c.number, toWireDate(c.createdAt, tz))} ${spanText(c.startDate, c.endDate, tz)}`);
    const [planned] = await tx
      .select({ registration: vehicles.registrationNumber, startsAt: planningEntries.startsAt, endsAt: planningEntries.endsAt })
      .from(planningEntries)
      .innerJoin(vehicles, eq(vehicles.id, planningEntries.vehicleId))
      .where(
        and(
          eq(planningEntries.parkId, parkId),
          eq(planningEntries.driverId, s.driverId),
          planningDayRange(s.start, s.end),
          s.vehicleId ? sql`${planningEntries.vehicleId} <> ${s.vehicleId}::uuid` : undefined,
        ),
      )
      .orderBy(planningEntries.startsAt)
      .limit(1);
    if (planned) throw busy('COURSE_DRIVER_BUSY', `Ce chauffeur travaille sur ${planned.registration} selon le planning ${spanText(planned.startsAt, planned.endsAt, tz)}`);
  }
}

/**
 * GET /course/availability: the vehicles and drivers free over the span, by the same rules. A
 * vehicle the planning has working then comes with that driver (`current_driver_id`), the only
 * one it is free with; that driver is not in `drivers` (he is free only with his vehicle), so the
 * form fills him in with the vehicle. A vehicle planned with two drivers over the span is not free.
 */
export async function courseAvailability(db: Db, acting: ActingProfile, q: { start_date: string; end_date: string; exclude_course_id?: string }): Promise<TCourseAvailability> {
  const tz = acting.park.timeZone;
  const parkId = acting.parkId;
  const start = fromWireDate(q.start_date, tz, 'start_date');
  const end = fromWireDate(q.end_date, tz, 'end_date');
  if (end <= start) return { vehicles: [], drivers: [] };
  // An id that is none names no course (the schema's pattern lets 36 dashes through).
  const exclude = q.exclude_course_id && isUuid(q.exclude_course_id) ? q.exclude_course_id : undefined;
  const [vehicleRows, driverRows, windows, busyCourses, planned] = await Promise.all([
    db
      .select({ id: vehicles.id, registration: vehicles.registrationNumber, label: vehicles.label, status: vehicles.status, seats: vehicleTypes.passengers })
      .from(vehicles)
      .leftJoin(vehicleTypes, eq(vehicleTypes.id, vehicles.vehicleTypeId))
      .where(and(eq(vehicles.parkId, parkId), sql`${vehicles.status} <> 'deactivated'`))
      .orderBy(vehicles.registrationNumber),
    db
      .select({ id: drivers.id, first: drivers.firstName, last: drivers.lastName, phone: drivers.phone })
      .from(drivers)
      .where(and(eq(drivers.parkId, parkId), sql`${drivers.blockedAt} is null and ${drivers.desactivateAt} is null`))
      .orderBy(drivers.lastName, drivers.firstName),
    maintenanceWindows(db, parkId, { from: start, to: end }),
    db
      .select({ vehicleId: courses.vehicleId, driverId: courses.driverId })
      .from(courses)
      .where(
        and(
          eq(courses.parkId, parkId),
          sql`${courses.status} in ${OPEN_STATUSES}`,
          sql`${courses.startDate} < ${end.toISOString()}::timestamptz and ${courses.endDate} > ${start.toISOString()}::timestamptz`,
          exclude ? sql`${courses.id} <> ${exclude}::uuid` : undefined,
        ),
      ),
    db.select({ vehicleId: planningEntries.vehicleId, driverId: planningEntries.driverId }).from(planningEntries).where(and(eq(planningEntries.parkId, parkId), planningDayRange(start, end))),
  ]);
  const maintain = vehicleRows.filter((v) => v.status === 'maintain').map((v) => v.id);
  const explained = await vehiclesWithOpenMaintenance(db, parkId, maintain, end);
  const heldVehicles = new Set([...windows.map((w) => w.vehicleId), ...busyCourses.flatMap((c) => (c.vehicleId ? [c.vehicleId] : []))]);
  const activeDrivers = new Set(driverRows.map((d) => d.id));
  const busyDrivers = new Set(busyCourses.flatMap((c) => (c.driverId ? [c.driverId] : [])));
  const plannedDriversOf = new Map<string, Set<string>>();
  const plannedVehiclesOf = new Map<string, Set<string>>();
  for (const p of planned) {
    (plannedDriversOf.get(p.vehicleId) ?? plannedDriversOf.set(p.vehicleId, new Set()).get(p.vehicleId)!).add(p.driverId);
    (plannedVehiclesOf.get(p.driverId) ?? plannedVehiclesOf.set(p.driverId, new Set()).get(p.driverId)!).add(p.vehicleId);
  }
  const out: TCourseAvailability = { vehicles: [], drivers: [] };
  for (const v of vehicleRows) {
    if (heldVehicles.has(v.id) || (v.status === 'maintain' && !explained.has(v.id))) continue;
    const plannedDrivers = plannedDriversOf.get(v.id);
    let currentDriver: string | null = null;
    if (plannedDrivers) {
      if (plannedDrivers.size > 1) continue;
      currentDriver = [...plannedDrivers][0];
      // Free only with him: he must be free too, and planned on no other vehicle then.
      if (!activeDrivers.has(currentDriver) || busyDrivers.has(currentDriver) || (plannedVehiclesOf.get(currentDriver)?.size ?? 0) > 1) continue;
    }
    out.vehicles.push({ id: v.id, registration_number: v.registration, label: v.label, seats: v.seats ?? null, current_driver_id: currentDriver });
  }
  for (const d of driverRows) {
    if (busyDrivers.has(d.id) || plannedVehiclesOf.has(d.id)) continue;
    out.drivers.push({ id: d.id, name: `${d.first} ${d.last}`, phone: d.phone });
  }
  return out;
}
