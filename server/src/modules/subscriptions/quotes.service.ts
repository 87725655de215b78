import { eq } from 'drizzle-orm';
import { SUBSCRIPTION_MAX_VEHICLES, SUBSCRIPTION_MESSAGES, planLabel, type TAccountType, type TInvoiceAnswer, type TPlanSelection } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { applyFreeInvoice } from './invoice-apply.ts';
import { nextInvoiceNumber } from './invoice-records.ts';
import { activePlanById, planById, planViewOf, type PlanRow } from './plans.service.ts';
import { changeAmount, daysLeft, fullPrice, periodDays, upgradeAmount } from './pricing.ts';
import { addDays, parkToday, periodEnd, periodMonths } from './subscription-days.ts';
import { currentSubscription, lastPaidDay, parkRef, vehiclesUsed, type ParkRef } from './subscription-state.ts';
import { invoiceView, type InvoiceRow, type SubscriptionRow } from './subscription-view.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { subscriptionInvoices, type InvoiceLineRow } from './subscriptions.tables.ts';

/**
 * What a park's purchases cost today and the invoices that ask for it (issue 23 section 2,
 * 'Semantics'): subscribe, upgrade-vehicle, extend and the preview of a plan (select-subscription).
 * Migration and change of plan are in quotes-change.ts. Every amount comes from pricing.ts in minor
 * units; an invoice is a quote for its day (valid_until = today in the park's time zone), its lines
 * summing to its amount. Nothing here changes a subscription: paying the invoice does.
 */

/** The park, its day and the subscription that counts on it. */
export interface QuoteContext {
  park: ParkRef;
  today: string;
  now: Date;
  current: SubscriptionRow | null;
}

export async function quoteContext(deps: SubscriptionsDeps, parkId: string, db: Db | Tx = deps.db): Promise<QuoteContext> {
  const now = deps.now();
  const park = await parkRef(db, parkId);
  const today = parkToday(park.timeZone, now);
  return { park, today, now, current: await currentSubscription(db, parkId, today) };
}

/** The paid subscription running today: a trial or none can't be upgraded, extended or changed. */
export function paidCurrent(ctx: QuoteContext): SubscriptionRow {
  if (!ctx.current) throw new AppError('SUBSCRIPTION_NO_ACTIVE');
  if (ctx.current.isTrial) throw new AppError('SUBSCRIPTION_TRIAL_ONLY');
  return ctx.current;
}

/** 'yyyy-MM-dd' as a French reader writes it. */
export function frenchDay(day: string): string {
  const [y, m, d] = day.split('-');
  return `${d}/${m}/${y}`;
}

export function vehiclesText(n: number): string {
  return `${n.toLocaleString('fr-FR')} véhicule${n > 1 ? 's' : ''}`;
}

/** A plan's country and account type must be the park's (and the one asked for). */
export function assertPlanFor(plan: PlanRow, park: ParkRef, accountType: TAccountType): void {
  if (plan.countryCode !== park.countryCode || plan.accountType !== accountType) throw new AppError('SUBSCRIPTION_PLAN_MISMATCH');
}

/** The vehicles asked for: at least those the park uses, at most what the plan takes. */
export async function assertVehicles(db: Db | Tx, parkId: string, plan: Pick<PlanRow, 'maxVehicles'> | null, vehicles: number): Promise<void> {
  if (vehicles > SUBSCRIPTION_MAX_VEHICLES) throw fieldError('vehicle_number', SUBSCRIPTION_MESSAGES.vehicleNumberMax);
  if (plan?.maxVehicles != null && vehicles > plan.maxVehicles) throw new AppError('SUBSCRIPTION_PLAN_MAX_VEHICLES');
  if (vehicles < (await vehiclesUsed(db, parkId))) throw new AppError('SUBSCRIPTION_BELOW_USAGE');
}

export type NewInvoice = Omit<typeof subscriptionInvoices.$inferInsert, 'id' | 'number' | 'parkId' | 'validUntil' | 'createdBy' | 'currency' | 'status' | 'createdAt'>;

