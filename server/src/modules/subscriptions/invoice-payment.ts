import { and, eq, sql } from 'drizzle-orm';
import type { TPayInvoiceAnswer } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { cancelPayin, payinOfPark, startPayin } from '../payins/payins.service.ts';
import { invoiceOfPark } from './invoice-records.ts';
import { parkToday } from './subscription-days.ts';
import { invoiceView } from './subscription-view.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { subscriptionInvoices } from './subscriptions.tables.ts';

/**
 * POST /subscription/paid-invoice-subscription: asks the owner's operator for an invoice's amount
 * (issue 23, 'Paying'). The invoice turns paid only when the provider confirms, through the pay-in's
 * purpose handler (invoice-apply.ts); here it only remembers its last pay-in (payin_id).
 *
 * Refused: an invoice already paid, a quote past its day (its amount was computed for that day),
 * and an invoice whose last payment still awaits the operator's validation (one prompt at a time).
 * The provider is asked outside any transaction (it is a network call); two requests racing for one
 * invoice are settled afterwards by a compare-and-set on payin_id: the loser's pay-in is cancelled
 * at once, and if its payer pays anyway the money is recorded to refund, never applied twice.
 */
export async function payInvoice(
  deps: SubscriptionsDeps,
  acting: ActingProfile,
  input: { invoiceId: string; operatorId: string; phone: string },
): Promise<TPayInvoiceAnswer> {
  const { db } = deps;
  const timeZone = acting.park.timeZone;
  const today = parkToday(timeZone, deps.now());
  const invoice = await invoiceOfPark(db, acting.parkId, input.invoiceId.toLowerCase());
  if (invoice.status === 'paid') throw new AppError('SUBSCRIPTION_INVOICE_PAID');
  if (invoice.validUntil < today) throw new AppError('SUBSCRIPTION_INVOICE_EXPIRED');
  if (await awaitingValidation(deps, acting.parkId, invoice.payinId)) throw new AppError('SUBSCRIPTION_PAYMENT_PENDING');

  const validation = await startPayin(deps.payins, acting, {
    amount: invoice.amount,
    phone: input.phone,
    operatorId: input.operatorId,
    driverId: null,
    vehicleId: null,
    purpose: { kind: 'subscription', invoiceId: invoice.id },
  });
  const [updated] = await db
    .update(subscriptionInvoices)
    .set({ payinId: validation.transaction_id })
    .where(and(eq(subscriptionInvoices.id, invoice.id), eq(subscriptionInvoices.status, 'unpaid'), sql`${subscriptionInvoices.payinId} is not distinct from ${invoice.payinId}`))
    .returning();
  if (!updated) {
    // Another request got there first (or the invoice was paid meanwhile): this prompt is withdrawn.
    await cancelPayin(deps.payins, acting, validation.transaction_id, { kind: 'subscription' }).catch((err: unknown) => deps.log?.warn({ err, payinId: validation.transaction_id }, 'losing pay-in of an invoice not cancelled'));
    const after = await invoiceOfPark(db, acting.parkId, invoice.id);
    throw new AppError(after.status === 'paid' ? 'SUBSCRIPTION_INVOICE_PAID' : 'SUBSCRIPTION_PAYMENT_PENDING');
  }
  return { invoice: invoiceView(updated, { today, timeZone, paymentOpen: validation.status === 'pending' }), validation };
}

/** The invoice's last pay-in still pending and inside its countdown: its payer may be validating it. */
async function awaitingValidation(deps: SubscriptionsDeps, parkId: string, payinId: string | null): Promise<boolean> {
  if (!payinId) return false;
  const row = await payinOfPark(deps.db, parkId, payinId);
  return !!row && row.status === 'pending' && row.expiresAt.getTime() > Date.now();
}
