import { and, eq } from 'drizzle-orm';
import { SUBSCRIPTION_MESSAGES, planLabel, type TInvoiceAnswer, type TMigrationQuote } from '@flotte/contract';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { AppError } from '../../platform/errors.ts';
import { fromMinor } from '../../platform/money.ts';
import { activePlanById, planViewOf, proPlanFor, type PlanRow } from './plans.service.ts';
import { changeAmount, daysLeft, migrationAmount, periodDays } from './pricing.ts';
import { periodEnd, periodMonths } from './subscription-days.ts';
import type { SubscriptionRow } from './subscription-view.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { parkSubscriptions, subscriptionInvoices } from './subscriptions.tables.ts';
import { answer, assertPlanFor, assertVehicles, frenchDay, insertAppliedAtOnce, insertInvoice, paidCurrent, quoteContext, vehiclesText, type QuoteContext } from './quotes.service.ts';

/**
 * Migrating a particulier subscription to professionnel, and changing plan (issue 23 section 2,
 * 'Semantics'). A migration costs the price difference for the vehicles and days left; a trial's
 * costs nothing and is applied at once. A change buys a whole period of the new plan from today,
 * less the value of the current one's days left (a credit line on the invoice).
 */

interface Migration {
  ctx: QuoteContext;
  current: SubscriptionRow;
  proPlan: PlanRow;
  amount: number;
}

async function migration(deps: SubscriptionsDeps, parkId: string, subscriptionId: string): Promise<Migration> {
  const ctx = await quoteContext(deps, parkId);
  const current = ctx.current;
  // Only the subscription that counts today migrates: an older or another park's id is not found.
  if (!current || current.id !== subscriptionId) throw new AppError('SUBSCRIPTION_NOT_FOUND');
  if (current.applicationType === 'professionnel') throw new AppError('SUBSCRIPTION_ALREADY_PRO');
  const proPlan = await proPlanFor(deps.db, { countryCode: ctx.park.countryCode, type: current.type, period: current.period });
  const amount = current.isTrial
    ? 0
    : migrationAmount(
        { startsOn: current.startsOn, endsOn: current.endsOn, currency: current.currency, pricePerVehicle: current.pricePerVehicle, vehicleNumber: current.vehicleNumber },
        proPlan.pricePerVehicle,
        ctx.today,
      );
  return { ctx, current, proPlan, amount };
}

/** GET /subscription/calculate-amount-migration. */
export async function migrationQuote(deps: SubscriptionsDeps, acting: ActingProfile, subscriptionId: string): Promise<TMigrationQuote> {
  const { ctx, current, proPlan, amount } = await migration(deps, acting.parkId, subscriptionId);
  const span = { startsOn: current.startsOn, endsOn: current.endsOn };
  return {
    subscription_id: current.id,
    plan: await planViewOf(deps.db, proPlan),
    amount: fromMinor(amount, current.currency),
    days_left: daysLeft(span, ctx.today),
    period_days: periodDays(span),
    vehicle_number: current.vehicleNumber,
  };
}

/**
 * GET /subscription/migrate-to-pro: the migration's invoice. The same GET repeated on the same day
 * answers the same unpaid invoice (same subscription, same amount) instead of numbering a new one.
 * Nothing to pay (a trial, or a professional price not dearer): the migration is applied at once,
 * the invoice written paid, in one transaction holding the subscription's row.
 */
