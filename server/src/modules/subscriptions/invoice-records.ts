import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { InvoiceRow } from './subscription-view.ts';
import { subscriptionInvoiceNumberSeq, subscriptionInvoices } from './subscriptions.tables.ts';

/** An invoice of the park (another park's reads as not found). */
export async function invoiceOfPark(db: Db | Tx, parkId: string, id: string, opts: { lock?: boolean } = {}): Promise<InvoiceRow> {
  const q = db.select().from(subscriptionInvoices).where(and(eq(subscriptionInvoices.parkId, parkId), eq(subscriptionInvoices.id, id)));
  const [row] = opts.lock ? await q.for('update') : await q;
  if (!row) throw new AppError('SUBSCRIPTION_INVOICE_NOT_FOUND');
  return row;
}

/** FLT-2026-000123: the platform's one sequence, with the year the invoice is made in. */
export async function nextInvoiceNumber(db: Db | Tx, year: string): Promise<string> {
  const { rows } = await db.execute<{ n: string }>(sql`select nextval(${subscriptionInvoiceNumberSeq.seqName}) as n`);
  return `FLT-${year}-${String(rows[0].n).padStart(6, '0')}`;
}
