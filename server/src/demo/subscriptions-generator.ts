import { eq } from 'drizzle-orm';
import type { Db } from '../platform/db/database.ts';
import { nextInvoiceNumber } from '../modules/subscriptions/invoice-records.ts';
import { activePlanFor } from '../modules/subscriptions/plans.service.ts';
import { fullPrice, upgradeAmount } from '../modules/subscriptions/pricing.ts';
import { addDays, parkToday, periodEnd } from '../modules/subscriptions/subscription-days.ts';
import { parkRef, vehiclesUsed } from '../modules/subscriptions/subscription-state.ts';
import { parkSubscriptions, subscriptionInvoices, type InvoiceLineRow } from '../modules/subscriptions/subscriptions.tables.ts';
import { uuidv7 } from '../platform/ids.ts';

/**
 * Years of a park's paid subscription, for the benchmark (issue 23): Premium monthly, one paid
 * invoice a month (the first a subscription, the others extensions) and upgrades along the way
 * (+5 vehicles each, about two months in three until `upgrades` are made), each period's
 * subscription ended but the running one. The running one allows the vehicles in use plus
 * `headroom`, so POST /api/vehicle has room for that many. Rows go in directly, in two inserts.
 */
export interface SubscriptionHistorySize {
  years: number;
  upgrades: number;
  /** Places left in the running subscription. */
  headroom: number;
}

const UPGRADE_STEP = 5;

export async function seedSubscriptionHistory(
  db: Db,
  parkId: string,
  size: SubscriptionHistorySize,
  now: Date = new Date(),
): Promise<{ subscriptionInvoices: number; subscriptionVehicles: number; subscriptionVehiclesUsed: number }> {
  const park = await parkRef(db, parkId);
  const today = parkToday(park.timeZone, now);
  const plan = await activePlanFor(db, { countryCode: park.countryCode, accountType: 'particulier', type: 'premium', period: 'monthly' });
  if (!plan) throw new Error(`no active premium monthly plan for ${park.countryCode}`);
  const used = await vehiclesUsed(db, parkId);
  const finalVehicles = used + size.headroom;

  // The periods, one after the other, from `years` ago to the one holding today.
  const periods: { startsOn: string; endsOn: string }[] = [];
  for (let start = addDays(today, -Math.round(size.years * 365.25)); start <= today; ) {
    const end = periodEnd(start, 1);
    periods.push({ startsOn: start, endsOn: end });
    start = addDays(end, 1);
  }
  // Which periods see an upgrade, and the vehicles each period ends with.
  const upgradeIn = periods.map((_, i) => i % 3 !== 0 && i < periods.length - 1);
  // As many as the final number allows (a small park can't have grown by 200 vehicles).
  const upgradesMax = Math.min(size.upgrades, Math.floor((finalVehicles - 1) / UPGRADE_STEP));
  let upgrades = 0;
  for (let i = 0; i < upgradeIn.length; i++) {
    if (upgradeIn[i] && upgrades < upgradesMax) upgrades++;
    else upgradeIn[i] = false;
  }
  let vehicles = finalVehicles - upgrades * UPGRADE_STEP;

  const subRows: (typeof parkSubscriptions.$inferInsert)[] = [];
  const invoiceRows: (typeof subscriptionInvoices.$inferInsert)[] = [];
  const line = (label: string, quantity: number, unitPrice: number, amount: number): InvoiceLineRow[] => [{ label, quantity, unitPrice, amount }];
  for (const [i, p] of periods.entries()) {
    const running = i === periods.length - 1;
    const subId = uuidv7();
    const invoiceId = uuidv7();
    const paidAt = new Date(`${addDays(p.startsOn, -1)}T09:00:00Z`);
    const amount = fullPrice(plan.pricePerVehicle, vehicles);
    invoiceRows.push({
      id: invoiceId,
      parkId,
      number: await nextInvoiceNumber(db, p.startsOn.slice(0, 4)),
      kind: i === 0 ? 'subscribe' : 'extend',
      subscriptionId: subId,
      planId: plan.id,
      type: plan.type,
      applicationType: plan.accountType,
      period: plan.period,
      vehicleNumber: vehicles,
      pricePerVehicle: plan.pricePerVehicle,
      periodStart: p.startsOn,
      periodEnd: p.endsOn,
      amount,
      currency: plan.currency,
      lines: line(`Premium mensuel : ${vehicles} véhicules`, vehicles, plan.pricePerVehicle, amount),
      status: 'paid',
      validUntil: addDays(p.startsOn, -1),
      paidAt,
      createdAt: new Date(paidAt.getTime() - 5 * 60_000),
    });
    if (upgradeIn[i]) {
      const on = addDays(p.startsOn, 10) <= p.endsOn ? addDays(p.startsOn, 10) : p.startsOn;
      const upgradeAt = new Date(`${on}T10:00:00Z`);
      const added = upgradeAmount({ ...p, currency: plan.currency, pricePerVehicle: plan.pricePerVehicle }, UPGRADE_STEP, on);
      vehicles += UPGRADE_STEP;
      invoiceRows.push({
        id: uuidv7(),
        parkId,
        number: await nextInvoiceNumber(db, on.slice(0, 4)),
        kind: 'upgrade',
        subscriptionId: subId,
        planId: plan.id,
        type: plan.type,
        applicationType: plan.accountType,
        period: plan.period,
        vehicleNumber: vehicles,
        addedVehicles: UPGRADE_STEP,
        pricePerVehicle: plan.pricePerVehicle,
        periodStart: on,
        periodEnd: p.endsOn,
        amount: added,
        currency: plan.currency,
        lines: line(`Ajout de ${UPGRADE_STEP} véhicules`, UPGRADE_STEP, plan.pricePerVehicle, added),
        status: 'paid',
        validUntil: on,
        paidAt: upgradeAt,
        createdAt: new Date(upgradeAt.getTime() - 5 * 60_000),
      });
    }
    subRows.push({
      id: subId,
      parkId,
      planId: plan.id,
      status: running ? 'active' : 'ended',
      type: plan.type,
      applicationType: plan.accountType,
      period: plan.period,
      vehicleNumber: vehicles,
      pricePerVehicle: plan.pricePerVehicle,
      currency: plan.currency,
      amount,
      renew: i > 0,
      isTrial: false,
      startsOn: p.startsOn,
      endsOn: p.endsOn,
      invoiceId,
      endedAt: running ? null : new Date(`${addDays(p.endsOn, 1)}T00:15:00Z`),
      createdAt: paidAt,
    });
  }
  await db.transaction(async (tx) => {
    // In place of the trial the park started with.
    await tx.delete(parkSubscriptions).where(eq(parkSubscriptions.parkId, parkId));
    await tx.insert(parkSubscriptions).values(subRows);
    await tx.insert(subscriptionInvoices).values(invoiceRows);
  });
  return { subscriptionInvoices: invoiceRows.length, subscriptionVehicles: vehicles, subscriptionVehiclesUsed: used };
}
