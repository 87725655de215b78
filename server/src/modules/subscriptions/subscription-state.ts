import { and, asc, desc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import { DEFAULT_ACCOUNT_TYPE, SUBSCRIPTION_NEAR_END_DAYS, type TSubscriptionInfo } from '@flotte/contract';
import type { Db, Tx } from '../../platform/db/database.ts';
import { namedQuery } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { parks } from '../access/access.tables.ts';
import { payins } from '../payins/payins.tables.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { addDays, parkToday } from './subscription-days.ts';
import { daysLeft } from './pricing.ts';
import { parkSubscriptions } from './subscriptions.tables.ts';
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

/**
 * What active-subscription-info reads, in one statement (the dashboard's banner asks it on every
 * load): the park's place, its active and scheduled subscriptions not over, its vehicles in use and
 * its newest invoice payable today. Which subscription counts is then picked the way
 * currentSubscription does.
 */
const INFO_SQL = `
select p.country_code, p.currency,
  (select coalesce(json_agg(s order by s.starts_on), '[]'::json) from (
     select id, park_id, plan_id, status, type, application_type, period, vehicle_number, price_per_vehicle, currency, amount,
            offer, renew, is_trial, starts_on, ends_on, invoice_id, ended_at, created_at, updated_at
     from park_subscriptions
     where park_id = $1 and status in ('active', 'scheduled') and ends_on >= $2::date
     order by starts_on limit 24) s) as subscriptions,
  (select count(*)::int from vehicles v where v.park_id = $1 and v.status <> 'deactivated') as used,
  (select i.id from subscription_invoices i
     where i.park_id = $1 and i.status = 'unpaid' and i.valid_until >= $2::date
     order by i.created_at desc limit 1) as open_invoice
from parks p where p.id = $1`;

interface InfoRow {
  country_code: string;
  currency: string;
  subscriptions: Record<string, unknown>[];
  used: number;
  open_invoice: string | null;
}

function subscriptionFromJson(j: Record<string, unknown>): SubscriptionRow {
  const date = (v: unknown) => (v == null ? null : new Date(String(v)));
  return {
    id: String(j.id),
    parkId: String(j.park_id),
    planId: (j.plan_id as string | null) ?? null,
    status: j.status as SubscriptionRow['status'],
    type: j.type as SubscriptionRow['type'],
    applicationType: j.application_type as SubscriptionRow['applicationType'],
    period: j.period as SubscriptionRow['period'],
    vehicleNumber: Number(j.vehicle_number),
    pricePerVehicle: Number(j.price_per_vehicle),
    currency: String(j.currency),
    amount: Number(j.amount),
    offer: (j.offer as string | null) ?? null,
    renew: j.renew === true,
    isTrial: j.is_trial === true,
    startsOn: String(j.starts_on),
    endsOn: String(j.ends_on),
    invoiceId: (j.invoice_id as string | null) ?? null,
    endedAt: date(j.ended_at),
    createdAt: date(j.created_at)!,
    updatedAt: date(j.updated_at)!,
  };
}

/** GET /subscription/active-subscription-info (also the banner's source). `now` is the clock. */
export async function subscriptionInfo(db: Db, park: { id: string; timeZone: string }, now: Date = new Date()): Promise<TSubscriptionInfo> {
  const today = parkToday(park.timeZone, now);
  const { rows } = await namedQuery<InfoRow>(db, 'subscription_info', INFO_SQL, [park.id, today]);
  const row = rows[0];
  if (!row) throw new AppError('NOT_FOUND');
  const subs = row.subscriptions.map(subscriptionFromJson);
  // As currentSubscription: the active row holding today first, else the latest-starting scheduled one.
  const holding = subs.filter((s) => s.startsOn <= today && today <= s.endsOn);
  const current = holding.find((s) => s.status === 'active') ?? holding.sort((a, b) => (a.startsOn < b.startsOn ? 1 : -1))[0] ?? null;
  const upcoming = subs.filter((s) => s.status === 'scheduled' && s.startsOn > today);
  const used = row.used;
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
    country_code: row.country_code,
    currency: row.currency,
    application_type: current?.applicationType ?? DEFAULT_ACCOUNT_TYPE,
    open_invoice_id: row.open_invoice,
  };
}

/** Whether the invoice's last payment still awaits the provider (the invoice reads 'pending'). */
export async function paymentOpen(db: Db | Tx, payinId: string | null): Promise<boolean> {
  if (!payinId) return false;
  const [row] = await db.select({ status: payins.status }).from(payins).where(eq(payins.id, payinId));
  return row?.status === 'pending';
}
