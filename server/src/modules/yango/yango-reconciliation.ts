import { sql, type SQL } from 'drizzle-orm';
import type { TYangoReconciliation } from '@flotte/contract/yango';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import { activityPeriod, mainCurrency, type ActivityPeriod } from './yango-activity.ts';
import { REVENUE_CATEGORY_IDS, REVENUE_CATEGORY_PREFIXES } from './yango-categories.ts';
import type { YangoDeps } from './yango.deps.ts';

/**
 * The dashboard's reconciliation (issue 21 section 4): what Yango says the park's linked drivers
 * earned over a period (the revenue categories of their copied transactions, yango-categories.ts)
 * beside what the park expected and collected from those same linked drivers (their recipes of
 * kinds 'expected' and 'unscheduled', not deleted, dated within the period's days): for the park,
 * and per vehicle (a transaction's vehicle is the one the driver drove then, see yango-sync.ts),
 * the 50 vehicles of most Yango revenue first. Recipes of drivers without a Yango link are left
 * out: they have no Yango revenue to compare with.
 *
 * One statement: the Yango revenue from the day totals (yango_day_totals, kept by a trigger) for the
 * period's park days, corrected by the rows of its first and last day outside the period (or, when
 * fewer, by the rows inside it instead of that day's totals; see revenuePieces), read through
 * yango_transactions_park_event_idx (park, event_at); the recipes through recipes_park_day_idx;
 * each grouped by vehicle, side by side (a few rows per vehicle, merged here); the links and the
 * connection counted beside. Reading every transaction instead cost about 1 µs per row.
 */

export const RECONCILIATION_VEHICLES = 50;

