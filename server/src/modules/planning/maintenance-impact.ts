import { and, asc, eq, gt, gte, lt, lte, sql } from 'drizzle-orm';
import type { TMaintenanceLostDays } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { toWireDate } from '../../platform/dates.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { releaseExpectedRecipes } from '../recipes/recipe-release.ts';
import { addDays } from './planning-engine.ts';
import { planningEntries } from './planning.tables.ts';

/**
 * What a maintenance takes from the planning (issue 18 section 1): the confirmed entries of the
 * vehicle whose time range [starts_at, ends_at) meets the maintenance's [start, end). Scheduling
 * says first who loses which days (planningLostDays), then, confirmed, removes those entries and
 * the expected recipes of those days nothing was collected on (releasePlanningDays), in the
 * scheduling's transaction. Days are yyyy-MM-dd in the park's time zone, sorted, per driver.
 */

type Reader = Pick<Db, 'select'>;

interface LostEntry {
  id: string;
  driverId: string;
  day: string;
  firstName: string;
  lastName: string;
}

async function overlappingEntries(db: Reader, parkId: string, timeZone: string, vehicleId: string, startAt: Date, endAt: Date): Promise<LostEntry[]> {
  if (endAt.getTime() <= startAt.getTime()) return [];
  // The service days that can meet the range (a night service starts the day before): keeps the
  // read on the (vehicle, day, slot) index.
  const fromDay = addDays(toWireDate(startAt, timeZone).slice(0, 10), -1);
  const toDay = toWireDate(endAt, timeZone).slice(0, 10);
  return db
    .select({ id: planningEntries.id, driverId: planningEntries.driverId, day: planningEntries.day, firstName: drivers.firstName, lastName: drivers.lastName })
    .from(planningEntries)
    .innerJoin(drivers, eq(drivers.id, planningEntries.driverId))
    .where(
      and(
        eq(planningEntries.parkId, parkId),
        eq(planningEntries.vehicleId, vehicleId),
        gte(planningEntries.day, fromDay),
        lte(planningEntries.day, toDay),
        lt(planningEntries.startsAt, endAt),
        gt(planningEntries.endsAt, startAt),
      ),
    )
    .orderBy(asc(drivers.lastName), asc(drivers.firstName), asc(planningEntries.day));
}

/** Per driver (by name), the days sorted and once each (two slots of one day are one day). */
function byDriver(entries: LostEntry[]): TMaintenanceLostDays[] {
  const out = new Map<string, TMaintenanceLostDays>();
  for (const e of entries) {
    let d = out.get(e.driverId);
    if (!d) out.set(e.driverId, (d = { driver_id: e.driverId, driver_name: `${e.firstName} ${e.lastName}`.trim(), days: [] }));
    if (!d.days.includes(e.day)) d.days.push(e.day);
  }
  for (const d of out.values()) d.days.sort();
  return [...out.values()];
}

/** Who would lose which days if the vehicle went to maintenance over [startAt, endAt): nothing is written. */
export async function planningLostDays(db: Reader, parkId: string, timeZone: string, vehicleId: string, startAt: Date, endAt: Date): Promise<TMaintenanceLostDays[]> {
  return byDriver(await overlappingEntries(db, parkId, timeZone, vehicleId, startAt, endAt));
}

/**
 * Takes the vehicle's planning over [startAt, endAt) away, in the caller's transaction: deletes the
 * entries meeting it and the expected recipes they made that nothing was collected on
 * (recipes/recipe-release.ts), and answers who lost which days. Behind the park's planning lock,
 * so a confirmation running at the same time can't put the entries back half-way.
 */
export async function releasePlanningDays(
  tx: Pick<Db, 'select' | 'delete' | 'execute'>,
  parkId: string,
  timeZone: string,
  vehicleId: string,
  startAt: Date,
  endAt: Date,
  opts: { by?: string | null } = {},
): Promise<TMaintenanceLostDays[]> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planning:${parkId}`}))`);
  const entries = await overlappingEntries(tx, parkId, timeZone, vehicleId, startAt, endAt);
  if (entries.length === 0) return [];
  await tx.delete(planningEntries).where(and(eq(planningEntries.parkId, parkId), sql`${planningEntries.id} = any(${sql.param(entries.map((e) => e.id))}::uuid[])`));
  const lost = byDriver(entries);
  await releaseExpectedRecipes(tx, parkId, vehicleId, lost.map((l) => ({ driverId: l.driver_id, days: l.days })), { by: opts.by });
  return lost;
}
