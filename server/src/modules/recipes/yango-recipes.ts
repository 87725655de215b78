import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { yangoRevenueOf } from '../yango/yango-revenue.ts';
import { syncYangoDriver } from '../yango/yango-sync.ts';
import type { YangoDeps } from '../yango/yango.deps.ts';
import { CATCH_UP_DAYS, dueCollections, entriesOf, expectedRecipeRows, recipeConfigs, withoutMaintenance, type DueCollection, type EntryRow, type RecipeInsert } from './recipe-job.ts';
import { addDays } from './recipe-periods.ts';
import { recipes } from './recipes.tables.ts';

/**
 * The Yango recipe job (issue 21 section 4): expected recipes of collection type 'yango_recipe',
 * whose objective is the driver's own Yango revenue (yango/yango-revenue.ts: the revenue
 * categories of our copy of his transactions), never a share of an amount. Two sources:
 *
 * - a driver whose Yango link has use_yango_recipe: every day at the link's collect_time (park
 *   time zone) he owes his revenue of the previous park day D, [D 00:00, D+1 00:00). The recipe's
 *   day is the collection day (D+1, so it is among the day's expected recipes), its period D alone;
 *   only days D on or after the link's recipes_since are charged (never the past by surprise).
 *   His vehicle: the one he was planned on on D, else his principal vehicle, else none.
 * - a vehicle whose recipe configuration is 'yango_recipe': at its collect time and frequency
 *   (recipe-periods.ts), each driver who drove it in the period per the confirmed planning, found
 *   as the recipe job finds them (maintenance put aside, assigned by the collection day), owes his
 *   own revenue from the previous collection to this one, [(period start - 1) at collect time,
 *   collection day at collect time): gap-free from one collection to the next, and complete when
 *   made (a window ending at midnight would still be running at a 20:30 collection). His salary
 *   share is the configuration's salary amount shared as the recipe job shares it. A driver
 *   without a Yango link is skipped and counted.
 *
 * Before reading the revenue, the driver's copy is brought up to the window's end by
 * syncYangoDriver (skipped when it already is); if Yango does not answer, nothing is made for him
 * now, and the next run (every 5 minutes, 7 days of catch-up) tries again. No revenue (0 or
 * below) owes nothing: no recipe, counted. Revenue in a currency other than the park's is never
 * converted: skipped, logged and counted.
 *
 * Idempotent: candidates that already have an expected recipe (deleted ones too) are left out
 * before any call to Yango, and the insert is `on conflict do nothing` (recipes_yango_key: one
 * Yango recipe per driver and period start, whichever source made it; and the vehicle's key), so
 * retries and two servers at once make one recipe each.
 */

export interface YangoRecipeJobResult {
  /** Links with use_yango_recipe, and vehicle configurations on yango_recipe, looked at. */
  links: number;
  vehicles: number;
  /** Collections due in the catch-up window that had no recipe yet (one per driver and period). */
  due: number;
  created: number;
  /** Yango did not answer the sync: retried next run. */
  sync_failed: number;
  /** No revenue over the window: nothing owed. */
  zero_revenue: number;
  /** Revenue in another currency than the park's: never converted. */
  other_currency: number;
  /** Drivers of a yango_recipe vehicle without a Yango link. */
  not_linked: number;
  /** Vehicle collections without planning, or whose drivers were all assigned after the collection day. */
  without_planning: number;
  assigned_later: number;
}

interface Candidate {
  parkId: string;
  timeZone: string;
  currency: string;
  driverId: string;
  /** Undefined: the driver's vehicle of the period day, found when the recipe is made. */
  vehicleId: string | null | undefined;
  day: string;
  periodStart: string;
  periodEnd: string;
  frequency: RecipeInsert['frequency'];
  salary: number;
  from: Date;
  to: Date;
}

interface LinkRow extends Record<string, unknown> {
  driver_id: string;
  park_id: string;
  time_zone: string;
  currency: string;
  collect_time: string;
  since_day: string;
}

