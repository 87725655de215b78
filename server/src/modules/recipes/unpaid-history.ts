import { recipeDayLabel, type TUnpaidHistory } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { namedQuery } from '../../platform/db/prepared.ts';
import { fromMinor } from '../../platform/money.ts';
import { recipeView, type RecipeRow } from './recipe-view.ts';
import type { RecipesDeps, UnpaidQuery } from './recipes.queries.ts';

/**
 * GET /transaction/unpaid/recipes/history: a page of unpaid recipes (itemPerPage of them, newest
 * day first, then by id), grouped by day; each day carries the totals of all its unpaid recipes
 * under the filter (not only this page's), and total_remaining is the filter's whole remainder.
 *
 * The cashier's most used list, so it is one prepared statement per request:
 * - the page is an index range of recipes_unpaid_idx (park, day, id; only live unpaid recipes are
 *   in it), with the driver and vehicle names joined by primary key;
 * - the totals, without a driver filter, are the park's recipe_day_totals rows (one per day, kept
 *   by the recipes' triggers); for one driver they are summed from his own unpaid recipes
 *   (recipes_driver_day_idx, a few hundred at most).
 * So it costs the same on a park with three years of daily recipes for 1,000 vehicles as on a
 * small one. One row comes back even for an empty page, to carry the filter's total.
 */

/**
 * 'Non encaissées' of a park: what is left to collect of its unpaid recipes whose day is in the
 * period (either bound may be null), summed over recipe_day_totals, and how many they are. The
 * list's total below and the fleet dashboard's card (dashboard/fleet-details.sql.ts) read this one
 * rule, so the two figures are the same. Arguments are SQL expressions (parameters or null).
 */
export const parkUnpaidTotalSql = (park: string, from: string, to: string) => `
    select coalesce(sum(unpaid_remaining), 0)::bigint as total_remaining, coalesce(sum(unpaid_count), 0)::int as total_count
      from recipe_day_totals
     where park_id = ${park} and day >= coalesce(${from}::date, '-infinity') and day <= coalesce(${to}::date, 'infinity')`;

// $1 park, $2 start day or null, $3 end day or null, $4 limit, $5 offset, $6 driver (driver variant).
const unpaidPageSql = (byDriver: boolean) => `
  with page_ids as (
    -- The page alone first (an index-only range of recipes_unpaid_idx), so the plan PostgreSQL
    -- keeps for every page size and offset stays as cheap as the one it would make for page 1.
    select r.id
      from recipes r
     where r.park_id = $1 and r.deleted_at is null and r.paid_at is null
       and r.day >= coalesce($2::date, '-infinity') and r.day <= coalesce($3::date, 'infinity')
       ${byDriver ? 'and r.driver_id = $6::uuid' : ''}
     order by r.day desc, r.id desc
     limit $4 offset $5
  ), page as (
    select r.id, r.park_id, r.kind, r.driver_id, r.vehicle_id, r.day::text as day, r.period_start::text as period_start,
           r.period_end::text as period_end, r.frequency, r.collection_type, r.objective, r.collected, r.salary_amount,
           r.comment, r.created_by, r.created_at, r.paid_at, r.salary_payment_id, r.deleted_at, r.deleted_by, r.delete_comment,
           d.first_name as driver_first_name, d.last_name as driver_last_name, d.image as driver_image,
           exists (select 1 from yango_driver_links l where l.driver_id = r.driver_id) as driver_yango_linked,
           v.label as vehicle_label, v.registration_number as vehicle_registration, b.name as brand, m.name as model
      from page_ids
      join recipes r on r.id = page_ids.id
      join drivers d on d.id = r.driver_id
      left join vehicles v on v.id = r.vehicle_id
      left join brands b on b.id = v.brand_id
      left join models m on m.id = v.model_id
  ), ${
    byDriver
      ? `
  unpaid as (
    select day::text as day, objective, greatest(objective - collected, 0) as remaining
      from recipes
     where driver_id = $6::uuid and park_id = $1 and deleted_at is null and paid_at is null
       and day >= coalesce($2::date, '-infinity') and day <= coalesce($3::date, 'infinity')
  ), day_totals as (
    select day, sum(objective) as objective, sum(remaining) as remaining from unpaid
     where day in (select day from page) group by day
  ), total as (select coalesce(sum(remaining), 0) as total_remaining from unpaid)`
      : `
  day_totals as (
    select day::text as day, unpaid_objective as objective, unpaid_remaining as remaining
      from recipe_day_totals where park_id = $1 and day in (select day::date from page)
  ), total as (${parkUnpaidTotalSql('$1', '$2', '$3')})`
  }
  select total.total_remaining, t.objective as day_objective, t.remaining as day_remaining, page.*
    from total
    left join page on true
    left join day_totals t on t.day = page.day
   order by page.day desc, page.id desc`;
