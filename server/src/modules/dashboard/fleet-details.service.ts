import { sql, type SQL } from 'drizzle-orm';
import { DOCUMENT_EXPIRING_DAYS, trendOf, type TComparedWith, type TFleetDetails } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db } from '../../platform/db/database.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import { period, sameDaysLastMonth } from '../accounting/accounting.periods.ts';
import { revenueAccounts } from './revenue-accounts.ts';
import { addDays, monthStart, parkToday } from './dashboard.days.ts';

/**
 * GET /dashboard/fleet/details: the home screen's cards (spec 001 sections 2.13 and 3), each with
 * the figure it is compared with and the trend. Everything is aggregated in the database, through
 * the indexes the tables carry for it (no per-vehicle loop):
 * - today's and yesterday's recipes: recipes_park_day_idx, two days of the park;
 * - uncollected receipts: recipes_unpaid_idx (only unpaid recipes are in it);
 * - deleted recipes: recipes_deleted_idx;
 * - collected today: the operations' daily totals (one or two rows per sub-account);
 * - documents: vehicle_documents_park_end_idx over a 31-day window;
 * - vehicles without planning today: one probe per configured vehicle of planning_entries' unique
 *   (vehicle, day, slot) index;
 * - the balance: the ledger accounts, and today's entries through ledger_entries_account_idx.
 * The reads are independent and run in parallel; the slowest is the sum of the uncollected
 * receipts, an index-only scan of recipes_unpaid_idx (it includes objective and collected): its
 * cost grows with the park's open debts, ~40 ms for 143,000 of them, a few ms for a park that
 * settles its debts.
 */

type RecipeCounts = {
  n_today: number;
  n_yesterday: number;
  objective_today: number;
  collected_today: number;
  remaining_today: number;
  objective_yesterday: number;
};
type UnpaidCounts = { unpaid_amount: number; unpaid_count: number; unpaid_amount_before_yesterday: number };
type DeletedCounts = { deleted_total: number; deleted_before_today: number; deleted_this_month: number; deleted_last_month: number };
type FleetCounts = {
  drivers_total: number;
  drivers_active: number;
  drivers_before_month: number;
  vehicles_total: number;
  vehicles_active: number;
  vehicles_maintain: number;
  vehicles_before_month: number;
  docs_now: number;
  docs_yesterday: number;
  unplanned_today: number;
  unplanned_yesterday: number;
};
type Counts = RecipeCounts & UnpaidCounts & DeletedCounts & FleetCounts;

/** The one row of an aggregate, its counts and sums as numbers. */
async function one<T extends Record<string, number>>(db: Db, query: SQL): Promise<T> {
  const { rows } = await db.execute<Record<string, unknown>>(query);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)])) as T;
}

function trended(value: number, previous: number | null, comparedWith: TComparedWith | null) {
  return { previous, trend: previous === null ? ('unchanged' as const) : trendOf(value, previous), compared_with: previous === null ? null : comparedWith };
}

