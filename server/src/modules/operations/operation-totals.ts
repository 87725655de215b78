import { sql, type SQL } from 'drizzle-orm';
import type { TPnlType } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';

/**
 * Reads of the daily totals (operation-totals.tables.ts): exact counts and sums over any period
 * without reading every operation in it. Whole days come from the totals; the two edge days, which
 * a period may cut anywhere, are counted from the operations themselves (a day's rows at most).
 */

export interface TotalsFilter {
  parkId: string;
  timeZone: string;
  /** Inclusive bounds; either may be open. */
  from?: Date | null;
  to?: Date | null;
  type?: TPnlType | null;
  subAccountId?: string | null;
  caisseId?: string | null;
}

type Reader = Db | Tx;

function rowFilters(f: TotalsFilter): SQL {
  const parts: SQL[] = [sql`f.park_id = ${f.parkId}`, sql`f.reverses_id is null`];
  if (f.type) parts.push(sql`f.type = ${f.type}`);
  if (f.subAccountId) parts.push(sql`f.sub_account_id = ${f.subAccountId}`);
  if (f.caisseId) parts.push(sql`f.caisse_id = ${f.caisseId}`);
  return sql.join(parts, sql` and `);
}

function totalsFilters(f: TotalsFilter): SQL {
  const parts: SQL[] = [sql`t.park_id = ${f.parkId}`];
  if (f.type) parts.push(sql`t.type = ${f.type}`);
  if (f.subAccountId) parts.push(sql`t.sub_account_id = ${f.subAccountId}`);
  if (f.caisseId) parts.push(sql`t.caisse_id = ${f.caisseId}`);
  return sql.join(parts, sql` and `);
}

/** The park-local day of an instant, as SQL. */
const localDay = (at: Date, tz: string) => sql`((${at.toISOString()}::timestamptz) at time zone ${tz})::date`;
/** The instant a park-local day starts, as SQL. */
const dayStart = (day: SQL, tz: string) => sql`((${day})::timestamp at time zone ${tz})`;

/**
 * How many operations the list shows for these filters (reversing rows excluded), exactly.
 * Only filters the totals know of are accepted: a list filtered by driver, vehicle or a search
 * counts its (few) rows itself.
 */
export async function countVisibleOperations(db: Reader, f: TotalsFilter): Promise<number> {
  const tz = f.timeZone;
  const rows = rowFilters(f);
  const totals = totalsFilters(f);
  let query: SQL;
  if (!f.from && !f.to) {
    query = sql`select coalesce(sum(t.visible_count), 0)::bigint as n from fund_movement_daily_totals t where ${totals}`;
  } else {
    const fromDay = f.from ? localDay(f.from, tz) : null;
    const toDay = f.to ? localDay(f.to, tz) : null;
    const middle: SQL[] = [totals];
    if (fromDay) middle.push(sql`t.day > ${fromDay}`);
    if (toDay) middle.push(sql`t.day < ${toDay}`);
    // Edge days counted from the rows: from `from` to the end of its day, and from the start of
    // `to`'s day to `to` (one range when both fall on the same day).
    const edges: SQL[] = [];
    if (f.from && f.to) {
      edges.push(sql`(select count(*) from fund_movements f where ${rows} and f.operation_date >= ${f.from.toISOString()}::timestamptz
        and f.operation_date <= least(${f.to.toISOString()}::timestamptz, ${dayStart(sql`${fromDay} + 1`, tz)} - interval '1 microsecond'))`);
      edges.push(sql`(select count(*) from fund_movements f where ${rows} and ${toDay} > ${fromDay}
        and f.operation_date >= ${dayStart(toDay!, tz)} and f.operation_date <= ${f.to.toISOString()}::timestamptz)`);
    } else if (f.from) {
      edges.push(sql`(select count(*) from fund_movements f where ${rows} and f.operation_date >= ${f.from.toISOString()}::timestamptz
        and f.operation_date < ${dayStart(sql`${fromDay} + 1`, tz)})`);
    } else {
      edges.push(sql`(select count(*) from fund_movements f where ${rows} and f.operation_date >= ${dayStart(toDay!, tz)}
        and f.operation_date <= ${f.to!.toISOString()}::timestamptz)`);
    }
    const bounded = f.from && f.to ? sql`${fromDay} < ${toDay}` : sql`true`;
    query = sql`select (
        (select coalesce(sum(t.visible_count), 0) from fund_movement_daily_totals t where ${sql.join(middle, sql` and `)} and ${bounded})
        + ${sql.join(edges, sql` + `)}
      )::bigint as n`;
  }
  const { rows: result } = await db.execute<{ n: string | number }>(query);
  return Number(result[0].n);
}