const PAGE_SQL = unpaidPageSql(false);
const DRIVER_PAGE_SQL = unpaidPageSql(true);

type PageRow = {
  total_remaining: number;
  day_objective: number | null;
  day_remaining: number | null;
  id: string | null;
  [column: string]: unknown;
};

/** A page row as the shared recipe view reads it (the same fields selectRecipes gives). */
function recipeRow(x: PageRow): RecipeRow {
  const v = x as unknown as Record<string, never>;
  return {
    r: {
      id: v.id,
      parkId: v.park_id,
      kind: v.kind,
      driverId: v.driver_id,
      vehicleId: v.vehicle_id,
      day: v.day,
      periodStart: v.period_start,
      periodEnd: v.period_end,
      frequency: v.frequency,
      collectionType: v.collection_type,
      objective: v.objective,
      collected: v.collected,
      salaryAmount: v.salary_amount,
      comment: v.comment,
      createdBy: v.created_by,
      createdAt: v.created_at,
      paidAt: v.paid_at,
      salaryPaymentId: v.salary_payment_id,
      deletedAt: v.deleted_at,
      deletedBy: v.deleted_by,
      deleteComment: v.delete_comment,
    },
    driverFirstName: v.driver_first_name,
    driverLastName: v.driver_last_name,
    driverImage: v.driver_image,
    driverYangoLinked: v.driver_yango_linked,
    vehicleLabel: v.vehicle_label,
    vehicleRegistration: v.vehicle_registration,
    brand: v.brand,
    model: v.model,
  };
}

export async function unpaidHistory(deps: RecipesDeps, acting: ActingProfile, q: UnpaidQuery): Promise<TUnpaidHistory> {
  const money = (minor: number | null) => fromMinor(Number(minor ?? 0), acting.park.currency);
  const values: unknown[] = [acting.parkId, q.start_date ?? null, q.end_date ?? null, q.itemPerPage + 1, (q.page - 1) * q.itemPerPage];
  const { rows } = q.driver_id
    ? await namedQuery<PageRow>(deps.db, 'flotte_unpaid_page_driver', DRIVER_PAGE_SQL, [...values, q.driver_id])
    : await namedQuery<PageRow>(deps.db, 'flotte_unpaid_page', PAGE_SQL, values);
  const found = rows.filter((row) => row.id !== null);
  const page = found.slice(0, q.itemPerPage);
  const today = toWireDate(new Date(), acting.park.timeZone).slice(0, 10);
  const view = { currency: acting.park.currency, timeZone: acting.park.timeZone, files: deps.files };
  const wire = (d: Date) => toWireDate(d, view.timeZone);
  const days = [...new Set(page.map((row) => row.day as string))];
  const items = days.map((day) => {
    const ofDay = page.filter((row) => row.day === day);
    return {
      day,
      label: recipeDayLabel(day, today),
      total_objective: money(ofDay[0].day_objective),
      total_remaining: money(ofDay[0].day_remaining),
      recipes: ofDay.map((row) => recipeView(recipeRow(row), view, wire)),
    };
  });
  return {
    items,
    meta: { page: q.page, itemPerPage: q.itemPerPage, has_more: found.length > q.itemPerPage },
    total_remaining: money(rows[0]?.total_remaining ?? 0),
  };
}
