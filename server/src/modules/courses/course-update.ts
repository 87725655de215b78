import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { courseOpen, type TCourseDetail, type TCourseStatus, type ZCourseUpdate } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Tx } from '../../platform/db/database.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { COURSE_MESSAGES as M } from '@flotte/contract/courses';
import { clients } from '../clients/clients.tables.ts';
import { assertCourseResourcesFree } from './course-availability.ts';
import { finishCourse } from './course-finish.ts';
import { assertParkClient, assertParkDriver, assertParkMaintenance, assertSeats, courseAmountMinor, lockParkCourses, parkVehicleSeats, roadBetween, type RoadFields } from './course-parties.ts';
import type { CoursesDeps } from './courses.deps.ts';
import { getCourseDetail, isUuid } from './courses.queries.ts';
import { courses } from './courses.tables.ts';

/**
 * PUT /course/{id}: the booking's fields, then (or only) a change of status.
 * - Fields: a course is editable while awaiting or missed (409 COURSE_NOT_EDITABLE while running,
 *   COURSE_CLOSED once finished or canceled). A field not sent stays; vehicle, driver, contact and
 *   description sent as null are cleared. New addresses are routed again (outside the
 *   transaction); a new vehicle, driver or span is checked free again, the course itself aside. A
 *   missed course given a span not yet over waits again ('awaiting').
 * - status 'canceled': an open course (awaiting, missed or running), irreversibly; the fields sent
 *   with it are not applied, only `cancel_reason`.
 * - status 'inProgres': starts now (awaiting or missed), with a vehicle and a driver (those sent
 *   in the same body count) else COURSE_NOT_STARTABLE.
 * - status 'finished': a running course (COURSE_NOT_RUNNING otherwise), its money through
 *   course-finish.ts, in the transaction that holds its row.
 */

export type CourseUpdateInput = z.output<typeof ZCourseUpdate>;
type CourseRecord = typeof courses.$inferSelect;

async function lockCourse(tx: Tx, parkId: string, id: string): Promise<CourseRecord> {
  const [c] = await tx.select().from(courses).where(and(eq(courses.id, id), eq(courses.parkId, parkId))).for('update');
  if (!c) throw new AppError('COURSE_NOT_FOUND');
  return c;
}

function assertNotOver(status: TCourseStatus): void {
  if (!courseOpen(status)) throw new AppError('COURSE_CLOSED');
}

const FIELDS = ['client_id', 'contact_id', 'start_address', 'end_address', 'start_date', 'end_date', 'vehicle_id', 'driver_id', 'number_of_people', 'amount', 'description', 'kind', 'maintenance_id'] as const;

export async function updateCourse(deps: CoursesDeps, acting: ActingProfile, id: string, input: CourseUpdateInput): Promise<TCourseDetail> {
  if (!isUuid(id)) throw new AppError('COURSE_NOT_FOUND');
  const parkId = acting.parkId;
  const now = new Date();

  if (input.status === 'canceled') {
    await deps.db.transaction(async (tx) => {
      const c = await lockCourse(tx, parkId, id);
      assertNotOver(c.status);
      await tx
        .update(courses)
        .set({ status: 'canceled', canceledAt: now, canceledBy: acting.id, cancelReason: input.cancel_reason ?? null, updatedAt: now })
        .where(eq(courses.id, id));
    });
    return getCourseDetail(deps.db, acting, id);
  }

  if (input.status === 'finished') {
    await deps.db.transaction(async (tx) => {
      const c = await lockCourse(tx, parkId, id);
      assertNotOver(c.status);
      if (c.status !== 'inProgres') throw new AppError('COURSE_NOT_RUNNING');
      await finishCourse(tx, acting, c, { payment_mode: input.payment_mode, caisse_id: input.caisse_id });
    });
    return getCourseDetail(deps.db, acting, id);
  }

  const edits = FIELDS.some((f) => input[f] !== undefined);
  const plan = edits ? await planEdit(deps, acting, id, input) : null;
  await deps.db.transaction(async (tx) => {
    if (plan) await lockParkCourses(tx, parkId);
    const c = await lockCourse(tx, parkId, id);
    assertNotOver(c.status);
    let current = c;
    if (plan) current = await applyEdit(tx, acting, c, input, plan, now);
    if (input.status === 'inProgres') {
      if (current.status === 'inProgres') return;
      if (!current.vehicleId || !current.driverId) throw new AppError('COURSE_NOT_STARTABLE');
      await tx.update(courses).set({ status: 'inProgres', startedAt: now, missedAt: null, updatedAt: now }).where(eq(courses.id, id));
    }
  });
  return getCourseDetail(deps.db, acting, id);
}

