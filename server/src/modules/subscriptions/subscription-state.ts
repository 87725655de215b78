import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { DEFAULT_ACCOUNT_TYPE, SUBSCRIPTION_NEAR_END_DAYS, type TSubscriptionInfo } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { payins } from '../payins/payins.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { addDays } from './subscription-days.ts';
import { parkToday } from './subscription-days.ts';
import { daysLeft } from './pricing.ts';
import { parkSubscriptions, subscriptionInvoices } from './subscriptions.tables.ts';
import { subscriptionView, type SubscriptionRow } from './subscription-view.ts';

/**
 * Where a park's subscription stands, read from the dates (never from what the job last wrote), so
 * the answer is right at midnight even before the job has run: the subscription that counts today
 * is the active or scheduled one whose days hold today.
 */

export interface ParkRef {
  id: string;
  timeZone: string;
  countryCode: string;
  currency: string;
}

export async function parkRef(db: Db | Tx, parkId: string): Promise<ParkRef> {
  const [p] = await db
    .select({ id: parks.id, timeZone: parks.timeZone, countryCode: parks.countryCode, currency: parks.currency })
    .from(parks)
    .where(eq(parks.id, parkId));
  if (!p) throw new AppError('NOT_FOUND');
  return p;
}

/** The subscription that counts on `today`, or null (expired, or never subscribed). */
export async function currentSubscription(db: Db | Tx, parkId: string, today: string): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(parkSubscriptions)
    .where(
      and(
        eq(parkSubscriptions.parkId, parkId),
        inArray(parkSubscriptions.status, ['active', 'scheduled']),
        lte(parkSubscriptions.startsOn, today),
        gte(parkSubscriptions.endsOn, today),
      ),
    )
    .orderBy(sql`(${parkSubscriptions.status} = 'active') desc`, desc(parkSubscriptions.startsOn))
    .limit(1);
  return row ?? null;
}

/** Paid subscriptions that start after `today`, in order. */
export async function upcomingSubscriptions(db: Db | Tx, parkId: string, today: string): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(parkSubscriptions)
    .where(and(eq(parkSubscriptions.parkId, parkId), eq(parkSubscriptions.status, 'scheduled'), sql`${parkSubscriptions.startsOn} > ${today}`))
    .orderBy(asc(parkSubscriptions.startsOn));
}

/**
 * The last day the park has paid for (its current paid subscription and the scheduled ones that
 * follow), or null without a paid subscription: an extension starts the day after.
 */
export async function lastPaidDay(db: Db | Tx, parkId: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ endsOn: sql<string | null>`max(${parkSubscriptions.endsOn})` })
    .from(parkSubscriptions)
    .where(
      and(
        eq(parkSubscriptions.parkId, parkId),
        inArray(parkSubscriptions.status, ['active', 'scheduled']),
        eq(parkSubscriptions.isTrial, false),
        gte(parkSubscriptions.endsOn, today),
      ),
    );
  return row?.endsOn ?? null;
}

/** Vehicles that count against the subscription: every vehicle not deactivated. */
export async function vehiclesUsed(db: Db | Tx, parkId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(vehicles)
    .where(and(eq(vehicles.parkId, parkId), ne(vehicles.status, 'deactivated')));
  return row?.n ?? 0;
}

/** GET /subscription/active-subscription-info (also the banner's source). `now` is the clock. */
export async function subscriptionInfo(db: Db | Tx, park: ParkRef, now: Date = new Date()): Promise<TSubscriptionInfo> {
  const today = parkToday(park.timeZone, now);
  const [current, upcoming, used, openInvoice] = await Promise.all([
    currentSubscription(db, park.id, today),
    upcomingSubscriptions(db, park.id, today),
    vehiclesUsed(db, park.id),
    openInvoiceId(db, park.id, today),
  ]);
  // The days left run on through scheduled subscriptions that follow without a gap.
  let endsOn = current?.endsOn ?? null;
  let next: SubscriptionRow | null = null;
  for (const s of upcoming) {
    if (!endsOn || s.startsOn !== addDays(endsOn, 1)) break;
    next ??= s;
    endsOn = s.endsOn;
  }
  const left = current && endsOn ? daysLeft({ startsOn: current.startsOn, endsOn }, today) : 0;
  const allowed = current?.vehicleNumber ?? 0;
  return {
    state: !current ? 'expired' : current.isTrial ? 'trial' : 'active',
    subscription: current ? subscriptionView(current, today) : null,
    next: next ? subscriptionView(next, today) : null,
    vehicles_used: used,
    vehicles_allowed: allowed,
    days_left: left,
    ends_on: endsOn,
    near_end: !current || left <= SUBSCRIPTION_NEAR_END_DAYS,
    can_add_vehicles: !!current && used < allowed,
    country_code: park.countryCode,
    currency: park.currency,
    application_type: current?.applicationType ?? DEFAULT_ACCOUNT_TYPE,
    open_invoice_id: openInvoice,
  };
}

/** The park's newest invoice still payable today (unpaid, valid), or null. */
async function openInvoiceId(db: Db | Tx, parkId: string, today: string): Promise<string | null> {
  const [row] = await db
    .select({ id: subscriptionInvoices.id })
    .from(subscriptionInvoices)
    .where(and(eq(subscriptionInvoices.parkId, parkId), eq(subscriptionInvoices.status, 'unpaid'), gte(subscriptionInvoices.validUntil, today)))
    .orderBy(desc(subscriptionInvoices.createdAt))
    .limit(1);
  return row?.id ?? null;
}

/** Whether the invoice's last payment still awaits the provider (the invoice reads 'pending'). */
export async function paymentOpen(db: Db | Tx, payinId: string | null): Promise<boolean> {
  if (!payinId) return false;
  const [row] = await db.select({ status: payins.status }).from(payins).where(eq(payins.id, payinId));
  return row?.status === 'pending';
}