/** Writes the invoice of today, numbered from the platform's sequence. */
export async function insertInvoice(
  db: Db | Tx,
  ctx: QuoteContext,
  acting: ActingProfile,
  values: NewInvoice & { status?: 'unpaid' | 'paid'; paidAt?: Date | null },
): Promise<InvoiceRow> {
  const sum = values.lines.reduce((s, l) => s + l.amount, 0);
  if (sum !== values.amount) throw new Error(`invoice lines sum to ${sum}, not ${values.amount}`);
  const number = await nextInvoiceNumber(db, ctx.today.slice(0, 4));
  const [row] = await db
    .insert(subscriptionInvoices)
    .values({ ...values, parkId: ctx.park.id, number, currency: ctx.park.currency, validUntil: ctx.today, createdBy: acting.id })
    .returning();
  return row;
}

/**
 * An invoice with nothing to pay, written and applied in one transaction: mobile money can't carry
 * 0, and nobody should wait for a payment of nothing.
 */
export async function insertAppliedAtOnce(deps: SubscriptionsDeps, ctx: QuoteContext, acting: ActingProfile, values: NewInvoice): Promise<TInvoiceAnswer> {
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertInvoice(tx, ctx, acting, values);
    await applyFreeInvoice(tx, created.id, ctx.now);
    const [paid] = await tx.select().from(subscriptionInvoices).where(eq(subscriptionInvoices.id, created.id));
    return paid;
  });
  return answer(ctx, row, true);
}

export function answer(ctx: QuoteContext, row: InvoiceRow, applied = false): TInvoiceAnswer {
  return { invoice: invoiceView(row, { today: ctx.today, timeZone: ctx.park.timeZone, paymentOpen: false }), applied };
}

function wholePeriodLine(plan: { type: PlanRow['type']; period: PlanRow['period'] }, price: number, vehicles: number, start: string, end: string, periods = 1): InvoiceLineRow {
  const amount = fullPrice(price, vehicles, periods);
  const times = periods > 1 ? `, ${periods} périodes` : '';
  return { label: `Forfait ${planLabel(plan.type, plan.period)}${times}, du ${frenchDay(start)} au ${frenchDay(end)}`, quantity: vehicles, unitPrice: price * periods, amount };
}

// ------------------------------------------------------------------ subscribe

export async function subscribe(
  deps: SubscriptionsDeps,
  acting: ActingProfile,
  body: { subscription_id: string; vehicle_number: number; vtc_app_type: TAccountType },
): Promise<TInvoiceAnswer> {
  const ctx = await quoteContext(deps, acting.parkId);
  if (ctx.current && !ctx.current.isTrial) throw new AppError('SUBSCRIPTION_ALREADY_ACTIVE');
  const plan = await activePlanById(deps.db, body.subscription_id);
  assertPlanFor(plan, ctx.park, body.vtc_app_type);
  await assertVehicles(deps.db, ctx.park.id, plan, body.vehicle_number);
  const start = ctx.today;
  const end = periodEnd(start, periodMonths(plan.period));
  const line = wholePeriodLine(plan, plan.pricePerVehicle, body.vehicle_number, start, end);
  const row = await insertInvoice(deps.db, ctx, acting, {
    kind: 'subscribe',
    subscriptionId: null,
    planId: plan.id,
    type: plan.type,
    applicationType: plan.accountType,
    period: plan.period,
    vehicleNumber: body.vehicle_number,
    pricePerVehicle: plan.pricePerVehicle,
    periodStart: start,
    periodEnd: end,
    amount: line.amount,
    offer: plan.offer,
    lines: [line],
  });
  return answer(ctx, row);
}

// ------------------------------------------------------------------ upgrade-vehicle

export async function upgradeVehicles(deps: SubscriptionsDeps, acting: ActingProfile, body: { vehicle_number: number }): Promise<TInvoiceAnswer> {
  const ctx = await quoteContext(deps, acting.parkId);
  const current = paidCurrent(ctx);
  const added = body.vehicle_number;
  const total = current.vehicleNumber + added;
  await assertVehicles(deps.db, ctx.park.id, await planById(deps.db, current.planId), total);
  const span = { startsOn: current.startsOn, endsOn: current.endsOn, currency: current.currency, pricePerVehicle: current.pricePerVehicle };
  const amount = upgradeAmount(span, added, ctx.today);
  const left = daysLeft(span, ctx.today);
  const values = {
    kind: 'upgrade' as const,
    subscriptionId: current.id,
    planId: current.planId,
    type: current.type,
    applicationType: current.applicationType,
    period: current.period,
    vehicleNumber: total,
    addedVehicles: added,
    pricePerVehicle: current.pricePerVehicle,
    periodStart: ctx.today,
    periodEnd: current.endsOn,
    amount,
    offer: current.offer,
    lines: [
      {
        label: `Ajout de ${vehiclesText(added)} au forfait ${planLabel(current.type, current.period)}, du ${frenchDay(ctx.today)} au ${frenchDay(current.endsOn)} (${left} jours sur ${periodDays(span)})`,
        quantity: 1,
        unitPrice: amount,
        amount,
      },
    ],
  };
  // Less than the payable unit for the days left (a vehicle added on the last day): added at once.
  return amount > 0 ? answer(ctx, await insertInvoice(deps.db, ctx, acting, values)) : insertAppliedAtOnce(deps, ctx, acting, values);
}

