import { parkUnpaidTotalSql } from '../recipes/unpaid-history.ts';
import { latestOfTypeSql } from '../vehicles/vehicle-documents.service.ts';
import { vehiclesNeedingServiceSql } from '../reminders/reminder-urgency.sql.ts';

/**
 * The fleet dashboard's one statement (GET /dashboard/fleet/details), prepared once per
 * connection: every card is a scalar aggregate over what the tables keep for it, so the page
 * costs one round trip whatever the park's history. Parameters:
 * $1 park, $2 today, $3 yesterday, $4 the start of today (instant), $5 the start of this month
 * (instant), $6 this month's first day, $7 and $8 the first and last of the same days last month,
 * $9/$10 the end of the documents' window from today and from yesterday (days are the park's),
 * $11 whether to read the money held (READ_FINANCE).
 *
 * - recipes: recipe_day_totals (one row per park and day, kept by the recipes' triggers): the
 *   cards by recipe day, the uncollected total over every day (as Encaissements sums it), and the
 *   deletions by the day they were made (the "deleted today / this month" cards);
 * - drivers and vehicles: a pass over the park's rows;
 * - documents: the expiring list's rule, each vehicle's latest of a type ended or ending within 30
 *   days (vehicle_documents_park_end_idx), the expired ones apart;
 * - vehicles without planning: the configured active vehicles against two days of
 *   planning_entries_park_day_idx, and, only when some are, the first ten of today by registration;
 * - collected: the recette sub-account and those under it, from the operations' daily totals;
 * - held: the caisses' and the park balance's ledger accounts, and what moved on them today;
 * - service due: the reminders module's rule (reminder-urgency.sql.ts), one pass over the park's
 *   open reminders.
 */
