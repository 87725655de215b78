import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { COURSE_MESSAGES as M, type TCourseDetail, type ZCourseCreate } from '@flotte/contract/courses';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { fieldError } from '../../platform/errors.ts';
import { clients } from '../clients/clients.tables.ts';
import { assertCourseResourcesFree } from './course-availability.ts';
import { assertParkClient, assertParkDriver, assertParkMaintenance, assertSeats, courseAmountMinor, lockParkCourses, parkVehicleSeats, roadBetween } from './course-parties.ts';
import type { CoursesDeps } from './courses.deps.ts';
import { getCourseDetail } from './courses.queries.ts';
import { courses } from './courses.tables.ts';

/**
 * POST /course. The body's amount in minor units (400 on the field), then the parties in the
 * park (404): client and contact, the maintenance a kind-2 course serves, vehicle and driver, the
 * vehicle's seats (400); the road between the addresses (outside the transaction: the routing
 * service may take seconds); then, in one transaction behind the park's courses lock, vehicle and
 * driver free over the span (409 naming what holds them), the next number, the course, and the
 * client's course count.
 */

export type CourseCreateInput = z.output<typeof ZCourseCreate>;

export async function createCourse(deps: CoursesDeps, acting: ActingProfile, input: CourseCreateInput): Promise<TCourseDetail> {
  const parkId = acting.parkId;
  const { timeZone: tz, currency } = acting.park;
  // The contract's address refinement lets an absent key through (zod 4 skips optional keys): checked here, in the form's order.
  const from = input.start_address;
  if (!from) throw fieldError('start_address', M.startAddress);
  const to = input.end_address;
  if (!to) throw fieldError('end_address', M.endAddress);
  const amount = courseAmountMinor(input.amount, currency);
  const start = fromWireDate(input.start_date, tz, 'start_date');
  const end = fromWireDate(input.end_date, tz, 'end_date');
  await assertParkClient(deps.db, parkId, input.client_id, input.contact_id);
  const kind = input.kind ?? 1;
  const maintenanceId = kind === 2 ? await assertParkMaintenance(deps.db, parkId, input.maintenance_id) : null;
  if (input.vehicle_id) assertSeats(input.number_of_people, (await parkVehicleSeats(deps.db, parkId, input.vehicle_id)).seats);
  if (input.driver_id) await assertParkDriver(deps.db, parkId, input.driver_id);
  const road = await roadBetween(deps, { latitude: from.latitude, longitude: from.longitude }, { latitude: to.latitude, longitude: to.longitude });

  const id = await deps.db.transaction(async (tx) => {
    await lockParkCourses(tx, parkId);
    await assertCourseResourcesFree(tx, parkId, { vehicleId: input.vehicle_id, driverId: input.driver_id, start, end, timeZone: tz });
    const [{ next }] = await tx.select({ next: sql<number>`coalesce(max(${courses.number}), 0)::int + 1` }).from(courses).where(eq(courses.parkId, parkId));
    const [row] = await tx
      .insert(courses)
      .values({
        parkId,
        number: next,
        kind,
        maintenanceId,
        clientId: input.client_id,
        contactId: input.contact_id ?? null,
        status: 'awaiting',
        startDate: start,
        endDate: end,
        startName: from.name,
        startDescription: from.description ?? null,
        startLat: from.latitude,
        startLng: from.longitude,
        endName: to.name,
        endDescription: to.description ?? null,
        endLat: to.latitude,
        endLng: to.longitude,
        ...road,
        vehicleId: input.vehicle_id ?? null,
        driverId: input.driver_id ?? null,
        numberOfPeople: input.number_of_people,
        amount,
        description: input.description ?? null,
        createdBy: acting.id,
      })
      .returning({ id: courses.id });
    await tx.update(clients).set({ coursesCount: sql`${clients.coursesCount} + 1` }).where(eq(clients.id, input.client_id));
    return row.id;
  });
  return getCourseDetail(deps.db, acting, id);
}
