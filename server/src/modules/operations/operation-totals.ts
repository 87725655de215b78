import { sql, type SQL } from 'drizzle-orm';

/**
 * Reads of the operation totals (operation-totals.tables.ts) over a span of whole park-local days:
 * the whole months inside it from the monthly table, the days at its edges from the daily one. The
 * answer is a subquery of rows (type, sub_account_id, caisse_id, visible_count, counted_amount) to
 * filter and sum; all time is a few hundred monthly rows even after years of operations.
 */

/** yyyy-MM-dd of a calendar date (no time zone: these are park-local days already). */
const iso = (d: Date) => d.toISOString().slice(0, 10);
const calendar = (day: string) => new Date(`${day}T00:00:00Z`);

/** The first day of the first month wholly inside [from, ...). */
function firstWholeMonth(from: string): string {
  const d = calendar(from);
  if (d.getUTCDate() === 1) return from;
  return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** The first day of the last month wholly inside (..., to]. */
function lastWholeMonth(to: string): string {
  const d = calendar(to);
  const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
  const month = next.getUTCDate() === 1 ? d : new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1));
  return iso(new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), 1)));
}

const COLUMNS = sql.raw('type, sub_account_id, caisse_id, visible_count, counted_amount');

/**
 * The totals rows covering the days from `from` to `to` (inclusive, yyyy-MM-dd; either open) of a
 * park, as a subquery to select from.
 */
export function totalsOverDays(parkId: string, from: string | null, to: string | null): SQL {
  const monthFrom = from ? firstWholeMonth(from) : null;
  const monthTo = to ? lastWholeMonth(to) : null;
  if (monthFrom && monthTo && monthFrom > monthTo) {
    // No whole month inside: the days themselves.
    return sql`(select ${COLUMNS} from fund_movement_daily_totals where park_id = ${parkId} and day >= ${from}::date and day <= ${to}::date)`;
  }
  const months: SQL[] = [sql`park_id = ${parkId}`];
  if (monthFrom) months.push(sql`month >= ${monthFrom}::date`);
  if (monthTo) months.push(sql`month <= ${monthTo}::date`);
  const parts: SQL[] = [sql`select ${COLUMNS} from fund_movement_monthly_totals where ${sql.join(months, sql` and `)}`];
  if (from && monthFrom && from < monthFrom) {
    parts.push(sql`select ${COLUMNS} from fund_movement_daily_totals where park_id = ${parkId} and day >= ${from}::date and day < ${monthFrom}::date`);
  }
  if (to && monthTo) {
    parts.push(sql`select ${COLUMNS} from fund_movement_daily_totals where park_id = ${parkId}
      and day >= (${monthTo}::date + interval '1 month')::date and day <= ${to}::date`);
  }
  return sql`(${sql.join(parts, sql` union all `)})`;
}
