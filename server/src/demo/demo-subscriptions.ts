import { eq } from 'drizzle-orm';
import { planLabel, type TAccountType, type TPlanPeriod, type TPlanType } from '@flotte/contract';
import type { Db, Tx } from '../platform/db/database.ts';
import { addProfile, createPark } from '../modules/access/parks.service.ts';
import { nextInvoiceNumber } from '../modules/subscriptions/invoice-records.ts';
import { activePlanFor } from '../modules/subscriptions/plans.service.ts';
import { frenchDay } from '../modules/subscriptions/quotes.service.ts';
import { fullPrice } from '../modules/subscriptions/pricing.ts';
import { addDays, parkToday } from '../modules/subscriptions/subscription-days.ts';
import { parkRef, vehiclesUsed, type ParkRef } from '../modules/subscriptions/subscription-state.ts';
import { parkSubscriptions, subscriptionInvoices, subscriptionPlans, type InvoiceLineRow } from '../modules/subscriptions/subscriptions.tables.ts';
import { seedFleet } from './fleet-generator.ts';

/**
 * The demo's subscriptions (issue 23). The demo park is a paying customer: Premium monthly, its
 * second month running with 23 days left and room for more vehicles, two paid invoices in its
 * history (the first month's subscription, then its extension). A second, small park of the same
 * owner ends in 6 days, so switching to it shows the near-end banner. Both replace the trial every
 * new park starts with. Runs once, when the demo park is created (the demo seed's own guard).
 */

/**
 * Vehicles the demo park's subscription allows. The demo has 24 in use; one e2e run adds 6 to it
 * (contracts-list 2; contracts, fleet-documents-groups, fleet-vehicles, planning-recipes 1 each), all
 * on one server, and a developer may run specs again on the same one: 40 leaves room for both.
 */
export const DEMO_SUBSCRIPTION_VEHICLES = 40;
/** Free places kept whatever the fleet's size, so 'Ajouter un véhicule' works in the demo. */
const DEMO_FREE_VEHICLES = 5;

export const DEMO_SECOND_PARK = { name: 'Flotte Yaoundé', city: 'Yaoundé', vehicles: 4 } as const;

interface PaidPeriod {
  kind: 'subscribe' | 'extend';
  startsOn: string;
  endsOn: string;
  /** When the invoice was made and paid: a few days before the period for an extension. */
  paidAt: Date;
  /** The period is over: its subscription reads 'ended'. */
  ended: boolean;
}


async function planOf(db: Db, park: ParkRef, accountType: TAccountType, type: TPlanType, period: TPlanPeriod) {
  const plan = await activePlanFor(db, { countryCode: park.countryCode, accountType, type, period });
  if (!plan) throw new Error(`no active ${type} ${period} ${accountType} plan for ${park.countryCode}`);
  return plan;
}

/**
 * Gives a park paid periods of one plan, each with its paid invoice, in place of what it had (the
 * trial). Periods in order; the last one is the running one (active).
 */
async function seedPaidPeriods(
  db: Db,
  park: ParkRef,
  plan: typeof subscriptionPlans.$inferSelect,
  vehicleNumber: number,
  periods: PaidPeriod[],
  createdBy: string | null,
): Promise<void> {
  const amount = fullPrice(plan.pricePerVehicle, vehicleNumber);
  await db.transaction(async (tx: Tx) => {
    await tx.delete(parkSubscriptions).where(eq(parkSubscriptions.parkId, park.id));
    let previousId: string | null = null;
    for (const p of periods) {
      const lines: InvoiceLineRow[] = [
        {
          label: `${planLabel(plan.type, plan.period)} : ${vehicleNumber} véhicules du ${frenchDay(p.startsOn)} au ${frenchDay(p.endsOn)}`,
          quantity: vehicleNumber,
          unitPrice: plan.pricePerVehicle,
          amount,
        },
      ];
      const madeOn = parkToday(park.timeZone, p.paidAt);
      const [invoice]: { id: string }[] = await tx
        .insert(subscriptionInvoices)
        .values({
          parkId: park.id,
          number: await nextInvoiceNumber(tx, madeOn.slice(0, 4)),
          kind: p.kind,
          // An extension acts on the subscription it follows; a subscription's invoice points to it once paid (below).
          subscriptionId: p.kind === 'extend' ? previousId : null,
          planId: plan.id,
          type: plan.type,
          applicationType: plan.accountType,
          period: plan.period,
          vehicleNumber,
          periods: 1,
          pricePerVehicle: plan.pricePerVehicle,
          periodStart: p.startsOn,
          periodEnd: p.endsOn,
          amount,
          currency: plan.currency,
          offer: plan.offer,
          lines,
          status: 'paid',
          validUntil: madeOn,
          paidAt: p.paidAt,
          createdBy,
          createdAt: new Date(p.paidAt.getTime() - 5 * 60_000),
        })
        .returning({ id: subscriptionInvoices.id });
      const [sub]: { id: string }[] = await tx
        .insert(parkSubscriptions)
        .values({
          parkId: park.id,
          planId: plan.id,
          status: p.ended ? 'ended' : 'active',
          type: plan.type,
          applicationType: plan.accountType,
          period: plan.period,
          vehicleNumber,
          pricePerVehicle: plan.pricePerVehicle,
          currency: plan.currency,
          amount,
          offer: plan.offer,
          renew: p.kind === 'extend',
          isTrial: false,
          startsOn: p.startsOn,
          endsOn: p.endsOn,
          invoiceId: invoice.id,
          // Ended by the job's first pass after its last day.
          endedAt: p.ended ? new Date(`${addDays(p.endsOn, 1)}T00:15:00Z`) : null,
          createdAt: p.paidAt,
        })
        .returning({ id: parkSubscriptions.id });
      if (p.kind === 'subscribe') await tx.update(subscriptionInvoices).set({ subscriptionId: sub.id }).where(eq(subscriptionInvoices.id, invoice.id));
      previousId = sub.id;
    }
  });
}

