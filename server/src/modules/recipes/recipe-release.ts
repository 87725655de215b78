import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/**
 * Expected recipes a vehicle no longer owes once planning days were taken from it (a maintenance,
 * planning/maintenance-impact.ts). Called after those planning entries were deleted, in the same
 * transaction.
 *
 * A driver's expected recipe of a period meeting the days he lost is deleted when, the entries
 * gone, he drives no day of that period on this vehicle any more (salary days don't count): he is
 * owed nothing for it, as the job would not have made it. Shares stay those of the whole period
 * (recipe-periods.ts): a driver who still drives some day of a weekly period keeps his recipe, as
 * one assigned to part of a period owes it all. A recipe with money collected, or counted by a
 * salary payment, is left alone: that money is in the ledger, and undoing it is the operations
 * screen's business. Deleted rows stay (deleted_at, the reason), so the job never makes them again.
 */

export const RELEASE_COMMENT = 'Véhicule en entretien';

type Exec = Pick<Db, 'execute'>;

export interface ReleasedRecipe {
  id: string;
  driverId: string;
  day: string;
}

export async function releaseExpectedRecipes(
  tx: Exec,
  parkId: string,
  vehicleId: string,
  lost: readonly { driverId: string; days: readonly string[] }[],
  opts: { by?: string | null; comment?: string } = {},
): Promise<ReleasedRecipe[]> {
  const pairs = lost.flatMap((l) => l.days.map((day) => ({ driverId: l.driverId, day })));
  if (pairs.length === 0) return [];
  const driverIds = [...new Set(pairs.map((p) => p.driverId))];
  const days = pairs.map((p) => p.day).sort();
  const { rows } = await tx.execute<{ id: string; driver_id: string; day: string; period_start: string; period_end: string }>(sql`
    select r.id, r.driver_id, r.day::text as day, r.period_start::text as period_start, r.period_end::text as period_end
      from recipes r
     where r.park_id = ${parkId} and r.vehicle_id = ${vehicleId} and r.kind = 'expected' and r.deleted_at is null
       and r.collected = 0 and r.salary_payment_id is null
       and r.driver_id = any(${sql.param(driverIds)}::uuid[])
       and r.period_start <= ${days[days.length - 1]}::date and r.period_end >= ${days[0]}::date
       -- he drives no other day of the period on this vehicle (his lost entries are already gone)
       and not exists (select 1 from planning_entries e
                        where e.vehicle_id = r.vehicle_id and e.driver_id = r.driver_id and not e.is_salary_day
                          and e.day between r.period_start and r.period_end)
     for update`);
  const lostOf = new Map<string, string[]>();
  for (const p of pairs) lostOf.set(p.driverId, [...(lostOf.get(p.driverId) ?? []), p.day]);
  // Only recipes of a period holding one of the days this driver lost.
  const released = rows.filter((r) => (lostOf.get(r.driver_id) ?? []).some((d) => d >= r.period_start && d <= r.period_end));
  if (released.length === 0) return [];
  await tx.execute(sql`
    update recipes set deleted_at = now(), deleted_by = ${opts.by ?? null}, delete_comment = ${opts.comment ?? RELEASE_COMMENT}
     where id = any(${sql.param(released.map((r) => r.id))}::uuid[]) and deleted_at is null and collected = 0`);
  return released.map((r) => ({ id: r.id, driverId: r.driver_id, day: r.day }));
}
