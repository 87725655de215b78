import { sql } from 'drizzle-orm';
import {
  CA_GRAPH_MAX_DAYS,
  percentChange,
  REVENUE_YEARS_SHOWN,
  trendOf,
  type TCaGraph,
  type TCaTotals,
  type TRevenueEvolution,
  type TRevenueGraph,
} from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { findDriverRow } from '../drivers/drivers.queries.ts';
import { findVehicleRow } from '../vehicles/vehicles.queries.ts';
import { monthlyTotalsBySubAccount, totalsBySubAccount } from '../accounting/accounting.queries.ts';
import { defaultReportingPeriod, endOf, MAX_DIAGRAM_MONTHS, period, sameDaysLastMonth, shown, startOf, type Period } from '../accounting/accounting.periods.ts';
import { dayKeys, daysBetween, monthBuckets, monthKeys, parkToday, weekBuckets, yearBuckets, type Bucket } from './dashboard.days.ts';
import { revenueAccounts, type RevenueAccounts, type RevenueCategory } from './revenue-accounts.ts';

/**
 * Revenue figures of the dashboard (spec 001 sections 2.13, 7, 9): the evolution chart (Autres,
 * VTC, Courses by month, week or year), the turnover (chiffre d'affaires) of the park or of one
 * driver or vehicle over a period against the same days last month, and its series. They count
 * what the accounting counts: confirmed revenue operations, not cancelled. The park's figures are
 * read from the operations' daily and monthly totals (a year is a few thousand summary rows); a
 * driver's or a vehicle's from its own operations through fund_movements_driver_idx /
 * fund_movements_vehicle_idx.
 */

type Sums = Record<RevenueCategory, number>;
const zero = (): Sums => ({ vtc: 0, autres: 0, courses: 0 });

// ---------------------------------------------------------------- evolution

/** GET /dashboard/park/revenue/evolution: one value per month, ISO week or year, per category. */
export async function revenueEvolution(db: Db, actor: ActingProfile, q: { graph: TRevenueGraph; year?: number }): Promise<TRevenueEvolution> {
  const { timeZone, currency } = actor.park;
  const parkId = actor.parkId;
  const year = q.year ?? Number(parkToday(timeZone).slice(0, 4));
  const accounts = await revenueAccounts(db, parkId);
  const buckets: Bucket[] = q.graph === 'week' ? weekBuckets(year) : q.graph === 'year' ? yearBuckets(year, REVENUE_YEARS_SHOWN) : monthBuckets(year);
  const first = buckets[0].start;
  const last = buckets.at(-1)!.end;

  // Weeks need days; months and years are read from the monthly totals.
  const { rows } =
    q.graph === 'week'
      ? await db.execute<{ k: string; sub_account_id: string; amount: number }>(sql`
          select day::text as k, sub_account_id, sum(counted_amount)::bigint as amount
            from fund_movement_daily_totals
           where park_id = ${parkId} and type = 'profit' and day >= ${first}::date and day <= ${last}::date
           group by day, sub_account_id`)
      : await db.execute<{ k: string; sub_account_id: string; amount: number }>(sql`
          select to_char(month, 'YYYY-MM-DD') as k, sub_account_id, sum(counted_amount)::bigint as amount
            from fund_movement_monthly_totals
           where park_id = ${parkId} and type = 'profit' and month >= ${first}::date and month <= ${last}::date
           group by month, sub_account_id`);

  const sums = buckets.map(zero);
  for (const r of rows) {
    // Buckets are sorted and contiguous: find the one holding the day (or month's first day).
    const i = buckets.findIndex((b) => r.k >= b.start && r.k <= b.end);
    if (i >= 0) sums[i][accounts.categoryOf(r.sub_account_id)] += Number(r.amount);
  }
  const money = (minor: number) => fromMinor(minor, currency);
  const total = sums.reduce((s, b) => s + b.vtc + b.autres + b.courses, 0);
  return {
    currency,
    graph: q.graph,
    year,
    periods: buckets.map((b) => ({ key: b.key, label: b.label, start_date: b.start, end_date: b.end })),
    series: [
      { name: 'Autres', data: sums.map((s) => money(s.autres)) },
      { name: 'VTC', data: sums.map((s) => money(s.vtc)) },
      { name: 'Courses', data: sums.map((s) => money(s.courses)) },
    ],
    total: money(total),
  };
}

