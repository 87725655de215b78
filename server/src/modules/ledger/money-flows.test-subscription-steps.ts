import { and, eq, inArray, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { payins } from '../payins/payins.tables.ts';
import { parkToday } from '../subscriptions/subscription-days.ts';
import { subscriptionInvoices, subscriptionPayments } from '../subscriptions/subscriptions.tables.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { expectAccepted, expectRefused, send } from './money-flows.test-api.ts';
import type { Model, World } from './money-flows.test-model.ts';

// ---------------------------------------------------------------------------------------------
// Subscription invoices (issue 23): paid by mobile money (Wave), the provider's callback delivered
// once or twice. The money goes from the owner's wallet to the platform: no caisse, no park
// balance, no ledger posting and no park transaction of the park may move (the model is left as it
// is, so the checks after the step prove it), and the invoice is paid exactly once.

export type SubscriptionStep = { kind: 'subscription'; amount: number; deliveries: 1 | 2; again: boolean; retry: boolean };

/** The invoices paid so far, with their pay-ins. */
export type SubscriptionModel = { invoice: string; payin: string }[];

let invoiceNo = 0;
const WAVE_CI = 1;

export async function runSubscriptionStep(w: World, m: Model, s: SubscriptionStep): Promise<string> {
  const db = w.ctx.database.db;
  const sims = await w.ctx.app.payments.collectionSimulators();
  // The step decides when the payer pays.
  sims.wave.settleAfterMs = null;
  const today = parkToday('Africa/Douala', new Date());
  const [invoice] = await db
    .insert(subscriptionInvoices)
    .values({
      parkId: w.parkId,
      number: `FLT-FLUX-${process.pid}-${++invoiceNo}`,
      kind: 'extend',
      type: 'premium',
      applicationType: 'particulier',
      period: 'monthly',
      vehicleNumber: 5,
      pricePerVehicle: s.amount,
      periodStart: today,
      periodEnd: today,
      amount: s.amount,
      currency: 'XOF',
      lines: [],
      // Its day in any time zone the park may have: the check is the payment's, not the quote's.
      validUntil: '2999-12-31',
    })
    .returning({ id: subscriptionInvoices.id });
  const what = `pay a subscription invoice of ${s.amount} by Wave, ${s.deliveries} callback${s.deliveries > 1 ? 's' : ''}${s.retry ? ' (x2)' : ''}`;
  const r = await send(w, w.owner, 'POST', '/api/subscription/paid-invoice-subscription', { invoice_id: invoice.id, operator_id: WAVE_CI, phone: '0701020304' }, s.retry);
  expectAccepted(r);
  const payin = r.data.validation.transaction_id as string;
  expect(r.data.invoice).toMatchObject({ id: invoice.id, status: 'pending', transaction_id: payin });
  await sims.wave.complete(payin, { deliveries: s.deliveries });
  const [row] = await db.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, invoice.id));
  expect(row, what).toMatchObject({ status: 'paid', paidPayinId: payin });
  const paid = await db.select().from(subscriptionPayments).where(eq(subscriptionPayments.invoiceId, invoice.id));
  expect(paid.map((x) => [x.payinId, x.applied, x.amount]), `${what}: paid once`).toEqual([[payin, true, s.amount]]);
  m.subscriptions.push({ invoice: invoice.id, payin });
  if (!s.again) return `${what} -> paid`;
  const again = await send(w, w.owner, 'POST', '/api/subscription/paid-invoice-subscription', { invoice_id: invoice.id, operator_id: WAVE_CI, phone: '0701020304' }, false);
  expectRefused(again, 409, 4870);
  return `${what} -> paid, then refused 4870`;
}

/** At the end: each invoice paid once by its pay-in, and none of its money in the park's transactions. */
export async function checkSubscriptionsAtEnd(w: World, m: Model) {
  if (!m.subscriptions.length) return;
  const db = w.ctx.database.db;
  const ids = m.subscriptions.map((x) => x.invoice);
  const paid = await db.select({ invoice: subscriptionPayments.invoiceId, payin: subscriptionPayments.payinId, applied: subscriptionPayments.applied }).from(subscriptionPayments).where(inArray(subscriptionPayments.invoiceId, ids));
  expect(paid.map((x) => [x.invoice, x.payin, x.applied]).sort(), 'subscription payments').toEqual(m.subscriptions.map((x) => [x.invoice, x.payin, true]).sort());
  const refs = (await db.select({ id: payins.id, ref: payins.providerRef }).from(payins).where(inArray(payins.id, m.subscriptions.map((x) => x.payin)))).flatMap((x) => [x.id, x.ref].filter(Boolean) as string[]);
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(parkTransactions).where(and(eq(parkTransactions.parkId, w.parkId), inArray(parkTransactions.providerRef, refs)));
  expect(n, 'park transactions of subscription payments').toBe(0);
}
