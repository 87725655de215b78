import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { maintenanceWindows } from '../maintenance/maintenance-windows.ts';
import { recipes } from './recipes.tables.ts';
import { addDays, periodsBetween, shareOfDrivers, type CollectionPeriod, type DrivenEntry, type RecipeFrequency } from './recipe-periods.ts';

/**
 * The recipe job (issue 6 section 2): every 5 minutes, for each vehicle whose recipe
 * configuration has a collection due (its collect time passed in the park's time zone, see
 * recipe-periods.ts for the periods), the expected recipe of each driver who drove in that period
 * per the confirmed planning (planning_entries), with his share of the configured amount:
 * - recipe_objective: the configured amount (per period), shared by driven time;
 * - without_recipe_objective: objective 0, set when the money is collected;
 * - yango_recipe: left to the Yango recipe job (yango-recipes.ts): each driver owes his own Yango
 *   revenue of the period, not a share.
 *
 * Idempotent: a period of a vehicle that already has an expected recipe (paid, changed to another
 * driver, or deleted: deleted rows stay) is left alone, and the insert itself is `on conflict do
 * nothing` on the unique (vehicle, driver, period_start) of expected recipes, so two runs at once,
 * on two servers, still make one recipe each. Missed collections are caught up to 7 days back
 * (a server that was down), but never the past by surprise (issue 15 section 3, README.md): a
 * collection day is charged only if the recipe configuration (`recipes_since`) existed on that
 * day, and only to a driver whose assignment (his planning entry's `created_at`) existed on that
 * day. Earlier days are created only when the owner asks, on confirming a planning
 * (past-recipes.ts). A due period without planning creates nothing and is counted.
 */

export const CATCH_UP_DAYS = 7;

export interface RecipeJobResult {
  /** Vehicles whose recipe configuration the job looked at. */
  vehicles: number;
  /** Collections due in the catch-up window that had no recipe yet. */
  due: number;
  created: number;
  /** Due collections whose period has no planning entry (or salary days only). */
  without_planning: number;
  /** Vehicles whose collection of today is due but which have no planning for it. */
  vehicles_without_planning_today: number;
  /**
   * Due collections with planning left to the owner: their drivers were assigned after the
   * collection day (a planning confirmed later for past days).
   */
  assigned_later: number;
}

export interface ConfigRow extends Record<string, unknown> {
  vehicle_id: string;
  park_id: string;
  time_zone: string;
  collection_type: 'recipe_objective' | 'without_recipe_objective' | 'yango_recipe';
  amount: string | number | null;
  salary_amount: string | number | null;
  frequency: RecipeFrequency;
  monthly_day: number | null;
  collect_day: number | null;
  collect_time: string;
  /** The park day from which the configuration makes recipes (its `recipes_since`). */
  since_day: string;
}

export interface DueCollection extends CollectionPeriod {
  config: ConfigRow;
  today: string;
}

/** The collections of a configuration due at `now`, in the catch-up window. */
export function dueCollections(c: ConfigRow, now: Date): DueCollection[] {
  const today = toWireDate(now, c.time_zone).slice(0, 10);
  const time = /^\d{2}:\d{2}$/.test(c.collect_time) ? c.collect_time : '20:30';
  const schedule = { frequency: c.frequency, collectDay: c.collect_day, monthlyDay: c.monthly_day };
  return periodsBetween(schedule, addDays(today, -CATCH_UP_DAYS), today)
    .filter((p) => p.day >= c.since_day && fromWireDate(`${p.day}T${time}:00`, c.time_zone).getTime() <= now.getTime())
    .map((p) => ({ ...p, config: c, today }));
}

const key = (vehicleId: string, periodStart: string) => `${vehicleId}|${periodStart}`;

/** Periods of the park's vehicles that already have an expected recipe, deleted ones included. */
export async function periodsWithRecipes(db: Pick<Db, 'execute'>, parkId: string, fromDay: string, toDay: string): Promise<Set<string>> {
  // Two index ranges: live recipes by day (recipes_park_day_idx), deleted ones by deletion time
  // (recipes_deleted_idx; a recipe is deleted after its day began, a day of slack for time zones).
  const { rows } = await db.execute<{ vehicle_id: string; period_start: string }>(sql`
    select vehicle_id, period_start::text from recipes
     where park_id = ${parkId} and deleted_at is null and day between ${fromDay}::date and ${toDay}::date and kind = 'expected'
    union
    select vehicle_id, period_start::text from recipes
     where park_id = ${parkId} and deleted_at is not null and deleted_at >= ${fromDay}::date - 1 and kind = 'expected'
       and day between ${fromDay}::date and ${toDay}::date`);
  return new Set(rows.map((r) => key(r.vehicle_id, r.period_start)));
}

