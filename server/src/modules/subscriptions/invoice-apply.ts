import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { PayinRow } from '../payins/payin-view.ts';
import { addDays, daysInclusive, parkToday, periodEnd, periodMonths } from './subscription-days.ts';
import { currentSubscription, lastPaidDay, parkRef, upcomingSubscriptions } from './subscription-state.ts';
import type { InvoiceRow, SubscriptionRow } from './subscription-view.ts';
import { parkSubscriptions, subscriptionInvoices, subscriptionPayments } from './subscriptions.tables.ts';

/**
 * What a confirmed mobile-money payment of a subscription invoice does (issue 23, 'Applying'): the
 * payins settlement calls it once per pay-in success, in its transaction with the pay-in locked.
 *
 * The invoice is locked (FOR UPDATE), so two pay-ins of one invoice succeeding at once apply one
 * after the other; every confirmed payment is recorded once in subscription_payments (payin_id
 * unique). The first applies the invoice and marks it paid; any later one finds it paid and is
 * recorded applied=false: money the platform's operator refunds. A payment that can no longer be
 * applied (the subscription an upgrade, a migration or a change was priced on no longer runs) is
 * refunded too, and the invoice stays unpaid: it was not paid for what it says.
 *
 * The park's money never moves: no ledger posting, no park transaction (the money goes from the
 * owner's wallet to the platform). Days are the park's (time zone), from the settlement's clock.
 *
 * park_subscriptions keeps at most one 'active' row per park (a unique index): every active row is
 * ended or replaced before a new active one is written.
 */

export const APPLY_DETAILS = {
  alreadyPaid: 'Facture déjà payée\u00a0: paiement à rembourser',
  notCurrent: "L'abonnement concerné par cette facture n'est plus en cours\u00a0: paiement à rembourser",
  alreadyPro: 'Abonnement déjà professionnel\u00a0: paiement à rembourser',
  noInvoice: 'Facture introuvable\u00a0: paiement à rembourser',
} as const;

export async function applyInvoicePayment(tx: Tx, payin: PayinRow, now: Date): Promise<{ detail: string | null }> {
  const invoiceId = payin.purpose.invoiceId;
  // The settlement holds the pay-in locked: a payment already recorded for it is not recorded twice.
  const [seen] = await tx.select({ detail: subscriptionPayments.detail }).from(subscriptionPayments).where(eq(subscriptionPayments.payinId, payin.id));
  if (seen) return { detail: seen.detail };
  const [invoice] = invoiceId
    ? await tx
        .select()
        .from(subscriptionInvoices)
        .where(and(eq(subscriptionInvoices.id, invoiceId), eq(subscriptionInvoices.parkId, payin.parkId)))
        .for('update')
    : [];
  if (!invoice) return { detail: APPLY_DETAILS.noInvoice };

  const refusal = invoice.status === 'paid' ? APPLY_DETAILS.alreadyPaid : await applyInvoice(tx, invoice, payin.id, now);
  await tx
    .insert(subscriptionPayments)
    .values({ parkId: payin.parkId, invoiceId: invoice.id, payinId: payin.id, amount: payin.amount, currency: payin.currency, applied: refusal === null, detail: refusal })
    .onConflictDoNothing();
  return { detail: refusal };
}

/**
 * An invoice with nothing to pay (a change to a plan the credit covers): applied at once, in the
 * caller's transaction, the invoice locked. Mobile money can't carry 0, and nobody should wait for
 * a payment of nothing. Throws when it can no longer be applied (the subscription it was priced on
 * no longer runs), so the caller's transaction writes nothing.
 */
export async function applyFreeInvoice(tx: Tx, invoiceId: string, now: Date): Promise<void> {
  const [invoice] = await tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, invoiceId)).for('update');
  if (!invoice || invoice.amount !== 0 || invoice.status === 'paid') throw new Error(`invoice ${invoiceId} is not a free unpaid invoice`);
  const refusal = await applyInvoice(tx, invoice, null, now);
  if (refusal) throw new AppError('SUBSCRIPTION_NO_ACTIVE');
}