export async function migrateToPro(deps: SubscriptionsDeps, acting: ActingProfile, subscriptionId: string): Promise<{ answer: TInvoiceAnswer; message: string }> {
  const { ctx, current, proPlan, amount } = await migration(deps, acting.parkId, subscriptionId);
  const left = daysLeft({ startsOn: current.startsOn, endsOn: current.endsOn }, ctx.today);
  const values = {
    kind: 'migrate' as const,
    subscriptionId: current.id,
    planId: proPlan.id,
    type: current.type,
    applicationType: 'professionnel' as const,
    period: current.period,
    vehicleNumber: current.vehicleNumber,
    pricePerVehicle: proPlan.pricePerVehicle,
    periodStart: ctx.today,
    periodEnd: current.endsOn,
    amount,
    offer: proPlan.offer,
    lines: [
      {
        label: `Passage au compte professionnel (${planLabel(current.type, current.period)}), ${vehiclesText(current.vehicleNumber)}, du ${frenchDay(ctx.today)} au ${frenchDay(current.endsOn)} (${left} jours)`,
        quantity: 1,
        unitPrice: amount,
        amount,
      },
    ],
  };

  if (amount > 0) {
    const [again] = await deps.db
      .select()
      .from(subscriptionInvoices)
      .where(
        and(
          eq(subscriptionInvoices.parkId, ctx.park.id),
          eq(subscriptionInvoices.kind, 'migrate'),
          eq(subscriptionInvoices.subscriptionId, current.id),
          eq(subscriptionInvoices.status, 'unpaid'),
          eq(subscriptionInvoices.validUntil, ctx.today),
          eq(subscriptionInvoices.amount, amount),
        ),
      )
      .limit(1);
    const row = again ?? (await insertInvoice(deps.db, ctx, acting, values));
    return { answer: answer(ctx, row), message: SUBSCRIPTION_MESSAGES.invoiceCreated };
  }

  const row = await deps.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(parkSubscriptions).where(eq(parkSubscriptions.id, current.id)).for('update');
    // Another request migrated it meanwhile.
    if (!locked || locked.applicationType === 'professionnel') throw new AppError('SUBSCRIPTION_ALREADY_PRO');
    await tx
      .update(parkSubscriptions)
      .set({
        applicationType: 'professionnel',
        planId: proPlan.id,
        // A trial stays free: its price is what nothing is prorated from.
        pricePerVehicle: locked.isTrial ? locked.pricePerVehicle : proPlan.pricePerVehicle,
        updatedAt: ctx.now,
      })
      .where(eq(parkSubscriptions.id, current.id));
    return insertInvoice(tx, ctx, acting, { ...values, status: 'paid', paidAt: ctx.now });
  });
  return { answer: answer(ctx, row, true), message: SUBSCRIPTION_MESSAGES.migrated };
}

// ------------------------------------------------------------------ change-subscription

/** POST /subscription/change-subscription: another plan of the same country and account type from today. */
export async function changeSubscription(deps: SubscriptionsDeps, acting: ActingProfile, body: { subscription_id: string; vehicle_number: number }): Promise<TInvoiceAnswer> {
  const ctx = await quoteContext(deps, acting.parkId);
  const current = paidCurrent(ctx);
  const plan = await activePlanById(deps.db, body.subscription_id);
  assertPlanFor(plan, ctx.park, current.applicationType);
  await assertVehicles(deps.db, ctx.park.id, plan, body.vehicle_number);
  const start = ctx.today;
  const end = periodEnd(start, periodMonths(plan.period));
  const span = { startsOn: current.startsOn, endsOn: current.endsOn };
  const { amount, credit, full } = changeAmount(
    { ...span, currency: current.currency, pricePerVehicle: current.pricePerVehicle, vehicleNumber: current.vehicleNumber, isTrial: false },
    { pricePerVehicle: plan.pricePerVehicle, vehicles: body.vehicle_number },
    ctx.today,
  );
  const lines = [
    { label: `Forfait ${planLabel(plan.type, plan.period)}, du ${frenchDay(start)} au ${frenchDay(end)}`, quantity: body.vehicle_number, unitPrice: plan.pricePerVehicle, amount: full },
  ];
  if (credit > 0) {
    lines.push({
      label: `Avoir\u00a0: jours restants du forfait ${planLabel(current.type, current.period)} (${daysLeft(span, ctx.today)} jours sur ${periodDays(span)})`,
      quantity: 1,
      unitPrice: -credit,
      amount: -credit,
    });
  }
  const values = {
    kind: 'change' as const,
    subscriptionId: current.id,
    planId: plan.id,
    type: plan.type,
    applicationType: plan.accountType,
    period: plan.period,
    vehicleNumber: body.vehicle_number,
    pricePerVehicle: plan.pricePerVehicle,
    periodStart: start,
    periodEnd: end,
    amount,
    offer: plan.offer,
    lines,
  };
  // The credit covers the new plan: nothing to pay, the change is made at once.
  return amount > 0 ? answer(ctx, await insertInvoice(deps.db, ctx, acting, values)) : insertAppliedAtOnce(deps, ctx, acting, values);
}