export interface EntryRow extends Record<string, unknown> {
  vehicle_id: string;
  driver_id: string;
  day: string;
  slot: 'full' | 'first' | 'second';
  is_salary_day: boolean;
  /** The park day the driver was assigned this slot (the entry's created_at). */
  assigned_day: string;
  /** The slot's instants (epoch ms), read by the maintenance guard; absent on a preview's entries. */
  starts_ms?: number;
  ends_ms?: number;
}

export async function entriesOf(db: Pick<Db, 'execute'>, parkId: string, timeZone: string, vehicleIds: string[], fromDay: string, toDay: string): Promise<EntryRow[]> {
  const { rows } = await db.execute<EntryRow>(sql`
    select vehicle_id, driver_id, day::text as day, slot, is_salary_day, (created_at at time zone ${timeZone})::date::text as assigned_day,
           (extract(epoch from starts_at) * 1000)::float8 as starts_ms, (extract(epoch from ends_at) * 1000)::float8 as ends_ms
      from planning_entries
     where park_id = ${parkId} and day between ${fromDay}::date and ${toDay}::date and vehicle_id = any(${sql.param(vehicleIds)}::uuid[])`);
  return rows;
}

/**
 * The entries left once those meeting a maintenance of their vehicle are put aside: nothing is
 * expected of a vehicle in the garage (issue 18). Scheduling a maintenance removes those entries
 * and the confirmation refuses them (planning/maintenance-impact.ts), so this only guards: a
 * period all under maintenance charges nothing, and a day in the garage doesn't count in the shares.
 */
export async function withoutMaintenance(db: Pick<Db, 'select' | 'selectDistinct'>, parkId: string, timeZone: string, entries: EntryRow[], fromDay: string, toDay: string): Promise<EntryRow[]> {
  if (entries.length === 0) return entries;
  const windows = await maintenanceWindows(db, parkId, {
    from: fromWireDate(`${addDays(fromDay, -1)}T00:00:00`, timeZone),
    to: fromWireDate(`${addDays(toDay, 2)}T00:00:00`, timeZone),
    vehicleIds: [...new Set(entries.map((e) => e.vehicle_id))],
  });
  if (windows.length === 0) return entries;
  return entries.filter((e) => {
    if (e.starts_ms == null || e.ends_ms == null) return true;
    const [from, to] = [Number(e.starts_ms), Number(e.ends_ms)];
    return !windows.some((w) => w.vehicleId === e.vehicle_id && w.startAt.getTime() < to && w.endAt.getTime() > from);
  });
}

export type RecipeInsert = typeof recipes.$inferInsert;

/**
 * The expected recipes of one due period of a vehicle, from the planning entries of that vehicle
 * (any days: those of the period are picked): each driver who drove outside salary days, with his
 * share (recipe-periods.ts). With `assignedBy`, only the drivers assigned (an entry of the period
 * created) on or before that day get theirs; the shares stay those of the whole period.
 */
export function expectedRecipeRows(parkId: string, d: DueCollection, entries: EntryRow[], assignedBy?: string): RecipeInsert[] {
  const c = d.config;
  const inPeriod = entries.filter((e) => e.vehicle_id === c.vehicle_id && e.day >= d.periodStart && e.day <= d.periodEnd);
  const driven: DrivenEntry[] = inPeriod.map((e) => ({ driverId: e.driver_id, slot: e.slot, isSalaryDay: e.is_salary_day }));
  const objective = c.collection_type === 'recipe_objective' ? Number(c.amount ?? 0) : 0;
  const shares = shareOfDrivers(driven, { objective, salary: Number(c.salary_amount ?? 0) });
  const rows: RecipeInsert[] = [];
  for (const [driverId, share] of shares) {
    if (assignedBy && !inPeriod.some((e) => e.driver_id === driverId && !e.is_salary_day && e.assigned_day <= assignedBy)) continue;
    rows.push({
      parkId,
      kind: 'expected',
      driverId,
      vehicleId: c.vehicle_id,
      day: d.day,
      periodStart: d.periodStart,
      periodEnd: d.periodEnd,
      frequency: c.frequency,
      collectionType: c.collection_type,
      objective: share.objective,
      salaryAmount: share.salary,
    });
  }
  return rows;
}

/**
 * Inserts expected recipes, `on conflict do nothing` on the unique (vehicle, driver, period_start)
 * of expected recipes: what another run (or a confirmation) already created is left alone.
 * Answers the rows created. The only writer of expected recipes (the job and the confirmation's
 * back-charging alike); the recipe totals follow by their triggers.
 */
export async function insertExpectedRecipes(db: Pick<Db, 'insert'>, rows: RecipeInsert[]): Promise<{ id: string; objective: number }[]> {
  const out: { id: string; objective: number }[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const created = await db
      .insert(recipes)
      .values(rows.slice(i, i + 500))
      .onConflictDoNothing({ target: [recipes.vehicleId, recipes.driverId, recipes.periodStart], where: sql`kind = 'expected'` })
      .returning({ id: recipes.id, objective: recipes.objective });
    out.push(...created);
  }
  return out;
}

