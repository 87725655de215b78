import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';

/**
 * What a park paid a supplier in a calendar year of the park's time zone, in minor units: the
 * expenses (type perte) naming the supplier that reached the ledger and still stand. By the
 * operations' status rules (operations.tables.ts): a pending one (no confirmed_at) paid nothing
 * yet, a refused or cancelled one (canceled_at) was taken back (its reversing row carries the
 * negated amount), and a reversing row (reverses_id) is never counted on its own. So the sum is
 * over confirmed, not cancelled, non-reversing rows; the supplier index (supplier_id,
 * operation_date) serves it. `year` defaults to the current year in that time zone.
 */
export async function supplierPaidInYear(
  db: Db | Tx,
  v: { parkId: string; supplierId: string; timeZone: string; year?: number },
): Promise<number> {
  const yearStart = v.year === undefined
    ? sql`date_trunc('year', now() at time zone ${v.timeZone})`
    : sql`make_date(${v.year}::int, 1, 1)::timestamp`;
  const result = await db.execute<{ paid: string | number }>(sql`
    select coalesce(sum(amount), 0)::bigint as paid
      from fund_movements
     where supplier_id = ${v.supplierId}
       and park_id = ${v.parkId}
       and type = 'perte'
       and confirmed_at is not null
       and canceled_at is null
       and reverses_id is null
       and operation_date >= (${yearStart}) at time zone ${v.timeZone}
       and operation_date < ((${yearStart}) + interval '1 year') at time zone ${v.timeZone}`);
  return Number(result.rows[0]?.paid ?? 0);
}