/** The driver-level collections due at `now`: each period day D whose collection (D+1 at collect time) passed, in the catch-up window. */
function linkCandidates(l: LinkRow, now: Date): Candidate[] {
  const today = toWireDate(now, l.time_zone).slice(0, 10);
  const time = /^\d{2}:\d{2}$/.test(l.collect_time) ? l.collect_time : '09:00';
  const out: Candidate[] = [];
  for (let day = addDays(today, -CATCH_UP_DAYS); day <= today; day = addDays(day, 1)) {
    const periodDay = addDays(day, -1);
    if (periodDay < l.since_day) continue;
    if (fromWireDate(`${day}T${time}:00`, l.time_zone).getTime() > now.getTime()) continue;
    out.push({
      parkId: l.park_id,
      timeZone: l.time_zone,
      currency: l.currency,
      driverId: l.driver_id,
      vehicleId: undefined,
      day,
      periodStart: periodDay,
      periodEnd: periodDay,
      frequency: 'daily',
      salary: 0,
      from: fromWireDate(`${periodDay}T00:00:00`, l.time_zone),
      to: fromWireDate(`${day}T00:00:00`, l.time_zone),
    });
  }
  return out;
}

async function linksUsingYangoRecipe(db: Db, parkId?: string): Promise<LinkRow[]> {
  const { rows } = await db.execute<LinkRow>(sql`
    select l.driver_id, l.park_id, p.time_zone, p.currency, l.collect_time, l.recipes_since::text as since_day
      from yango_driver_links l
      join parks p on p.id = l.park_id
     where l.use_yango_recipe and exists (select 1 from yango_connections c where c.park_id = l.park_id)
       ${parkId ? sql`and l.park_id = ${parkId}` : sql``}`);
  return rows;
}

/** The vehicle-level collections due at `now`: one candidate per driver who drove in the period (see the header). */
async function vehicleCandidates(db: Db, now: Date, result: YangoRecipeJobResult, parkId?: string): Promise<Candidate[]> {
  const configs = await recipeConfigs(db, { parkId, collectionTypes: ['yango_recipe'] });
  result.vehicles = configs.length;
  const byPark = new Map<string, DueCollection[]>();
  for (const c of configs) {
    const due = dueCollections(c, now);
    if (due.length) byPark.set(c.park_id, [...(byPark.get(c.park_id) ?? []), ...due]);
  }
  const out: Candidate[] = [];
  for (const [parkId, due] of byPark) {
    const { rows: park } = await db.execute<{ currency: string; connected: boolean }>(sql`
      select currency, exists (select 1 from yango_connections c where c.park_id = p.id) as connected from parks p where p.id = ${parkId}`);
    if (!park[0]?.connected) continue;
    const timeZone = due[0].config.time_zone;
    const fromDay = due.reduce((m, d) => (d.periodStart < m ? d.periodStart : m), due[0].periodStart);
    const toDay = due.reduce((m, d) => (d.day > m ? d.day : m), due[0].day);
    const vehicleIds = [...new Set(due.map((d) => d.config.vehicle_id))];
    const entries = await withoutMaintenance(db, parkId, timeZone, await entriesOf(db, parkId, timeZone, vehicleIds, fromDay, toDay), fromDay, toDay);
    const byVehicle = new Map<string, EntryRow[]>();
    for (const e of entries) byVehicle.set(e.vehicle_id, [...(byVehicle.get(e.vehicle_id) ?? []), e]);
    for (const d of due) {
      const mine = byVehicle.get(d.config.vehicle_id) ?? [];
      // The recipe job's drivers and salary shares (its objective is 0 for a yango_recipe configuration).
      if (expectedRecipeRows(parkId, d, mine).length === 0) {
        result.without_planning += 1;
        continue;
      }
      const assigned = expectedRecipeRows(parkId, d, mine, d.day);
      if (assigned.length === 0) result.assigned_later += 1;
      const time = /^\d{2}:\d{2}$/.test(d.config.collect_time) ? d.config.collect_time : '20:30';
      for (const r of assigned) {
        out.push({
          parkId,
          timeZone,
          currency: park[0].currency,
          driverId: r.driverId,
          vehicleId: d.config.vehicle_id,
          day: d.day,
          periodStart: d.periodStart,
          periodEnd: d.periodEnd,
          frequency: d.config.frequency,
          salary: r.salaryAmount ?? 0,
          from: fromWireDate(`${addDays(d.periodStart, -1)}T${time}:00`, timeZone),
          to: fromWireDate(`${d.day}T${time}:00`, timeZone),
        });
      }
    }
  }
  return out;
}