/** Creates the due expected recipes of one park; answers what it did. */
async function runForPark(db: Db, parkId: string, due: DueCollection[], result: RecipeJobResult): Promise<void> {
  const fromDay = due.reduce((m, d) => (d.day < m ? d.day : m), due[0].day);
  const toDay = due.reduce((m, d) => (d.day > m ? d.day : m), due[0].day);
  const existing = await periodsWithRecipes(db, parkId, fromDay, toDay);
  const open = due.filter((d) => !existing.has(key(d.config.vehicle_id, d.periodStart)));
  if (open.length === 0) return;
  result.due += open.length;

  const firstStart = open.reduce((m, d) => (d.periodStart < m ? d.periodStart : m), open[0].periodStart);
  const timeZone = open[0].config.time_zone;
  const vehicleIds = [...new Set(open.map((d) => d.config.vehicle_id))];
  const entries = await withoutMaintenance(db, parkId, timeZone, await entriesOf(db, parkId, timeZone, vehicleIds, firstStart, toDay), firstStart, toDay);
  const byVehicle = new Map<string, EntryRow[]>();
  for (const e of entries) byVehicle.set(e.vehicle_id, [...(byVehicle.get(e.vehicle_id) ?? []), e]);

  const rows: RecipeInsert[] = [];
  for (const d of open) {
    const all = expectedRecipeRows(parkId, d, byVehicle.get(d.config.vehicle_id) ?? []);
    if (all.length === 0) {
      result.without_planning += 1;
      if (d.day === d.today) result.vehicles_without_planning_today += 1;
      continue;
    }
    // Only drivers assigned by the collection day: a planning confirmed today for past days
    // charges them only if the owner asked (past-recipes.ts).
    const assigned = expectedRecipeRows(parkId, d, byVehicle.get(d.config.vehicle_id) ?? [], d.day);
    if (assigned.length === 0) result.assigned_later += 1;
    rows.push(...assigned);
  }
  result.created += (await insertExpectedRecipes(db, rows)).length;
}

/** The recipe configurations that make recipes (not Yango's unless asked: yango-recipes.ts), of a park or of some vehicles. */
export async function recipeConfigs(db: Pick<Db, 'execute'>, opts: { parkId?: string; vehicleIds?: string[]; collectionTypes?: ConfigRow['collection_type'][] } = {}): Promise<ConfigRow[]> {
  const types = opts.collectionTypes ?? ['recipe_objective', 'without_recipe_objective'];
  const { rows } = await db.execute<ConfigRow>(sql`
    select c.vehicle_id, c.park_id, p.time_zone, c.collection_type, c.amount, c.salary_amount, c.frequency,
           c.monthly_day, c.collect_day, c.collect_time, (c.recipes_since at time zone p.time_zone)::date::text as since_day
      from vehicle_recipe_configs c
      join parks p on p.id = c.park_id
     where c.collection_type = any(${sql.param(types)}::text[])
       ${opts.parkId ? sql`and c.park_id = ${opts.parkId}` : sql``}
       ${opts.vehicleIds ? sql`and c.vehicle_id = any(${sql.param(opts.vehicleIds)}::uuid[])` : sql``}`);
  return rows;
}

/**
 * Creates every expected recipe due at `now` (see the header). Safe to run at any time, as often
 * as wanted, on any number of servers at once.
 */
export async function runRecipeJob(db: Db, now: Date = new Date(), opts: { parkId?: string } = {}): Promise<RecipeJobResult> {
  const configs = await recipeConfigs(db, { parkId: opts.parkId });
  const result: RecipeJobResult = { vehicles: configs.length, due: 0, created: 0, without_planning: 0, vehicles_without_planning_today: 0, assigned_later: 0 };
  const byPark = new Map<string, DueCollection[]>();
  for (const c of configs) {
    const due = dueCollections(c, now);
    if (due.length) byPark.set(c.park_id, [...(byPark.get(c.park_id) ?? []), ...due]);
  }
  for (const [parkId, due] of byPark) await runForPark(db, parkId, due, result);
  return result;
}

/**
 * The vehicles with a recipe configuration but no planning entry on `day` (the dashboard says
 * so: their recipe of that day will not be created).
 */
export async function vehiclesWithoutPlanningOn(db: Db, parkId: string, day: string): Promise<string[]> {
  const { rows } = await db.execute<{ vehicle_id: string }>(sql`
    select c.vehicle_id from vehicle_recipe_configs c
     where c.park_id = ${parkId} and c.collection_type in ('recipe_objective', 'without_recipe_objective')
       and not exists (select 1 from planning_entries e where e.vehicle_id = c.vehicle_id and e.day = ${day}::date)`);
  return rows.map((r) => r.vehicle_id);
}

/** pg-boss runs it every 5 minutes on one instance at a time (and it is safe if two ever overlap). */
export function recipeJob(db: Db): ScheduledJob {
  return { name: 'recipes-expected', cron: '*/5 * * * *', pollSeconds: 30, run: () => runRecipeJob(db) };
}