/** SQL: the transaction category (of alias t) counts as revenue, as balancePartOf says (exact ids, then prefixes). */
export function revenueCategorySql() {
  const id = sql`lower(btrim(t.category_id))`;
  // LIKE reads _ as any character: escape it so a prefix matches only itself.
  const prefixes = REVENUE_CATEGORY_PREFIXES.map((p) => `${p.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  return sql`(${id} = any(${sql.param([...REVENUE_CATEGORY_IDS])}::text[]) or ${id} like any(${sql.param(prefixes)}::text[]))`;
}

/** A range of transaction instants whose revenue rows are added (sign 1) or taken out (sign -1). */
export interface RowRange {
  sign: 1 | -1;
  from: Date;
  fromIncluded: boolean;
  to: Date;
  toIncluded: boolean;
}

/** How the period's revenue is read: the day totals of days [firstDay, lastDay] (none when null), plus or minus rows. */
export interface RevenuePieces {
  days: { firstDay: string; lastDay: string } | null;
  rows: RowRange[];
}

function nextDay(day: string, n = 1): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * The period [from, to] (both included) as day totals and row ranges, reading as few rows as
 * possible: an edge day cut by the period is either its day total less the rows outside the period
 * (a period starting at midnight or ending at 23:59:59 reads none or a second's) or, when the part
 * inside is the smaller, those rows instead of its total.
 */
export function revenuePieces(p: Pick<ActivityPeriod, 'from' | 'to' | 'startDay' | 'endDay'>, timeZone: string): RevenuePieces {
  const midnight = (day: string) => fromWireDate(`${day}T00:00:00`, timeZone);
  const from = p.from.getTime();
  const to = p.to.getTime();
  const startOf = midnight(p.startDay);
  const startEnd = midnight(nextDay(p.startDay));
  const rows: RowRange[] = [];
  if (p.startDay === p.endDay) {
    if ((to - from) * 2 <= startEnd.getTime() - startOf.getTime()) return { days: null, rows: [{ sign: 1, from: p.from, fromIncluded: true, to: p.to, toIncluded: true }] };
    if (from > startOf.getTime()) rows.push({ sign: -1, from: startOf, fromIncluded: true, to: p.from, toIncluded: false });
    rows.push({ sign: -1, from: p.to, fromIncluded: false, to: startEnd, toIncluded: false });
    return { days: { firstDay: p.startDay, lastDay: p.startDay }, rows };
  }
  let firstDay = p.startDay;
  let lastDay = p.endDay;
  if (from > startOf.getTime()) {
    if (from - startOf.getTime() <= startEnd.getTime() - from) rows.push({ sign: -1, from: startOf, fromIncluded: true, to: p.from, toIncluded: false });
    else {
      firstDay = nextDay(p.startDay);
      rows.push({ sign: 1, from: p.from, fromIncluded: true, to: startEnd, toIncluded: false });
    }
  }
  const endOf = midnight(p.endDay);
  const endEnd = midnight(nextDay(p.endDay));
  if (to - endOf.getTime() >= endEnd.getTime() - to) rows.push({ sign: -1, from: p.to, fromIncluded: false, to: endEnd, toIncluded: false });
  else {
    lastDay = nextDay(p.endDay, -1);
    rows.push({ sign: 1, from: endOf, fromIncluded: true, to: p.to, toIncluded: true });
  }
  return { days: firstDay <= lastDay ? { firstDay, lastDay } : null, rows };
}

/** SQL: per vehicle and currency, the park's Yango revenue and its count of revenue transactions over the pieces. */
function revenueSql(parkId: string, pieces: RevenuePieces): SQL {
  const parts: SQL[] = [];
  if (pieces.days)
    parts.push(sql`select d.vehicle_id, d.currency, d.revenue, d.revenue_count as n from yango_day_totals d
       where d.park_id = ${parkId} and d.day between ${pieces.days.firstDay}::date and ${pieces.days.lastDay}::date`);
  for (const r of pieces.rows)
    parts.push(sql`select t.vehicle_id, t.currency, ${r.sign}::int * t.amount as revenue, ${r.sign}::int as n from yango_transactions t
       where t.park_id = ${parkId} and t.event_at ${sql.raw(r.fromIncluded ? '>=' : '>')} ${r.from.toISOString()}::timestamptz
         and t.event_at ${sql.raw(r.toIncluded ? '<=' : '<')} ${r.to.toISOString()}::timestamptz and ${revenueCategorySql()}`);
  if (!parts.length) return sql`select null::uuid as vehicle_id, null::text as currency, 0::bigint as revenue, 0::int as tx_count where false`;
  return sql`select x.vehicle_id, x.currency, sum(x.revenue)::bigint as revenue, sum(x.n)::int as tx_count
      from (${sql.join(parts, sql` union all `)}) x
     group by x.vehicle_id, x.currency
    having sum(x.n) > 0`;
}

interface Row extends Record<string, unknown> {
  vehicle_id: string | null;
  registration_number: string | null;
  label: string | null;
  currency: string | null;
  revenue: string;
  tx_count: string;
  expected: string;
  collected: string;
  connected: boolean;
  linked_drivers: number;
}

/** GET /yango/reconciliation. */
export async function yangoReconciliation(deps: YangoDeps, actor: ActingProfile, q: { start_date?: string; end_date?: string }, now: Date = new Date()): Promise<TYangoReconciliation> {
  const { timeZone, currency } = actor.park;
  const parkId = actor.parkId;
  const p = activityPeriod(q, timeZone, now);
  const { rows } = await deps.db.execute<Row>(sql`
    with tx as (
      ${revenueSql(parkId, revenuePieces(p, timeZone))}
    ),
    rc as (
      select r.vehicle_id, sum(r.objective)::bigint as expected, sum(r.collected)::bigint as collected
        from recipes r
       where r.park_id = ${parkId} and r.day >= ${p.startDay}::date and r.period_start between ${p.startDay}::date and ${p.endDay}::date and r.deleted_at is null
         and r.kind in ('expected', 'unscheduled')
         and exists (select 1 from yango_driver_links l where l.driver_id = r.driver_id and l.park_id = ${parkId})
       group by r.vehicle_id
    ),
    joined as (
      select vehicle_id, currency, revenue, tx_count, 0::bigint as expected, 0::bigint as collected from tx
      union all
      select vehicle_id, null, 0, 0, expected, collected from rc
    )
    select j.vehicle_id, v.registration_number, v.label, j.currency, j.revenue::text, j.tx_count::text, j.expected::text, j.collected::text,
           exists (select 1 from yango_connections c where c.park_id = ${parkId}) as connected,
           (select count(*)::int from yango_driver_links l where l.park_id = ${parkId}) as linked_drivers
      from (select 1) one
      left join joined j on true
      left join vehicles v on v.id = j.vehicle_id`);

  // One row per vehicle and Yango currency, and one per vehicle for the recipes (the vehicle null: none).
  const present = rows.filter((r) => r.currency !== null || Number(r.expected) !== 0 || Number(r.collected) !== 0);
  const yangoCurrency = mainCurrency(present.filter((r) => r.currency !== null).map((r) => ({ currency: r.currency!, n: r.tx_count })));
  const byVehicle = new Map<string | null, { registration: string | null; label: string | null; revenue: number; expected: number; collected: number }>();
  for (const r of present) {
    const v = byVehicle.get(r.vehicle_id) ?? { registration: r.registration_number, label: r.label, revenue: 0, expected: 0, collected: 0 };
    if (r.currency === yangoCurrency) v.revenue += Number(r.revenue);
    v.expected += Number(r.expected);
    v.collected += Number(r.collected);
    byVehicle.set(r.vehicle_id, v);
  }
  const totals = { revenue: 0, expected: 0, collected: 0 };
  for (const v of byVehicle.values()) {
    totals.revenue += v.revenue;
    totals.expected += v.expected;
    totals.collected += v.collected;
  }
  const vehicles = [...byVehicle.entries()]
    .filter((e): e is [string, typeof e[1]] => e[0] !== null)
    .sort((a, b) => b[1].revenue - a[1].revenue || b[1].expected - a[1].expected || (a[1].registration ?? '').localeCompare(b[1].registration ?? ''))
    .slice(0, RECONCILIATION_VEHICLES);
  const yango = (minor: number) => fromMinor(minor, yangoCurrency);
  const park = (minor: number) => fromMinor(minor, currency);
  return {
    connected: Boolean(rows[0]?.connected),
    start_date: p.startDate,
    end_date: p.endDate,
    yango_currency: yangoCurrency,
    currency,
    linked_drivers: Number(rows[0]?.linked_drivers ?? 0),
    totals: { yango_revenue: yango(totals.revenue), expected: park(totals.expected), collected: park(totals.collected) },
    vehicles: vehicles.map(([id, v]) => ({
      vehicle_id: id,
      registration_number: v.registration ?? '',
      label: v.label,
      yango_revenue: yango(v.revenue),
      expected: park(v.expected),
      collected: park(v.collected),
    })),
  };
}