// ---------------------------------------------------------------- turnover

interface Subject {
  driverId: string | null;
  vehicleId: string | null;
}

function periodOf(q: { start_date?: string; end_date?: string }, timeZone: string): Period {
  if (!q.start_date && !q.end_date) return defaultReportingPeriod(timeZone);
  return period(startOf(q.start_date ?? q.end_date!), endOf(q.end_date ?? q.start_date!), timeZone);
}

/** ca-individual's subject: exactly one of a driver and a vehicle, of the acting park. */
export async function subjectOf(db: Db, parkId: string, q: { driver_id?: string; vehicle_id?: string }): Promise<Subject> {
  if (!!q.driver_id === !!q.vehicle_id) throw new AppError('DASHBOARD_DRIVER_OR_VEHICLE');
  if (q.driver_id && !(await findDriverRow(db, parkId, q.driver_id))) throw new AppError('DRIVER_NOT_FOUND');
  if (q.vehicle_id && !(await findVehicleRow(db, parkId, q.vehicle_id))) throw new AppError('VEHICLE_NOT_FOUND');
  return { driverId: q.driver_id ?? null, vehicleId: q.vehicle_id ?? null };
}

const COUNTED = sql`fm.type = 'profit' and fm.reverses_id is null and fm.confirmed_at is not null and fm.canceled_at is null`;
const subjectFilter = (parkId: string, s: Subject) =>
  s.driverId ? sql`fm.driver_id = ${s.driverId} and fm.park_id = ${parkId}` : sql`fm.vehicle_id = ${s.vehicleId} and fm.park_id = ${parkId}`;

/** A driver's or vehicle's revenue per sub-account, for each period, in one round trip. */
async function subjectTotals(db: Db, parkId: string, s: Subject, periods: Period[]): Promise<Map<string, number>[]> {
  const { rows } = await db.execute<{ i: number; sub_account_id: string; amount: number }>(sql`
    select r.i::int as i, x.sub_account_id, x.amount
      from unnest(${sql.param(periods.map((p) => p.from.toISOString()))}::timestamptz[], ${sql.param(periods.map((p) => p.to.toISOString()))}::timestamptz[])
           with ordinality as r(s, e, i)
     cross join lateral (
       select fm.sub_account_id, sum(fm.amount)::bigint as amount
         from fund_movements fm
        where ${subjectFilter(parkId, s)} and fm.operation_date >= r.s and fm.operation_date < r.e and ${COUNTED}
        group by fm.sub_account_id
     ) x`);
  const out = periods.map(() => new Map<string, number>());
  for (const row of rows) out[row.i - 1].set(row.sub_account_id, Number(row.amount));
  return out;
}

/** Revenue by category; the park's totals carry expenses too, which `revenueOnly` leaves out. */
function byCategory(accounts: RevenueAccounts, amounts: Map<string, number>, revenueOnly: boolean): Sums {
  const out = zero();
  for (const [id, amount] of amounts) {
    if (revenueOnly && !accounts.revenue.has(id)) continue;
    out[accounts.categoryOf(id)] += amount;
  }
  return out;
}

/**
 * GET /dashboard/park/ca-global and ca-individual: revenue over the period (default: this month
 * up to today, or last month before the 7th) by category, against the same days last month.
 */
export async function caTotals(db: Db, actor: ActingProfile, q: { start_date?: string; end_date?: string; driver_id?: string; vehicle_id?: string }, individual: boolean): Promise<TCaTotals> {
  const { timeZone, currency } = actor.park;
  const parkId = actor.parkId;
  const subject = individual ? await subjectOf(db, parkId, q) : null;
  const current = periodOf(q, timeZone);
  const previous = sameDaysLastMonth(current, timeZone);
  const accounts = await revenueAccounts(db, parkId);
  const [now, before] = subject ? await subjectTotals(db, parkId, subject, [current, previous]) : await totalsBySubAccount(db, { parkId }, [current, previous]);
  const a = byCategory(accounts, now, !subject);
  const b = byCategory(accounts, before, !subject);
  const compared = (x: number, y: number) => ({ amount: fromMinor(x, currency), previous: fromMinor(y, currency), percentage: percentChange(x, y), trend: trendOf(x, y) });
  const sum = (s: Sums) => s.vtc + s.autres + s.courses;
  return {
    currency,
    period: shown(current),
    previous_period: shown(previous),
    driver_id: subject?.driverId ?? null,
    vehicle_id: subject?.vehicleId ?? null,
    total: compared(sum(a), sum(b)),
    vtc: compared(a.vtc, b.vtc),
    autres: compared(a.autres, b.autres),
    courses: compared(a.courses, b.courses),
  };
}

