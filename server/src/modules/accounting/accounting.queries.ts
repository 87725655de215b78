import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { ledgerAccounts } from '../ledger/ledger.tables.ts';
import { caisses } from '../treasury/treasury.tables.ts';
import { vehicleGroups } from '../vehicles/vehicles.tables.ts';
import { monthSlices, type Period } from './accounting.periods.ts';
import { totalsOverDays } from '../operations/operation-totals.ts';

/**
 * What the reports read, aggregated in the database: a park holds up to millions of operations,
 * so rows never travel, only sums per sub-account (and per month). Reads only: the operations
 * module writes fund_movements, the ledger its accounts.
 *
 * What counts: confirmed operations not cancelled, reversing rows left out (a cancelled original
 * and its reversal cancel out, so this is the ledger's net). Pending and refused operations count
 * nowhere. `reverses_id is null` also lets the planner use the partial index
 * fund_movements_list_idx (park_id, operation_date): a period is one index range.
 */
const COUNTED = sql`fm.reverses_id is null and fm.confirmed_at is not null and fm.canceled_at is null`;

export interface ReportFilter {
  parkId: string;
  /** Operations of the vehicles of this group only. */
  groupId?: string;
}

function groupFilter(f: ReportFilter): SQL {
  return f.groupId
    ? sql` and fm.vehicle_id in (select v.id from vehicles v where v.park_id = ${f.parkId} and v.group_id = ${f.groupId})`
    : sql``;
}

/** Refuses a group id that is not one of the park's groups (another park's is as unknown as a made-up one). */
export async function assertGroupOfPark(db: Db, parkId: string, groupId: string): Promise<void> {
  const [row] = await db
    .select({ id: vehicleGroups.id })
    .from(vehicleGroups)
    .where(and(eq(vehicleGroups.id, groupId), eq(vehicleGroups.parkId, parkId)));
  if (!row) throw new AppError('VEHICLE_GROUP_NOT_FOUND');
}

/** A period of whole park days, which the daily totals can answer. */
const wholeDays = (p: Period) => p.start.endsWith('T00:00:00') && p.end.endsWith('T23:59:59');

/**
 * Minor units per sub-account, for each period, in one round trip. Periods of whole days without a
 * group filter read the operation totals (operation-totals.tables.ts, the same rule of what counts,
 * kept by a trigger): a month is a few dozen summary rows instead of ~30,000 operations, which
 * under load is the difference between a few and several hundred milliseconds. Otherwise one
 * index range scan of the operations per period.
 */
export async function totalsBySubAccount(db: Db, f: ReportFilter, periods: Period[]): Promise<Map<string, number>[]> {
  if (!f.groupId && periods.every(wholeDays)) return dailyTotalsBySubAccount(db, f.parkId, periods);
  const starts = periods.map((p) => p.from.toISOString());
  const ends = periods.map((p) => p.to.toISOString());
  const { rows } = await db.execute<{ i: number; sub_account_id: string; amount: number }>(sql`
    select r.i::int as i, x.sub_account_id, x.amount
    from unnest(${sql.param(starts)}::timestamptz[], ${sql.param(ends)}::timestamptz[]) with ordinality as r(s, e, i)
    cross join lateral (
      select fm.sub_account_id, sum(fm.amount)::bigint as amount
      from fund_movements fm
      where fm.park_id = ${f.parkId} and fm.operation_date >= r.s and fm.operation_date < r.e and ${COUNTED}${groupFilter(f)}
      group by fm.sub_account_id
    ) x`);
  const out = periods.map(() => new Map<string, number>());
  for (const row of rows) out[row.i - 1].set(row.sub_account_id, Number(row.amount));
  return out;
}

async function dailyTotalsBySubAccount(db: Db, parkId: string, periods: Period[]): Promise<Map<string, number>[]> {
  const perPeriod = periods.map(
    (p, i) => sql`select ${i + 1} as i, t.sub_account_id, t.counted_amount from ${totalsOverDays(parkId, p.start.slice(0, 10), p.end.slice(0, 10))} t`,
  );
  const { rows } = await db.execute<{ i: number; sub_account_id: string; amount: number }>(sql`
    select x.i::int as i, x.sub_account_id, sum(x.counted_amount)::bigint as amount
    from (${sql.join(perPeriod, sql` union all `)}) x
    group by x.i, x.sub_account_id
    having sum(x.counted_amount) <> 0`);
  const out = periods.map(() => new Map<string, number>());
  for (const row of rows) out[row.i - 1].set(row.sub_account_id, Number(row.amount));
  return out;
}

/** Minor units per sub-account and park month (`yyyy-MM`) within a period. */
export async function monthlyTotalsBySubAccount(
  db: Db,
  f: ReportFilter,
  p: Period,
  timeZone: string,
): Promise<{ subAccountId: string; month: string; amount: number }[]> {
  const slices = monthSlices(p, timeZone);
  const sums = await totalsBySubAccount(db, f, slices.map((s) => s.period));
  return slices.flatMap((s, i) => [...sums[i]].map(([subAccountId, amount]) => ({ subAccountId, month: s.month, amount })));
}

/** The park's caisses with their ledger balance (no ledger account yet: nothing ever moved, 0). */
export async function caisseBalances(db: Db, parkId: string): Promise<{ id: string; name: string; isDefault: boolean; balance: number }[]> {
  const rows = await db
    .select({ id: caisses.id, name: caisses.name, systemKey: caisses.systemKey, balance: sql<number>`coalesce(${ledgerAccounts.balance}, 0)::bigint` })
    .from(caisses)
    .leftJoin(ledgerAccounts, and(eq(ledgerAccounts.parkId, caisses.parkId), eq(ledgerAccounts.kind, 'caisse'), eq(ledgerAccounts.ownerId, caisses.id)))
    .where(eq(caisses.parkId, parkId))
    .orderBy(sql`${caisses.systemKey} is null`, caisses.name);
  return rows.map((r) => ({ id: r.id, name: r.name, isDefault: r.systemKey === 'cash', balance: Number(r.balance) }));
}

/** The park balance (money received by mobile money), 0 before the first movement. */
export async function parkBalance(db: Db, parkId: string): Promise<number> {
  const [row] = await db
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(and(eq(ledgerAccounts.parkId, parkId), eq(ledgerAccounts.kind, 'park_balance')));
  return row ? Number(row.balance) : 0;
}
