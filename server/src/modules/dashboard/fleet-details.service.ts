import { DOCUMENT_EXPIRING_DAYS, trendOf, type TComparedWith, type TFleetDetails } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { namedQuery } from '../../platform/db/prepared.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import { period, sameDaysLastMonth } from '../accounting/accounting.periods.ts';
import { addDays, monthStart, parkToday } from './dashboard.days.ts';
import { FLEET_DETAILS_SQL } from './fleet-details.sql.ts';

/**
 * GET /dashboard/fleet/details: the home screen's cards (spec 001 sections 2.13 and 3), each with
 * the figure it is compared with and the trend. Every figure is aggregated in the database in one
 * prepared statement (fleet-details.sql.ts says what each card reads; the GPS card's two counts in a
 * second one run alongside), through the indexes and
 * summary tables kept for it: nothing loops over vehicles or grows with the years of recipes.
 */

type Counts = {
  n_today: number;
  n_yesterday: number;
  objective_today: number;
  collected_today: number;
  remaining_today: number;
  objective_yesterday: number;
  unpaid_amount: number;
  unpaid_count: number;
  deleted_total: number;
  deleted_today: number;
  deleted_this_month: number;
  deleted_last_month: number;
  drivers_total: number;
  drivers_active: number;
  drivers_before_month: number;
  vehicles_total: number;
  vehicles_active: number;
  vehicles_maintain: number;
  vehicles_before_month: number;
  docs_now: number;
  docs_expired: number;
  docs_yesterday: number;
  unplanned_today: number;
  unplanned_yesterday: number;
  actual_today: number;
  actual_yesterday: number;
  vehicles_service_due: number;
};
type Row = Counts & {
  unplanned_vehicles: { id: string; label: string | null; registration_number: string }[] | null;
  held: { held: number | string; today: number | string } | null;
};

function trended(value: number, previous: number | null, comparedWith: TComparedWith | null) {
  return { previous, trend: previous === null ? ('unchanged' as const) : trendOf(value, previous), compared_with: previous === null ? null : comparedWith };
}

/**
 * The statement's date parameters ($2 to $10) of a park day in a time zone. Turning a wall-clock
 * time into an instant goes through Intl (platform/dates.ts), some 25 µs a call, and these take ten
 * such calls; they change only with the day, so the last few days asked are kept by zone and day.
 */
function dayParameters(timeZone: string, today: string): readonly unknown[] {
  const key = `${timeZone} ${today}`;
  const known = dayParametersCache.get(key);
  if (known) return known;
  const yesterday = addDays(today, -1);
  const todayStart = fromWireDate(`${today}T00:00:00`, timeZone);
  const thisMonth = period(`${monthStart(today)}T00:00:00`, `${today}T23:59:59`, timeZone);
  const lastMonth = sameDaysLastMonth(thisMonth, timeZone);
  const values: readonly unknown[] = Object.freeze([
    today,
    yesterday,
    todayStart.toISOString(),
    thisMonth.from.toISOString(),
    monthStart(today),
    lastMonth.start.slice(0, 10),
    lastMonth.end.slice(0, 10),
    addDays(today, DOCUMENT_EXPIRING_DAYS),
    addDays(yesterday, DOCUMENT_EXPIRING_DAYS),
  ]);
  // Bounded: past the limit the oldest entry goes (a Map keeps insertion order).
  if (dayParametersCache.size >= DAY_PARAMETERS_MAX) dayParametersCache.delete(dayParametersCache.keys().next().value as string);
  dayParametersCache.set(key, values);
  return values;
}
const dayParametersCache = new Map<string, readonly unknown[]>();
const DAY_PARAMETERS_MAX = 64;

/**
 * The GPS events card (issue 22): the penalty triggers' episodes fired since the start of this
 * month ($2, an instant), and the vehicles a trigger's lock holds now (state 'done').
 */
