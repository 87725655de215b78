import { and, count, desc, eq, gte, lt, not, sql, type SQL } from 'drizzle-orm';
import type { Page, TCheckInvoiceAnswer, TInvoice, TInvoiceStatus } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import { pageWindow, toPage } from '../../platform/pagination.ts';
import { invoiceOfPark } from './invoice-records.ts';
import { parkToday } from './subscription-days.ts';
import { paymentOpen, subscriptionInfo, type ParkRef } from './subscription-state.ts';
import { invoiceView } from './subscription-view.ts';
import { subscriptionInvoices } from './subscriptions.tables.ts';

/**
 * A park's invoices: the history (newest first, by status) and one invoice with the state of the
 * subscription (what the screen polls after a payment). Statuses are read like invoiceStatus: paid,
 * else pending while its last pay-in awaits the provider, else expired past its day, else unpaid.
 */

const pendingPayin = sql<boolean>`exists (select 1 from payins p where p.id = ${subscriptionInvoices.payinId} and p.status = 'pending')`;

function statusFilter(status: TInvoiceStatus, today: string): SQL | undefined {
  const unpaid = eq(subscriptionInvoices.status, 'unpaid');
  switch (status) {
    case 'paid':
      return eq(subscriptionInvoices.status, 'paid');
    case 'pending':
      return and(unpaid, pendingPayin);
    case 'expired':
      return and(unpaid, not(pendingPayin), lt(subscriptionInvoices.validUntil, today));
    case 'unpaid':
      return and(unpaid, not(pendingPayin), gte(subscriptionInvoices.validUntil, today));
  }
}

/** GET /subscription/invoices/history. */
export async function invoiceHistory(
  db: Db,
  park: ParkRef,
  now: Date,
  q: { page: number; itemPerPage: number; status?: TInvoiceStatus },
): Promise<Page<TInvoice>> {
  const today = parkToday(park.timeZone, now);
  const where = and(eq(subscriptionInvoices.parkId, park.id), q.status ? statusFilter(q.status, today) : undefined);
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ row: subscriptionInvoices, pending: pendingPayin })
      .from(subscriptionInvoices)
      .where(where)
      .orderBy(desc(subscriptionInvoices.createdAt), desc(subscriptionInvoices.number))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(subscriptionInvoices).where(where),
  ]);
  const items = rows.map((r) => invoiceView(r.row, { today, timeZone: park.timeZone, paymentOpen: r.pending === true }));
  return toPage(items, total, q);
}

/** GET /subscription/check-invoice: the invoice (another park's is not found) and where the subscription stands. */
export async function checkInvoice(db: Db, park: ParkRef, now: Date, invoiceId: string): Promise<TCheckInvoiceAnswer> {
  const today = parkToday(park.timeZone, now);
  const row = await invoiceOfPark(db, park.id, invoiceId);
  const [open, info] = await Promise.all([paymentOpen(db, row.payinId), subscriptionInfo(db, park, now)]);
  return { invoice: invoiceView(row, { today, timeZone: park.timeZone, paymentOpen: open }), info };
}
