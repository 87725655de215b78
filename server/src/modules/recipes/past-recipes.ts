import type { Db } from '../../platform/db/database.ts';
import { addDays, periodsBetween } from './recipe-periods.ts';
import { entriesOf, expectedRecipeRows, insertExpectedRecipes, periodsWithRecipes, recipeConfigs, type DueCollection, type EntryRow, type RecipeInsert } from './recipe-job.ts';

/**
 * Back-charging on request (issue 15 section 3): the recipe job never charges a collection day
 * before the vehicle's recipe configuration or the driver's assignment existed. When the owner
 * confirms a planning over past days, he may ask for those days' recipes explicitly: these are
 * the expected recipes of the listed vehicles' collections whose period meets the confirmed
 * period and whose collection day is strictly before today, that have no expected recipe yet
 * (a deleted one counts: it is never recreated), with the shares of the job (recipe-periods.ts)
 * and the configuration as it is now. The preview announces them; the confirmation creates them
 * through the job's own insert (idempotent by the unique index), so what it creates is what was
 * announced, once.
 */

export interface PastRecipesScope {
  parkId: string;
  timeZone: string;
  vehicleIds: string[];
  /** The confirmed period. */
  start: string;
  end: string;
  /** Today in the park's time zone: only collection days before it. */
  today: string;
}

/** A planning entry as the preview holds it (not stored yet). */
export interface PlannedEntry {
  vehicleId: string;
  driverId: string;
  day: string;
  slot: 'full' | 'first' | 'second';
  isSalaryDay: boolean;
}

/** The longest period (a month) reaches this far past its first day. */
const LONGEST_PERIOD_DAYS = 31;

/**
 * The recipes a back-charging of `scope` would create. With `planned`, the listed vehicles'
 * entries over the confirmed period are those (the preview), else the stored ones (after the
 * confirmation wrote them).
 */
export async function pastRecipeRows(db: Pick<Db, 'execute'>, scope: PastRecipesScope, planned?: PlannedEntry[]): Promise<RecipeInsert[]> {
  const { parkId, timeZone, start, end, today } = scope;
  const lastDay = addDays(today, -1);
  if (scope.vehicleIds.length === 0 || start > lastDay) return [];
  const configs = await recipeConfigs(db, { parkId, vehicleIds: scope.vehicleIds });
  const due: DueCollection[] = [];
  const toDay = addDays(end, LONGEST_PERIOD_DAYS) < lastDay ? addDays(end, LONGEST_PERIOD_DAYS) : lastDay;
  // Vehicles mostly share a few schedules: each one's periods are cut once.
  const periodsOf = new Map<string, ReturnType<typeof periodsBetween>>();
  for (const c of configs) {
    const key = `${c.frequency}|${c.collect_day}|${c.monthly_day}`;
    let periods = periodsOf.get(key);
    if (!periods) {
      periods = periodsBetween({ frequency: c.frequency, collectDay: c.collect_day, monthlyDay: c.monthly_day }, start, toDay).filter((p) => p.periodStart <= end);
      periodsOf.set(key, periods);
    }
    for (const p of periods) due.push({ ...p, config: c, today });
  }
  if (due.length === 0) return [];
  const firstDay = due.reduce((m, d) => (d.day < m ? d.day : m), due[0].day);
  const lastDue = due.reduce((m, d) => (d.day > m ? d.day : m), due[0].day);
  const firstStart = due.reduce((m, d) => (d.periodStart < m ? d.periodStart : m), due[0].periodStart);
  const existing = await periodsWithRecipes(db, parkId, firstDay, lastDue);
  const open = due.filter((d) => !existing.has(`${d.config.vehicle_id}|${d.periodStart}`));
  if (open.length === 0) return [];

  let entries = await entriesOf(db, parkId, timeZone, [...new Set(open.map((d) => d.config.vehicle_id))], firstStart, lastDue);
  if (planned) {
    const listed = new Set(scope.vehicleIds);
    entries = entries.filter((e) => !(listed.has(e.vehicle_id) && e.day >= start && e.day <= end));
    entries.push(
      ...planned.map((e): EntryRow => ({ vehicle_id: e.vehicleId, driver_id: e.driverId, day: e.day, slot: e.slot, is_salary_day: e.isSalaryDay, assigned_day: today })),
    );
  }
  const byVehicle = new Map<string, EntryRow[]>();
  for (const e of entries) {
    const list = byVehicle.get(e.vehicle_id);
    if (list) list.push(e);
    else byVehicle.set(e.vehicle_id, [e]);
  }
  return open.flatMap((d) => expectedRecipeRows(parkId, d, byVehicle.get(d.config.vehicle_id) ?? []));
}

/** Count and total (minor units) of recipes to create. */
export function summarize(rows: { objective?: number | null }[]): { count: number; total: number } {
  return { count: rows.length, total: rows.reduce((a, r) => a + Number(r.objective ?? 0), 0) };
}

/** Creates the back-charged recipes of `scope` (in the caller's transaction); answers what was created. */
export async function createPastRecipes(db: Pick<Db, 'execute' | 'insert'>, scope: PastRecipesScope): Promise<{ count: number; total: number }> {
  const rows = await pastRecipeRows(db, scope);
  return summarize(await insertExpectedRecipes(db, rows));
}