/**
 * Candidates without an expected recipe yet: none of the driver's Yango recipes for that period
 * start, nor the vehicle's recipe of that driver and period (a configuration switched to Yango the
 * same day). Deleted recipes count: a deleted recipe is never recreated.
 */
async function withoutRecipes(db: Db, candidates: Candidate[]): Promise<Candidate[]> {
  if (candidates.length === 0) return candidates;
  const drivers = [...new Set(candidates.map((c) => c.driverId))];
  const first = candidates.reduce((m, c) => (c.periodStart < m ? c.periodStart : m), candidates[0].periodStart);
  const { rows } = await db.execute<{ driver_id: string; vehicle_id: string | null; period_start: string; collection_type: string | null }>(sql`
    select driver_id, vehicle_id, period_start::text, collection_type from recipes
     where driver_id = any(${sql.param(drivers)}::uuid[]) and kind = 'expected' and period_start >= ${first}::date`);
  const yango = new Set(rows.filter((r) => r.collection_type === 'yango_recipe').map((r) => `${r.driver_id}|${r.period_start}`));
  const vehicle = new Set(rows.map((r) => `${r.vehicle_id}|${r.driver_id}|${r.period_start}`));
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const k = `${c.driverId}|${c.periodStart}`;
    // A driver planned on two yango_recipe vehicles in one period owes his revenue once.
    if (yango.has(k) || seen.has(k) || (c.vehicleId && vehicle.has(`${c.vehicleId}|${k}`))) return false;
    seen.add(k);
    return true;
  });
}

/** The driver's vehicle of a day: the one he was planned on, else his principal vehicle, else none. */
async function vehicleOfDay(db: Db, parkId: string, driverId: string, day: string): Promise<string | null> {
  const { rows } = await db.execute<{ vehicle_id: string }>(sql`
    select vehicle_id from (
      (select e.vehicle_id, 0 as rank from planning_entries e
        where e.park_id = ${parkId} and e.driver_id = ${driverId} and e.day = ${day}::date
        order by e.is_salary_day, e.starts_at limit 1)
      union all
      (select vc.vehicle_id, 1 as rank from vehicle_config_drivers vc join vehicles v on v.id = vc.vehicle_id
        where vc.park_id = ${parkId} and vc.driver_id = ${driverId}
        order by (v.status = 'deactivated'), vc.position, v.created_at limit 1)
    ) x order by rank limit 1`);
  return rows[0]?.vehicle_id ?? null;
}

