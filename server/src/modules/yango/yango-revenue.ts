import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { balancePartOf } from './yango-categories.ts';

/**
 * A driver's Yango revenue over an instant range, read from our copy (yango_transactions): the sum
 * of the transactions whose category counts as revenue (yango-categories.ts: the seven parts of
 * the balance breakdown, fees negative), other categories (transfers, payouts, our own debits)
 * left out. Per currency, since Yango's currency is not always the park's and an amount is never
 * converted silently: the caller decides what to do with a currency it does not expect.
 *
 * The range is [from, to) (event_at), an index range of yango_transactions_driver_idx. Amounts are
 * integer minor units of their currency.
 */

export interface YangoRevenue {
  /** Revenue per currency (only currencies with at least one revenue transaction). */
  byCurrency: Map<string, number>;
  /** Revenue transactions counted. */
  count: number;
}

/** Each driver's revenue over [from, to), for many drivers in one statement (drivers without any are absent). */
export async function yangoRevenueOfDrivers(db: Pick<Db | Tx, 'execute'>, parkId: string, driverIds: string[], from: Date, to: Date): Promise<Map<string, YangoRevenue>> {
  const out = new Map<string, YangoRevenue>();
  if (driverIds.length === 0 || to.getTime() <= from.getTime()) return out;
  // Summed per category in SQL (a handful of rows per driver), classified here by the one rule.
  const { rows } = await db.execute<{ driver_id: string; category_id: string; currency: string; total: string | number; n: string | number }>(sql`
    select driver_id, category_id, currency, sum(amount) as total, count(*) as n
      from yango_transactions
     where park_id = ${parkId} and driver_id = any(${sql.param(driverIds)}::uuid[])
       and event_at >= ${from.toISOString()}::timestamptz and event_at < ${to.toISOString()}::timestamptz
     group by driver_id, category_id, currency`);
  for (const r of rows) {
    if (!balancePartOf(r.category_id)) continue;
    const rev = out.get(r.driver_id) ?? { byCurrency: new Map<string, number>(), count: 0 };
    rev.byCurrency.set(r.currency, (rev.byCurrency.get(r.currency) ?? 0) + Number(r.total));
    rev.count += Number(r.n);
    out.set(r.driver_id, rev);
  }
  return out;
}

/** One driver's revenue over [from, to). */
export async function yangoRevenueOf(db: Pick<Db | Tx, 'execute'>, parkId: string, driverId: string, from: Date, to: Date): Promise<YangoRevenue> {
  return (await yangoRevenueOfDrivers(db, parkId, [driverId], from, to)).get(driverId) ?? { byCurrency: new Map(), count: 0 };
}
