import { INVOICE_KIND_LABELS, planLabel, type TInvoice, type TInvoiceStatus, type TSubscription } from '@flotte/contract';
import { toWireDate } from '../../platform/dates.ts';
import { fromMinor } from '../../platform/money.ts';
import type { parkSubscriptions, subscriptionInvoices } from './subscriptions.tables.ts';

export type SubscriptionRow = typeof parkSubscriptions.$inferSelect;
export type InvoiceRow = typeof subscriptionInvoices.$inferSelect;

export const TRIAL_LABEL = 'Essai gratuit';

/** The subscription entity as the routes answer it (spec 002 section 3). */
export function subscriptionView(row: SubscriptionRow, today: string): TSubscription {
  return {
    id: row.id,
    start_date: row.startsOn,
    end_date: row.endsOn,
    is_active: row.status === 'active' && row.startsOn <= today && today <= row.endsOn,
    status: row.status,
    plan: row.period,
    plan_id: row.planId,
    vehicle_number: row.vehicleNumber,
    offer: row.offer,
    renew: row.renew,
    amount: fromMinor(row.amount, row.currency),
    price_per_vehicle: fromMinor(row.pricePerVehicle, row.currency),
    currency: row.currency,
    type: row.type,
    application_type: row.applicationType,
    is_trial: row.isTrial,
    label: row.isTrial ? TRIAL_LABEL : planLabel(row.type, row.period),
  };
}

/**
 * An invoice's status on screen: paid once the provider confirmed; 'pending' while its last
 * payment awaits the provider; 'expired' once its day is past unpaid; 'unpaid' otherwise.
 */
export function invoiceStatus(row: InvoiceRow, today: string, paymentOpen: boolean): TInvoiceStatus {
  if (row.status === 'paid') return 'paid';
  if (paymentOpen) return 'pending';
  if (row.validUntil < today) return 'expired';
  return 'unpaid';
}

export function invoiceView(row: InvoiceRow, opts: { today: string; timeZone: string; paymentOpen: boolean }): TInvoice {
  const money = (minor: number) => fromMinor(minor, row.currency);
  return {
    id: row.id,
    number: row.number,
    kind: row.kind,
    kind_label: INVOICE_KIND_LABELS[row.kind],
    status: invoiceStatus(row, opts.today, opts.paymentOpen),
    amount: money(row.amount),
    currency: row.currency,
    subscription_id: row.subscriptionId,
    plan_id: row.planId,
    plan_label: planLabel(row.type, row.period),
    type: row.type,
    plan: row.period,
    application_type: row.applicationType,
    vehicle_number: row.vehicleNumber,
    added_vehicles: row.addedVehicles,
    period_start: row.periodStart,
    period_end: row.periodEnd,
    lines: row.lines.map((l) => ({ label: l.label, quantity: l.quantity, unit_price: money(l.unitPrice), amount: money(l.amount) })),
    valid_until: row.validUntil,
    created_at: toWireDate(row.createdAt, opts.timeZone),
    paid_at: row.paidAt ? toWireDate(row.paidAt, opts.timeZone) : null,
    transaction_id: row.payinId,
  };
}