// ------------------------------------------------------------------ extend

export async function extendSubscription(deps: SubscriptionsDeps, acting: ActingProfile, body: { periods: number; vehicle_number?: number }): Promise<TInvoiceAnswer> {
  const ctx = await quoteContext(deps, acting.parkId);
  const current = paidCurrent(ctx);
  const plan = await planById(deps.db, current.planId);
  const vehicles = body.vehicle_number ?? current.vehicleNumber;
  if (vehicles > SUBSCRIPTION_MAX_VEHICLES) throw fieldError('vehicle_number', SUBSCRIPTION_MESSAGES.vehicleNumberMax);
  if (plan?.maxVehicles != null && vehicles > plan.maxVehicles) throw new AppError('SUBSCRIPTION_PLAN_MAX_VEHICLES');
  // The plan's price of today while the plan is still sold; else the price the subscription was bought at.
  const price = plan?.isActive ? plan.pricePerVehicle : current.pricePerVehicle;
  const last = (await lastPaidDay(deps.db, ctx.park.id, ctx.today)) ?? current.endsOn;
  const start = addDays(last, 1);
  const end = periodEnd(start, periodMonths(current.period) * body.periods);
  const line = wholePeriodLine(current, price, vehicles, start, end, body.periods);
  const row = await insertInvoice(deps.db, ctx, acting, {
    kind: 'extend',
    subscriptionId: current.id,
    planId: current.planId,
    type: current.type,
    applicationType: current.applicationType,
    period: current.period,
    vehicleNumber: vehicles,
    periods: body.periods,
    pricePerVehicle: price,
    periodStart: start,
    periodEnd: end,
    amount: line.amount,
    offer: plan?.isActive ? plan.offer : current.offer,
    lines: [line],
  });
  return answer(ctx, row);
}

// ------------------------------------------------------------------ select-subscription

/**
 * What choosing a plan would cost now, without writing anything: a subscription on trial or
 * without one, a change of plan (less the days left) when a paid one runs.
 */
export async function selectPlan(deps: SubscriptionsDeps, acting: ActingProfile, q: { subscription_id: string; vehicle_number?: number }): Promise<TPlanSelection> {
  const ctx = await quoteContext(deps, acting.parkId);
  const plan = await activePlanById(deps.db, q.subscription_id);
  const paid = ctx.current && !ctx.current.isTrial ? ctx.current : null;
  assertPlanFor(plan, ctx.park, paid ? paid.applicationType : plan.accountType);
  const vehicles = q.vehicle_number ?? Math.max(1, ctx.current?.vehicleNumber ?? 0, await vehiclesUsed(deps.db, ctx.park.id));
  await assertVehicles(deps.db, ctx.park.id, plan, vehicles);
  const start = ctx.today;
  const end = periodEnd(start, periodMonths(plan.period));
  const money = (minor: number) => fromMinor(minor, plan.currency);
  const base = { plan: await planViewOf(deps.db, plan), vehicle_number: vehicles, period_start: start, period_end: end };
  if (!paid) return { ...base, kind: 'subscribe', amount: money(fullPrice(plan.pricePerVehicle, vehicles)), credit: 0 };
  const { amount, credit } = changeAmount(
    { startsOn: paid.startsOn, endsOn: paid.endsOn, currency: paid.currency, pricePerVehicle: paid.pricePerVehicle, vehicleNumber: paid.vehicleNumber, isTrial: false },
    { pricePerVehicle: plan.pricePerVehicle, vehicles },
    ctx.today,
  );
  return { ...base, kind: 'change', amount: money(amount), credit: money(credit) };
}