export const FLEET_DETAILS_SQL = `
  with recursive recipe_days as (
    -- The uncollected card is Encaissements' 'Non encaissées' total, by its module's own rule
    -- (parkUnpaidTotalSql in unpaid-history.ts) over every day, today's and any dated ahead
    -- included. Then the two recent days read on their own for today's and yesterday's cards.
    select unpaid.total_remaining as unpaid_amount, unpaid.total_count as unpaid_count, all_days.*, recent.*
      from (${parkUnpaidTotalSql('$1', 'null', 'null')}) unpaid,
      (select coalesce(sum(deleted_count), 0)::int as deleted_total from recipe_day_totals where park_id = $1) all_days,
      (
        select coalesce(sum(expected_count) filter (where day = $2::date), 0)::int as n_today,
               coalesce(sum(expected_count) filter (where day = $3::date), 0)::int as n_yesterday,
               coalesce(sum(expected_objective) filter (where day = $2::date), 0)::bigint as objective_today,
               coalesce(sum(expected_collected) filter (where day = $2::date), 0)::bigint as collected_today,
               coalesce(sum(expected_remaining) filter (where day = $2::date), 0)::bigint as remaining_today,
               coalesce(sum(expected_objective) filter (where day = $3::date), 0)::bigint as objective_yesterday
          from recipe_day_totals where park_id = $1 and day >= $3::date and day <= $2::date
      ) recent
  ), deleted_lately as (
    select coalesce(sum(deletions_count) filter (where day = $2::date), 0)::int as deleted_today,
           coalesce(sum(deletions_count) filter (where day >= $6::date), 0)::int as deleted_this_month,
           coalesce(sum(deletions_count) filter (where day <= $8::date), 0)::int as deleted_last_month
      from recipe_day_totals where park_id = $1 and day >= $7::date and day <= $2::date
  ), driver_counts as (
    select count(*)::int as drivers_total,
           count(*) filter (where blocked_at is null and desactivate_at is null)::int as drivers_active,
           -- Nothing deletes a driver (a reset empties the park): those created before this month
           -- are the count at the end of last month.
           count(*) filter (where created_at < $5::timestamptz)::int as drivers_before_month
      from drivers where park_id = $1
  ), vehicle_counts as (
    select count(*)::int as vehicles_total,
           count(*) filter (where status not in ('deactivated', 'maintain'))::int as vehicles_active,
           count(*) filter (where status = 'maintain')::int as vehicles_maintain,
           -- As for drivers: a vehicle is deactivated, never deleted.
           count(*) filter (where created_at < $5::timestamptz)::int as vehicles_before_month
      from vehicles where park_id = $1
  ), doc_counts as (
    -- The rule of the 'Documents à renouveler' list, from its module (latestOfTypeSql in
    -- vehicle-documents.service.ts): each vehicle's latest document of a type, ended or ending
    -- within the window; the expired ones (ended before today) told apart.
    select count(*) filter (where vd.end_date <= $9::date)::int as docs_now,
           count(*) filter (where vd.end_date < $2::date)::int as docs_expired,
           count(*) filter (where vd.end_date <= $10::date)::int as docs_yesterday
      from vehicle_documents vd
      join vehicles v on v.id = vd.vehicle_id
     where vd.park_id = $1 and vd.end_date <= $9::date
       and ${latestOfTypeSql('vd')}
  ), active as (
    -- Each configured vehicle in service looked up in two hashed sets: the vehicles planned today
    -- and yesterday, read from planning_entries_park_day_idx alone. Only the flags: referenced once,
    -- this stays inside the count instead of being materialised with the vehicles' names.
    select vh.id in (select vehicle_id from planning_entries where park_id = $1 and day = $2::date) as planned_today,
           vh.id in (select vehicle_id from planning_entries where park_id = $1 and day = $3::date) as planned_yesterday
      from vehicles vh
      join vehicle_configs vc on vc.vehicle_id = vh.id
     where vh.park_id = $1 and vh.status not in ('deactivated', 'maintain')
  ), unplanned as (
    -- The first ten of today by registration are read only when there are some (mostly none).
    select unplanned_today, unplanned_yesterday,
           case when unplanned_today > 0 then (
             select json_agg(json_build_object('id', id, 'label', label, 'registration_number', registration_number))
               from (select vh.id, vh.label, vh.registration_number
                       from vehicles vh
                       join vehicle_configs vc on vc.vehicle_id = vh.id
                      where vh.park_id = $1 and vh.status not in ('deactivated', 'maintain')
                        and vh.id not in (select vehicle_id from planning_entries where park_id = $1 and day = $2::date)
                      order by vh.registration_number limit 10) first)
           end as unplanned_vehicles
      from (select count(*) filter (where not planned_today)::int as unplanned_today,
                   count(*) filter (where not planned_yesterday)::int as unplanned_yesterday
              from active) counted
  ), vtc as (
    select id from pnl_accounts where park_id = $1 and code = 'recette' and type = 'profit'
    union all
    select a.id from pnl_accounts a join vtc on a.parent_id = vtc.id
  ), collected as (
    select coalesce(sum(counted_amount) filter (where day = $2::date), 0)::bigint as actual_today,
           coalesce(sum(counted_amount) filter (where day = $3::date), 0)::bigint as actual_yesterday
      from fund_movement_daily_totals
     where park_id = $1 and type = 'profit' and day >= $3::date and day <= $2::date
       and sub_account_id in (select id from vtc)
  )
  select recipe_days.*, deleted_lately.*, driver_counts.*, vehicle_counts.*, doc_counts.*, unplanned.*, collected.*,
         case when $11::boolean then (
           select json_build_object('held', coalesce(sum(a.balance), 0), 'today', coalesce(sum(t.moved), 0))
             from ledger_accounts a
             left join lateral (
               select sum(e.amount) as moved from ledger_entries e where e.account_id = a.id and e.created_at >= $4::timestamptz
             ) t on true
            where a.park_id = $1 and a.kind in ('caisse', 'park_balance'))
         end as held,
         ${vehiclesNeedingServiceSql('$1', '$2::date')} as vehicles_service_due
    from recipe_days, deleted_lately, driver_counts, vehicle_counts, doc_counts, unplanned, collected`;
