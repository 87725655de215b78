import { and, eq, sql } from 'drizzle-orm';
import type { Permission } from '@flotte/contract';
import type { TestContext } from '../../../test/test-context.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { clients } from '../clients/clients.tables.ts';
import { finishCourse, type CourseFinishInput } from './course-finish.ts';
import { courses } from './courses.tables.ts';

/**
 * Test data of the courses' money: clients and running courses written straight into their tables
 * (booking and starting them is the courses core's business, tested there), and the finish as the
 * core's PUT does it (lock the row, check it runs, finishCourse), so the money tests need no route
 * but their own.
 */

export async function insertClient(ctx: TestContext, parkId: string, v: { name?: string; businessName?: string | null; niu?: string | null; rccm?: string | null; email?: string | null } = {}): Promise<string> {
  const [row] = await ctx.database.db
    .insert(clients)
    .values({
      parkId,
      name: v.name ?? 'Société Alpha',
      sex: 'Monsieur',
      phone: '+237690000001',
      email: v.email ?? 'contact@alpha.cm',
      niu: v.niu ?? null,
      rccm: v.rccm ?? null,
      businessName: v.businessName ?? null,
    })
    .returning({ id: clients.id });
  return row.id;
}

export interface CourseSeed {
  parkId: string;
  clientId: string;
  /** Minor units. */
  amount: number;
  vehicleId?: string | null;
  driverId?: string | null;
  status?: 'awaiting' | 'inProgres' | 'finished';
  start?: { name: string; description?: string | null; lat: number; lng: number };
  end?: { name: string; description?: string | null; lat: number; lng: number };
  distanceM?: number | null;
  durationS?: number | null;
  distanceSource?: 'road' | 'great_circle' | null;
  numberOfPeople?: number;
  description?: string | null;
}

/** A course of the park, running by default (started an hour ago, ending in an hour). */
export async function insertCourse(ctx: TestContext, s: CourseSeed): Promise<{ id: string; number: number }> {
  const db = ctx.database.db;
  const { rows } = await db.execute<{ n: number }>(sql`select coalesce(max(number), 0)::int + 1 as n from courses where park_id = ${s.parkId}`);
  const number = rows[0].n;
  const now = Date.now();
  const start = s.start ?? { name: 'Aéroport de Douala', description: 'Terminal national', lat: 4.0061, lng: 9.7195 };
  const end = s.end ?? { name: 'Hôtel Akwa Palace', description: 'Boulevard de la Liberté', lat: 4.0511, lng: 9.7679 };
  const [row] = await db
    .insert(courses)
    .values({
      parkId: s.parkId,
      number,
      clientId: s.clientId,
      status: s.status ?? 'inProgres',
      startDate: new Date(now - 3600_000),
      endDate: new Date(now + 3600_000),
      startName: start.name,
      startDescription: start.description ?? null,
      startLat: start.lat,
      startLng: start.lng,
      endName: end.name,
      endDescription: end.description ?? null,
      endLat: end.lat,
      endLng: end.lng,
      distanceM: s.distanceM === undefined ? 9_800 : s.distanceM,
      durationS: s.durationS === undefined ? 1_500 : s.durationS,
      distanceSource: s.distanceSource === undefined ? 'road' : s.distanceSource,
      vehicleId: s.vehicleId ?? null,
      driverId: s.driverId ?? null,
      numberOfPeople: s.numberOfPeople ?? 1,
      amount: s.amount,
      description: s.description ?? null,
      startedAt: new Date(now - 3600_000),
    })
    .returning({ id: courses.id });
  return { id: row.id, number };
}

/** The acting profile of a signed-in person as the guard builds it (the owner holds every permission). */
export async function actingOf(ctx: TestContext, parkId: string, profileId: string, v: { isOwner?: boolean; permissions?: Permission[] } = {}): Promise<ActingProfile> {
  const [park] = await ctx.database.db.select({ timeZone: parks.timeZone, currency: parks.currency }).from(parks).where(eq(parks.id, parkId));
  const isOwner = v.isOwner ?? true;
  return { id: profileId, parkId, type: isOwner ? 'proprietaire' : 'agent', role: isOwner ? 'OWNER' : 'AGENT', isOwner, permissions: new Set(v.permissions ?? []), park };
}

/** What the core's PUT /course/{id} {status: 'finished'} does: lock the row, check it runs, finish. */
export async function finishDirect(ctx: TestContext, acting: ActingProfile, courseId: string, input: CourseFinishInput = {}): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [course] = await tx.select().from(courses).where(and(eq(courses.parkId, acting.parkId), eq(courses.id, courseId))).for('update');
    if (!course) throw new AppError('COURSE_NOT_FOUND');
    if (course.status !== 'inProgres') throw new AppError('COURSE_NOT_RUNNING');
    await finishCourse(tx, acting, course, input);
  });
}

export async function courseRow(ctx: TestContext, id: string) {
  const [row] = await ctx.database.db.select().from(courses).where(eq(courses.id, id));
  return row;
}

/** What the client owes per the ledger (his client_receivable account), minor units. */
export async function receivableOf(ctx: TestContext, parkId: string, clientId: string): Promise<number> {
  const { rows } = await ctx.database.db.execute<{ b: string | null }>(sql`
    select coalesce(sum(e.amount), 0) as b from ledger_entries e
      join ledger_accounts a on a.id = e.account_id
     where a.park_id = ${parkId} and a.kind = 'client_receivable' and a.owner_id = ${clientId}`);
  return Number(rows[0]?.b ?? 0);
}