/** Applies an unpaid invoice and marks it paid; answers why it can't be applied (to refund), or null. */
async function applyInvoice(tx: Tx, invoice: InvoiceRow, payinId: string | null, now: Date): Promise<string | null> {
  const park = await parkRef(tx, invoice.parkId);
  const today = parkToday(park.timeZone, now);
  const current = await currentSubscription(tx, invoice.parkId, today);
  const paid: Partial<InvoiceRow> = { status: 'paid', paidAt: now, paidPayinId: payinId };

  switch (invoice.kind) {
    case 'subscribe': {
      // A paid subscription still running: the new one waits after the last paid day (never lost).
      const last = await lastPaidDay(tx, invoice.parkId, today);
      const start = last ? addDays(last, 1) : today;
      const created = await addSubscription(tx, invoice, { start, today, now, renew: false });
      await markPaid(tx, invoice, { ...paid, subscriptionId: created.id, periodStart: created.startsOn, periodEnd: created.endsOn });
      return null;
    }
    case 'upgrade': {
      if (!current || current.isTrial || current.id !== invoice.subscriptionId) return APPLY_DETAILS.notCurrent;
      await tx
        .update(parkSubscriptions)
        .set({ vehicleNumber: sql`${parkSubscriptions.vehicleNumber} + ${invoice.addedVehicles}`, amount: sql`${parkSubscriptions.amount} + ${invoice.amount}`, updatedAt: now })
        .where(eq(parkSubscriptions.id, current.id));
      await markPaid(tx, invoice, paid);
      return null;
    }
    case 'extend': {
      const last = await lastPaidDay(tx, invoice.parkId, today);
      const created = await addSubscription(tx, invoice, { start: last ? addDays(last, 1) : today, today, now, renew: true });
      await markPaid(tx, invoice, { ...paid, periodStart: created.startsOn, periodEnd: created.endsOn });
      return null;
    }
    case 'migrate': {
      if (!current || current.id !== invoice.subscriptionId) return APPLY_DETAILS.notCurrent;
      if (current.applicationType === 'professionnel') return APPLY_DETAILS.alreadyPro;
      await tx
        .update(parkSubscriptions)
        .set({ applicationType: 'professionnel', planId: invoice.planId, pricePerVehicle: invoice.pricePerVehicle, amount: sql`${parkSubscriptions.amount} + ${invoice.amount}`, updatedAt: now })
        .where(eq(parkSubscriptions.id, current.id));
      await markPaid(tx, invoice, paid);
      return null;
    }
    case 'change': {
      if (!current || current.isTrial || current.id !== invoice.subscriptionId) return APPLY_DETAILS.notCurrent;
      // The credit paid for the days left of the current one: it ends yesterday (cancelled when it started today).
      const created = await addSubscription(tx, invoice, { start: today, today, now, renew: false, replacing: current });
      await markPaid(tx, invoice, { ...paid, periodStart: created.startsOn, periodEnd: created.endsOn });
      return null;
    }
  }
}

async function markPaid(tx: Tx, invoice: InvoiceRow, set: Partial<InvoiceRow>): Promise<void> {
  await tx.update(subscriptionInvoices).set(set).where(eq(subscriptionInvoices.id, invoice.id));
}

/**
 * Writes the subscription an invoice buys, `periods` periods from `start`. Starting after today it
 * waits 'scheduled'; from today it is the active one: the running one (trial, `replacing`, or an
 * active row whose days are past) ends first, and paid subscriptions scheduled after it move to
 * follow the new one, so no paid day is lost and none overlaps.
 */
async function addSubscription(
  tx: Tx,
  invoice: InvoiceRow,
  o: { start: string; today: string; now: Date; renew: boolean; replacing?: SubscriptionRow },
): Promise<SubscriptionRow> {
  const months = periodMonths(invoice.period) * Math.max(1, invoice.periods);
  const startsOn = o.start;
  const endsOn = periodEnd(startsOn, months);
  const active = startsOn <= o.today;
  if (active) {
    const yesterday = addDays(o.today, -1);
    const running = await tx.select().from(parkSubscriptions).where(and(eq(parkSubscriptions.parkId, invoice.parkId), eq(parkSubscriptions.status, 'active'))).for('update');
    for (const r of running) {
      const past = r.endsOn < o.today;
      await tx
        .update(parkSubscriptions)
        .set({
          status: past ? 'ended' : 'replaced',
          endedAt: o.now,
          // What it covered: up to yesterday (a row that started today keeps its dates, replaced).
          ...(past || r.startsOn >= o.today ? {} : { endsOn: yesterday }),
          updatedAt: o.now,
        })
        .where(eq(parkSubscriptions.id, r.id));
    }
    if (o.replacing && o.replacing.status === 'scheduled') {
      await tx.update(parkSubscriptions).set({ status: 'replaced', endedAt: o.now, ...(o.replacing.startsOn < o.today ? { endsOn: yesterday } : {}), updatedAt: o.now }).where(eq(parkSubscriptions.id, o.replacing.id));
    }
    // Paid extensions waiting after the replaced one follow the new one, keeping their length.
    let next = addDays(endsOn, 1);
    for (const s of await upcomingSubscriptions(tx, invoice.parkId, o.today)) {
      if (s.startsOn >= next) break;
      const days = daysInclusive(s.startsOn, s.endsOn);
      await tx.update(parkSubscriptions).set({ startsOn: next, endsOn: addDays(next, days - 1), updatedAt: o.now }).where(eq(parkSubscriptions.id, s.id));
      next = addDays(next, days);
    }
  }
  const [row] = await tx
    .insert(parkSubscriptions)
    .values({
      parkId: invoice.parkId,
      planId: invoice.planId,
      status: active ? 'active' : 'scheduled',
      type: invoice.type,
      applicationType: invoice.applicationType,
      period: invoice.period,
      vehicleNumber: invoice.vehicleNumber,
      pricePerVehicle: invoice.pricePerVehicle,
      currency: invoice.currency,
      amount: invoice.amount,
      offer: invoice.offer,
      renew: o.renew,
      isTrial: false,
      startsOn,
      endsOn,
      invoiceId: invoice.id,
    })
    .returning();
  return row;
}