/** One driver's due collections: his copy brought up to date, then one recipe per period with revenue. */
async function runForDriver(deps: YangoDeps, candidates: Candidate[], syncedTo: Date | null, now: Date, result: YangoRecipeJobResult): Promise<void> {
  const { parkId, driverId } = candidates[0];
  const end = candidates.reduce((m, c) => Math.max(m, c.to.getTime()), 0);
  if (!syncedTo || syncedTo.getTime() < end) {
    let complete = false;
    try {
      complete = (await syncYangoDriver(deps, parkId, driverId, now)).complete;
    } catch (err) {
      deps.log?.warn({ err, parkId, driverId }, 'yango recipe: sync failed');
    }
    if (!complete) {
      result.sync_failed += candidates.length;
      return;
    }
  }
  const rows: RecipeInsert[] = [];
  for (const c of candidates) {
    const revenue = await yangoRevenueOf(deps.db, parkId, driverId, c.from, c.to);
    const foreign = [...revenue.byCurrency].filter(([currency, amount]) => currency !== c.currency && amount !== 0);
    if (foreign.length) {
      result.other_currency += 1;
      deps.log?.warn({ parkId, driverId, periodStart: c.periodStart, currencies: foreign.map(([cur]) => cur), parkCurrency: c.currency }, 'yango recipe: revenue in another currency than the park’s, not converted');
      continue;
    }
    const objective = revenue.byCurrency.get(c.currency) ?? 0;
    if (objective <= 0) {
      result.zero_revenue += 1;
      continue;
    }
    rows.push({
      parkId,
      kind: 'expected',
      driverId,
      vehicleId: c.vehicleId === undefined ? await vehicleOfDay(deps.db, parkId, driverId, c.periodStart) : c.vehicleId,
      day: c.day,
      periodStart: c.periodStart,
      periodEnd: c.periodEnd,
      frequency: c.frequency,
      collectionType: 'yango_recipe',
      objective,
      salaryAmount: c.salary,
    });
  }
  if (rows.length === 0) return;
  // Any unique key: recipes_yango_key (driver, period start), or the vehicle's (vehicle, driver, period start).
  const created = await deps.db.insert(recipes).values(rows).onConflictDoNothing().returning({ id: recipes.id });
  result.created += created.length;
}

/**
 * Creates every Yango recipe due at `now` (see the header). Safe to run at any time, as often as
 * wanted, on any number of servers at once.
 */
export async function runYangoRecipeJob(deps: YangoDeps, now: Date = new Date(), opts: { parkId?: string } = {}): Promise<YangoRecipeJobResult> {
  const result: YangoRecipeJobResult = { links: 0, vehicles: 0, due: 0, created: 0, sync_failed: 0, zero_revenue: 0, other_currency: 0, not_linked: 0, without_planning: 0, assigned_later: 0 };
  const links = await linksUsingYangoRecipe(deps.db, opts.parkId);
  result.links = links.length;
  // Driver-level first: a driver who is both owes his revenue of a period once (recipes_yango_key).
  const all = [...links.flatMap((l) => linkCandidates(l, now)), ...(await vehicleCandidates(deps.db, now, result, opts.parkId))];
  const open = await withoutRecipes(deps.db, all);
  if (open.length === 0) return result;

  const drivers = [...new Set(open.map((c) => c.driverId))];
  const { rows: linked } = await deps.db.execute<{ driver_id: string; park_id: string; tx_synced_to: string | null }>(sql`
    select driver_id, park_id, tx_synced_to from yango_driver_links where driver_id = any(${sql.param(drivers)}::uuid[])`);
  const linkOf = new Map(linked.map((l) => [l.driver_id, l]));
  const byDriver = new Map<string, Candidate[]>();
  for (const c of open) {
    const link = linkOf.get(c.driverId);
    if (!link || link.park_id !== c.parkId) {
      result.not_linked += 1;
      continue;
    }
    result.due += 1;
    byDriver.set(c.driverId, [...(byDriver.get(c.driverId) ?? []), c]);
  }
  for (const [driverId, candidates] of byDriver) {
    const syncedTo = linkOf.get(driverId)!.tx_synced_to;
    try {
      await runForDriver(deps, candidates, syncedTo ? new Date(syncedTo) : null, now, result);
    } catch (err) {
      // One driver's failure (his connection removed meanwhile ...) doesn't stop the others.
      deps.log?.warn({ err, driverId }, 'yango recipe: driver skipped');
    }
  }
  return result;
}

/** pg-boss runs it every 5 minutes on one instance at a time (and it is safe if two ever overlap). */
export function yangoRecipeJob(deps: YangoDeps): ScheduledJob {
  return { name: 'recipes-yango', cron: '*/5 * * * *', pollSeconds: 30, run: () => runYangoRecipeJob(deps) };
}