const FLEET_GPS_SQL = `
  select (select count(*)::int from trigger_episodes where park_id = $1 and fired_at >= $2::timestamptz) as fired,
         (select count(distinct vehicle_id)::int from trigger_episodes
           where park_id = $1 and state = 'done' and action = 'lock' and vehicle_id is not null) as locked`;

export async function fleetDetails(db: Db, actor: ActingProfile, now = new Date()): Promise<TFleetDetails> {
  const { timeZone, currency } = actor.park;
  const money = (minor: number) => fromMinor(minor, currency);
  const today = parkToday(timeZone, now);
  // Without READ_FINANCE no amount leaves the server: the money cards are null, the held money not even read.
  const finance = hasPermission(actor, 'READ_FINANCE');
  const days = dayParameters(timeZone, today);
  // The GPS card's two counts, alongside (issue 22).
  const [{ rows }, gps] = await Promise.all([
    namedQuery<Row>(db, 'flotte_fleet_details', FLEET_DETAILS_SQL, [actor.parkId, ...days, finance]),
    namedQuery<{ fired: number; locked: number }>(db, 'flotte_fleet_gps_events', FLEET_GPS_SQL, [actor.parkId, days[3]]),
  ]);
  const { unplanned_vehicles: unplanned, held: heldRow, ...counts } = rows[0];
  const c = Object.fromEntries(Object.entries(counts).map(([k, v]) => [k, Number(v)])) as Counts;

  let balance: TFleetDetails['balance'] = null;
  if (heldRow) {
    const held = Number(heldRow.held);
    const before = held - Number(heldRow.today);
    balance = { amount: money(held), ...trended(held, before, 'yesterday'), previous: money(before) };
  }

  // Built in the order of ZFleetDetails: the route sends it as built (serializeBuiltAnswer).
  return {
    currency,
    date: today,
    number_recipe_expected_today: { count: c.n_today, ...trended(c.n_today, c.n_yesterday, 'yesterday') },
    receipts_expected_today: finance
      ? {
          amount: money(c.objective_today),
          ...trended(c.objective_today, c.objective_yesterday, 'yesterday'),
          previous: money(c.objective_yesterday),
          collected: money(c.collected_today),
          remaining: money(c.remaining_today),
          count: c.n_today,
        }
      : null,
    actual_recipe: finance ? { amount: money(c.actual_today), ...trended(c.actual_today, c.actual_yesterday, 'yesterday'), previous: money(c.actual_yesterday) } : null,
    // What was owed at an earlier moment is not kept (a payment settles old days too): no comparison.
    previous_receipts_not_collected: finance ? { amount: money(c.unpaid_amount), ...trended(c.unpaid_amount, null, null), count: c.unpaid_count } : null,
    future_expired_doc: { count: c.docs_now, ...trended(c.docs_now, c.docs_yesterday, 'yesterday'), expired: c.docs_expired },
    driver: { total: c.drivers_total, active: c.drivers_active, ...trended(c.drivers_total, c.drivers_before_month, 'end_of_last_month') },
    vehicle: { total: c.vehicles_total, active: c.vehicles_active, ...trended(c.vehicles_total, c.vehicles_before_month, 'end_of_last_month') },
    // A vehicle's status has no history: nothing to compare with.
    breakdown: { count: c.vehicles_maintain, ...trended(c.vehicles_maintain, null, null) },
    // Nor is a reminder's urgency of yesterday.
    vehicles_service_due: { count: c.vehicles_service_due, ...trended(c.vehicles_service_due, null, null) },
    total_recipe_deleted: { count: c.deleted_total, ...trended(c.deleted_total, c.deleted_total - c.deleted_today, 'yesterday') },
    total_recipe_deleted_this_month: { count: c.deleted_this_month, ...trended(c.deleted_this_month, c.deleted_last_month, 'last_month') },
    vehicles_without_planning_today: { count: c.unplanned_today, ...trended(c.unplanned_today, c.unplanned_yesterday, 'yesterday'), vehicles: unplanned ?? [] },
    gps_events: Number(gps.rows[0].fired),
    gps_locked_vehicles: Number(gps.rows[0].locked),
    balance,
  };
}