export async function fleetDetails(db: Db, actor: ActingProfile, now = new Date()): Promise<TFleetDetails> {
  const parkId = actor.parkId;
  const { timeZone, currency } = actor.park;
  const money = (minor: number) => fromMinor(minor, currency);
  const today = parkToday(timeZone, now);
  const yesterday = addDays(today, -1);
  const todayStart = fromWireDate(`${today}T00:00:00`, timeZone);
  const thisMonth = period(`${monthStart(today)}T00:00:00`, `${today}T23:59:59`, timeZone);
  const lastMonth = sameDaysLastMonth(thisMonth, timeZone);
  const docsTo = addDays(today, DOCUMENT_EXPIRING_DAYS);
  const docsToYesterday = addDays(yesterday, DOCUMENT_EXPIRING_DAYS);
  const ts = (d: Date) => d.toISOString();

  // Independent reads, in parallel on PostgreSQL (each on its own pool connection): the answer
  // takes as long as the slowest, the sum of the uncollected receipts.
  const [recipeRow, unpaidRow, deletedRow, fleetRow, unplanned, collectedRows, heldRow] = await Promise.all([
    one<RecipeCounts>(db, sql`
      select count(*) filter (where day = ${today}::date)::int as n_today,
             count(*) filter (where day = ${yesterday}::date)::int as n_yesterday,
             coalesce(sum(objective) filter (where day = ${today}::date), 0)::bigint as objective_today,
             coalesce(sum(collected) filter (where day = ${today}::date), 0)::bigint as collected_today,
             coalesce(sum(greatest(objective - collected, 0)) filter (where day = ${today}::date and paid_at is null), 0)::bigint as remaining_today,
             coalesce(sum(objective) filter (where day = ${yesterday}::date), 0)::bigint as objective_yesterday
        from recipes
       where park_id = ${parkId} and day >= ${yesterday}::date and day <= ${today}::date and deleted_at is null and kind = 'expected'`),
    one<UnpaidCounts>(db, sql`
      select coalesce(sum(greatest(objective - collected, 0)), 0)::bigint as unpaid_amount,
             count(*)::int as unpaid_count,
             coalesce(sum(greatest(objective - collected, 0)) filter (where day < ${yesterday}::date), 0)::bigint as unpaid_amount_before_yesterday
        from recipes
       where park_id = ${parkId} and day < ${today}::date and deleted_at is null and paid_at is null`),
    one<DeletedCounts>(db, sql`
      select count(*)::int as deleted_total,
             count(*) filter (where deleted_at < ${ts(todayStart)}::timestamptz)::int as deleted_before_today,
             count(*) filter (where deleted_at >= ${ts(thisMonth.from)}::timestamptz and deleted_at < ${ts(thisMonth.to)}::timestamptz)::int as deleted_this_month,
             count(*) filter (where deleted_at >= ${ts(lastMonth.from)}::timestamptz and deleted_at < ${ts(lastMonth.to)}::timestamptz)::int as deleted_last_month
        from recipes
       where park_id = ${parkId} and deleted_at is not null`),
    one<FleetCounts>(db, sql`
      select dr.*, v.*, doc.*, pl.*
        from (
          select count(*)::int as drivers_total,
                 count(*) filter (where blocked_at is null and desactivate_at is null)::int as drivers_active,
                 count(*) filter (where created_at < ${ts(thisMonth.from)}::timestamptz)::int as drivers_before_month
            from drivers where park_id = ${parkId}
        ) dr,
        (
          select count(*)::int as vehicles_total,
                 count(*) filter (where status not in ('deactivated', 'maintain'))::int as vehicles_active,
                 count(*) filter (where status = 'maintain')::int as vehicles_maintain,
                 count(*) filter (where created_at < ${ts(thisMonth.from)}::timestamptz)::int as vehicles_before_month
            from vehicles where park_id = ${parkId}
        ) v,
        (
          select count(*) filter (where vd.end_date >= ${today}::date)::int as docs_now,
                 count(*) filter (where vd.end_date <= ${docsToYesterday}::date)::int as docs_yesterday
            from vehicle_documents vd
           where vd.park_id = ${parkId} and vd.end_date >= ${yesterday}::date and vd.end_date <= ${docsTo}::date
             and not exists (
               select 1 from vehicle_documents newer
                where newer.vehicle_id = vd.vehicle_id and newer.document_type_id = vd.document_type_id
                  and (newer.end_date > vd.end_date or (newer.end_date = vd.end_date and newer.id > vd.id)))
        ) doc,
        (
          select count(*) filter (where not exists (select 1 from planning_entries pe where pe.vehicle_id = vh.id and pe.day = ${today}::date))::int as unplanned_today,
                 count(*) filter (where not exists (select 1 from planning_entries pe where pe.vehicle_id = vh.id and pe.day = ${yesterday}::date))::int as unplanned_yesterday
            from vehicles vh
            join vehicle_configs vc on vc.vehicle_id = vh.id
           where vh.park_id = ${parkId} and vh.status not in ('deactivated', 'maintain')
        ) pl`),
    // The first ten vehicles without planning today, to name them on the card.
    db
      .execute<{ id: string; label: string | null; registration_number: string }>(sql`
        select vh.id, vh.label, vh.registration_number
          from vehicles vh
          join vehicle_configs vc on vc.vehicle_id = vh.id
         where vh.park_id = ${parkId} and vh.status not in ('deactivated', 'maintain')
           and not exists (select 1 from planning_entries pe where pe.vehicle_id = vh.id and pe.day = ${today}::date)
         order by vh.registration_number
         limit 10`)
      .then((r) => r.rows),
    // Collected today and yesterday: the recette operations the accounting counts.
    revenueAccounts(db, parkId).then(async ({ vtc }) =>
      vtc.size
        ? (
            await db.execute<{ day: string; amount: number }>(sql`
              select day::text as day, coalesce(sum(counted_amount), 0)::bigint as amount
                from fund_movement_daily_totals
               where park_id = ${parkId} and type = 'profit' and day >= ${yesterday}::date and day <= ${today}::date
                 and sub_account_id = any(${sql.param([...vtc])}::uuid[])
               group by day`)
          ).rows
        : [],
    ),
    // Money held (caisses and the park balance) and what moved on those accounts today.
    hasPermission(actor, 'READ_FINANCE')
      ? one<{ held: number; today: number }>(db, sql`
          select coalesce(sum(a.balance), 0)::bigint as held, coalesce(sum(t.moved), 0)::bigint as today
            from ledger_accounts a
            left join lateral (
              select sum(e.amount) as moved from ledger_entries e where e.account_id = a.id and e.created_at >= ${ts(todayStart)}::timestamptz
            ) t on true
           where a.park_id = ${parkId} and a.kind in ('caisse', 'park_balance')`)
      : Promise.resolve(null),
  ]);
  const c: Counts = { ...recipeRow, ...unpaidRow, ...deletedRow, ...fleetRow };
  const collectedOn = (day: string) => Number(collectedRows.find((r) => r.day === day)?.amount ?? 0);

  let balance: TFleetDetails['balance'] = null;
  if (heldRow) {
    const held = heldRow.held;
    const before = held - heldRow.today;
    balance = { amount: money(held), ...trended(held, before, 'yesterday'), previous: money(before) };
  }

  return {
    currency,
    date: today,
    number_recipe_expected_today: { count: c.n_today, ...trended(c.n_today, c.n_yesterday, 'yesterday') },
    receipts_expected_today: {
      amount: money(c.objective_today),
      collected: money(c.collected_today),
      remaining: money(c.remaining_today),
      count: c.n_today,
      ...trended(c.objective_today, c.objective_yesterday, 'yesterday'),
      previous: money(c.objective_yesterday),
    },
    actual_recipe: { amount: money(collectedOn(today)), ...trended(collectedOn(today), collectedOn(yesterday), 'yesterday'), previous: money(collectedOn(yesterday)) },
    previous_receipts_not_collected: {
      amount: money(c.unpaid_amount),
      count: c.unpaid_count,
      ...trended(c.unpaid_amount, c.unpaid_amount_before_yesterday, 'yesterday'),
      previous: money(c.unpaid_amount_before_yesterday),
    },
    future_expired_doc: { count: c.docs_now, ...trended(c.docs_now, c.docs_yesterday, 'yesterday') },
    driver: { total: c.drivers_total, active: c.drivers_active, ...trended(c.drivers_total, c.drivers_before_month, 'last_month') },
    vehicle: { total: c.vehicles_total, active: c.vehicles_active, ...trended(c.vehicles_total, c.vehicles_before_month, 'last_month') },
    // A vehicle's status has no history: nothing to compare with.
    breakdown: { count: c.vehicles_maintain, ...trended(c.vehicles_maintain, null, null) },
    total_recipe_deleted: { count: c.deleted_total, ...trended(c.deleted_total, c.deleted_before_today, 'yesterday') },
    total_recipe_deleted_this_month: { count: c.deleted_this_month, ...trended(c.deleted_this_month, c.deleted_last_month, 'last_month') },
    vehicles_without_planning_today: { count: c.unplanned_today, vehicles: unplanned, ...trended(c.unplanned_today, c.unplanned_yesterday, 'yesterday') },
    gps_events: null,
    balance,
  };
}
