import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TGpsActionLogEntry, TGpsActionLogPage } from '@flotte/contract/penalty-triggers';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { pageWindow } from '../../platform/pagination.ts';
import { profiles, users } from '../access/access.tables.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { gpsActionLog } from './gps.tables.ts';
import { personName } from './trigger-episodes.ts';
import { fromMinor } from '../../platform/money.ts';

/**
 * The log of every action sent (or deferred) to a vehicle or a driver (GET /penalty-triggers/actions):
 * what, why (a trigger, auto-cancel, or someone by hand: named), to whom, and the provider's answer.
 */

const columns = {
  a: gpsActionLog,
  driverFirst: drivers.firstName,
  driverLast: drivers.lastName,
  vehicleLabel: vehicles.label,
  registration: vehicles.registrationNumber,
  byFirst: users.firstName,
  byLast: users.lastName,
};

type Joined = {
  a: typeof gpsActionLog.$inferSelect;
  driverFirst: string | null;
  driverLast: string | null;
  vehicleLabel: string | null;
  registration: string | null;
  byFirst: string | null;
  byLast: string | null;
};

function view(r: Joined, park: ActingProfile['park']): TGpsActionLogEntry {
  const a = r.a;
  return {
    id: a.id,
    at: toWireDate(a.at, park.timeZone),
    kind: a.kind,
    cause: a.cause,
    caused_by: a.causedBy && (r.byFirst || r.byLast) ? personName(r.byFirst, r.byLast) : null,
    trigger_title: a.triggerTitle,
    driver: a.driverId ? { id: a.driverId, name: personName(r.driverFirst, r.driverLast) } : null,
    vehicle: a.vehicleId ? { id: a.vehicleId, label: r.vehicleLabel, registration_number: r.registration } : null,
    debt: a.debt == null ? null : fromMinor(a.debt, park.currency),
    objective: a.objective == null ? null : fromMinor(a.objective, park.currency),
    currency: park.currency,
    outcome: a.outcome,
    answer: a.answer,
  };
}

/** GET /penalty-triggers/actions: a page, newest first, of one vehicle's or one driver's actions, or all. */
/** How far past the page the log is counted exactly. */
export const COUNT_AHEAD = 10_000;

export async function listActions(
  db: Db,
  acting: ActingProfile,
  q: { page: number; itemPerPage: number; vehicle_id?: string; driver_id?: string },
): Promise<TGpsActionLogPage> {
  const where: SQL[] = [eq(gpsActionLog.parkId, acting.parkId)];
  if (q.vehicle_id) where.push(eq(gpsActionLog.vehicleId, q.vehicle_id));
  if (q.driver_id) where.push(eq(gpsActionLog.driverId, q.driver_id));
  const { limit, offset } = pageWindow(q);
  // Counted only this far past the page: a park's log grows for years (100,000 rows cost some
  // 8 ms to count on every page; this cap about 1 ms), and the log is read from its newest end.
  const cap = offset + limit + COUNT_AHEAD;
  const [rows, counted] = await Promise.all([
    db
      .select(columns)
      .from(gpsActionLog)
      .leftJoin(drivers, eq(drivers.id, gpsActionLog.driverId))
      .leftJoin(vehicles, eq(vehicles.id, gpsActionLog.vehicleId))
      .leftJoin(profiles, eq(profiles.id, gpsActionLog.causedBy))
      .leftJoin(users, eq(users.id, profiles.userId))
      .where(and(...where))
      .orderBy(desc(gpsActionLog.at), desc(gpsActionLog.id))
      .limit(limit)
      .offset(offset),
    db.execute<{ n: number }>(sql`select count(*)::int as n from (select 1 from ${gpsActionLog} where ${and(...where)} limit ${cap + 1}) t`),
  ]);
  const n = Number(counted.rows[0]?.n ?? 0);
  return { items: rows.map((r) => view(r, acting.park)), meta: { page: q.page, itemPerPage: q.itemPerPage, total: Math.min(n, cap), total_is_lower_bound: n > cap } };
}