/**
 * The demo park: Premium monthly, professionnel like its owner's account (the second park, on a
 * particulier Starter, is where 'Passer au compte professionnel' shows), for DEMO_SUBSCRIPTION_VEHICLES vehicles (or more, keeping some free). Subscribed 37 days ago for 30 days, then
 * extended: the running period started 7 days ago and ends in 22 (23 days left, today counted).
 */
export async function seedDemoSubscription(db: Db, parkId: string, ownerProfileId: string, now: Date = new Date()): Promise<{ vehicles: number; daysLeft: number }> {
  const park = await parkRef(db, parkId);
  const today = parkToday(park.timeZone, now);
  const plan = await planOf(db, park, 'professionnel', 'premium', 'monthly');
  const used = await vehiclesUsed(db, parkId);
  const vehicleNumber = Math.max(DEMO_SUBSCRIPTION_VEHICLES, used + DEMO_FREE_VEHICLES);
  // A moment of a day ago, in the park's morning or evening (Douala is UTC+1).
  const ago = (days: number, utcTime: string) => new Date(`${addDays(today, -days)}T${utcTime}Z`);
  await seedPaidPeriods(
    db,
    park,
    plan,
    vehicleNumber,
    [
      { kind: 'subscribe', startsOn: addDays(today, -37), endsOn: addDays(today, -8), paidAt: ago(37, '08:40:00'), ended: true },
      { kind: 'extend', startsOn: addDays(today, -7), endsOn: addDays(today, 22), paidAt: ago(10, '17:55:00'), ended: false },
    ],
    ownerProfileId,
  );
  return { vehicles: vehicleNumber, daysLeft: 23 };
}

/**
 * The owner's second park, in Yaoundé: a few vehicles, no drivers (a driver's phone must name one
 * park to sign in to his space), on a paid Starter monthly subscription that ends in 6 days, so it
 * shows the near-end banner when the owner switches to it.
 */
export async function seedDemoSecondPark(db: Db, ownerUserId: string, now: Date = new Date()): Promise<{ parkId: string }> {
  const created = await createPark(db, {
    name: DEMO_SECOND_PARK.name,
    countryCode: 'CM',
    city: DEMO_SECOND_PARK.city,
    currency: 'XAF',
    timeZone: 'Africa/Douala',
    phone: '+237690000010',
    phoneCode: '237',
    legalNotice: 'Flotte Yaoundé SARL, Bastos, Yaoundé. Second parc de démonstration.',
  });
  const profile = await addProfile(db, { userId: ownerUserId, parkId: created.id, type: 'proprietaire', owner: true });
  await seedFleet(db, created.id, { vehicles: DEMO_SECOND_PARK.vehicles, drivers: 0 });
  const park = await parkRef(db, created.id);
  const today = parkToday(park.timeZone, now);
  const plan = await planOf(db, park, 'particulier', 'starter', 'monthly');
  await seedPaidPeriods(
    db,
    park,
    plan,
    DEMO_SECOND_PARK.vehicles + 1,
    [{ kind: 'subscribe', startsOn: addDays(today, -24), endsOn: addDays(today, 5), paidAt: new Date(`${addDays(today, -24)}T09:10:00Z`), ended: false }],
    profile.id,
  );
  return { parkId: created.id };
}