interface EditPlan {
  road: RoadFields | null;
}

/** What is read before the transaction: the state (refused early), and the new road when an address changes. */
async function planEdit(deps: CoursesDeps, acting: ActingProfile, id: string, input: CourseUpdateInput): Promise<EditPlan> {
  const [c] = await deps.db.select().from(courses).where(and(eq(courses.id, id), eq(courses.parkId, acting.parkId))).limit(1);
  if (!c) throw new AppError('COURSE_NOT_FOUND');
  assertEditable(c.status);
  if (!input.start_address && !input.end_address) return { road: null };
  const from = input.start_address ?? { latitude: c.startLat, longitude: c.startLng };
  const to = input.end_address ?? { latitude: c.endLat, longitude: c.endLng };
  return { road: await roadBetween(deps, { latitude: from.latitude, longitude: from.longitude }, { latitude: to.latitude, longitude: to.longitude }) };
}

function assertEditable(status: TCourseStatus): void {
  assertNotOver(status);
  if (status === 'inProgres') throw new AppError('COURSE_NOT_EDITABLE');
}

async function applyEdit(tx: Tx, acting: ActingProfile, c: CourseRecord, input: CourseUpdateInput, plan: EditPlan, now: Date): Promise<CourseRecord> {
  assertEditable(c.status);
  const parkId = acting.parkId;
  const { timeZone: tz, currency } = acting.park;
  const start = input.start_date ? fromWireDate(input.start_date, tz, 'start_date') : c.startDate;
  const end = input.end_date ? fromWireDate(input.end_date, tz, 'end_date') : c.endDate;
  if (end <= start) throw fieldError('end_date', M.endBeforeStart);
  const clientId = input.client_id ?? c.clientId;
  // A new client takes none of the former client's contacts.
  const contactId = input.contact_id !== undefined ? input.contact_id : clientId === c.clientId ? c.contactId : null;
  if (clientId !== c.clientId || (contactId && contactId !== c.contactId)) await assertParkClient(tx, parkId, clientId, contactId);
  const vehicleId = input.vehicle_id !== undefined ? input.vehicle_id : c.vehicleId;
  const driverId = input.driver_id !== undefined ? input.driver_id : c.driverId;
  // A maintenance course names the maintenance it serves; a replacement one none.
  const kind = input.kind ?? (c.kind === 2 ? 2 : 1);
  const maintenanceId = kind === 2 ? await assertParkMaintenance(tx, parkId, input.maintenance_id ?? c.maintenanceId) : null;
  const people = input.number_of_people ?? c.numberOfPeople;
  if (vehicleId) assertSeats(people, (await parkVehicleSeats(tx, parkId, vehicleId)).seats);
  if (driverId && driverId !== c.driverId) await assertParkDriver(tx, parkId, driverId);
  const moved = vehicleId !== c.vehicleId || driverId !== c.driverId || start.getTime() !== c.startDate.getTime() || end.getTime() !== c.endDate.getTime();
  if (moved) await assertCourseResourcesFree(tx, parkId, { vehicleId, driverId, start, end, excludeCourseId: c.id, timeZone: tz });
  const amount = input.amount !== undefined ? courseAmountMinor(input.amount, currency) : c.amount;
  const from = input.start_address;
  const to = input.end_address;
  // A missed course given a span not over yet waits again.
  const status: TCourseStatus = c.status === 'missed' && end > now ? 'awaiting' : c.status;
  const [row] = await tx
    .update(courses)
    .set({
      clientId,
      contactId,
      kind,
      maintenanceId,
      startDate: start,
      endDate: end,
      ...(from ? { startName: from.name, startDescription: from.description ?? null, startLat: from.latitude, startLng: from.longitude } : {}),
      ...(to ? { endName: to.name, endDescription: to.description ?? null, endLat: to.latitude, endLng: to.longitude } : {}),
      ...(plan.road ?? {}),
      vehicleId,
      driverId,
      numberOfPeople: people,
      amount,
      description: input.description !== undefined ? input.description : c.description,
      status,
      missedAt: status === 'missed' ? c.missedAt : null,
      updatedAt: now,
    })
    .where(eq(courses.id, c.id))
    .returning();
  if (clientId !== c.clientId) {
    await tx.update(clients).set({ coursesCount: sql`greatest(${clients.coursesCount} - 1, 0)` }).where(eq(clients.id, c.clientId));
    await tx.update(clients).set({ coursesCount: sql`${clients.coursesCount} + 1` }).where(eq(clients.id, clientId));
  }
  return row;
}