/**
 * GET /dashboard/park/graph-ca-global and graph-ca-individual: the period's revenue by day (up to
 * 62 days) or by month (up to 36 months), every day or month present (zeros included).
 */
export async function caGraph(db: Db, actor: ActingProfile, q: { start_date?: string; end_date?: string; driver_id?: string; vehicle_id?: string }, individual: boolean): Promise<TCaGraph> {
  const { timeZone, currency } = actor.park;
  const parkId = actor.parkId;
  const subject = individual ? await subjectOf(db, parkId, q) : null;
  const p = periodOf(q, timeZone);
  // Charts count whole days: the period's first and last days.
  const from = p.start.slice(0, 10);
  const to = p.end.slice(0, 10);
  const unit: 'day' | 'month' = daysBetween(from, to) + 1 <= CA_GRAPH_MAX_DAYS ? 'day' : 'month';
  const keys = unit === 'day' ? dayKeys(from, to) : monthKeys(from, to);
  if (unit === 'month' && keys.length > MAX_DIAGRAM_MONTHS) throw new AppError('ACCOUNTING_PERIOD_TOO_LONG');
  const accounts = await revenueAccounts(db, parkId);

  let rows: { k: string; sub_account_id: string; amount: number }[];
  if (subject) {
    const bucket = unit === 'day' ? sql`to_char(fm.operation_date at time zone ${timeZone}, 'YYYY-MM-DD')` : sql`to_char(fm.operation_date at time zone ${timeZone}, 'YYYY-MM')`;
    const range = period(`${from}T00:00:00`, `${to}T23:59:59`, timeZone);
    ({ rows } = await db.execute<{ k: string; sub_account_id: string; amount: number }>(sql`
      select ${bucket} as k, fm.sub_account_id, sum(fm.amount)::bigint as amount
        from fund_movements fm
       where ${subjectFilter(parkId, subject)} and fm.operation_date >= ${range.from.toISOString()}::timestamptz
         and fm.operation_date < ${range.to.toISOString()}::timestamptz and ${COUNTED}
       group by 1, 2`));
  } else if (unit === 'day') {
    ({ rows } = await db.execute<{ k: string; sub_account_id: string; amount: number }>(sql`
      select day::text as k, sub_account_id, sum(counted_amount)::bigint as amount
        from fund_movement_daily_totals
       where park_id = ${parkId} and type = 'profit' and day >= ${from}::date and day <= ${to}::date
       group by 1, 2`));
  } else {
    // Whole months from the monthly totals, the edge days from the daily ones (the accounting's reader).
    const months = await monthlyTotalsBySubAccount(db, { parkId }, period(`${from}T00:00:00`, `${to}T23:59:59`, timeZone), timeZone);
    rows = months.filter((m) => accounts.revenue.has(m.subAccountId)).map((m) => ({ k: m.month, sub_account_id: m.subAccountId, amount: m.amount }));
  }
  const sums = new Map(keys.map((key) => [key, zero()]));
  for (const r of rows) {
    const s = sums.get(r.k);
    if (s) s[accounts.categoryOf(r.sub_account_id)] += Number(r.amount);
  }
  const money = (minor: number) => fromMinor(minor, currency);
  return {
    currency,
    unit,
    driver_id: subject?.driverId ?? null,
    vehicle_id: subject?.vehicleId ?? null,
    points: keys.map((key) => {
      const s = sums.get(key)!;
      return { key, total: money(s.vtc + s.autres + s.courses), vtc: money(s.vtc), autres: money(s.autres), courses: money(s.courses) };
    }),
  };
}
