import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, sql, type SQLWrapper } from 'drizzle-orm';
import { OWNER_ROLE, SUBSCRIPTION_MESSAGES, SUBSCRIPTION_NEAR_END_DAYS, SUBSCRIPTION_PATH, SUBSCRIPTION_REMINDER_DAYS, planLabel } from '@flotte/contract';
import type { Db } from '../../platform/db/database.ts';
import type { ScheduledJob } from '../../platform/jobs.ts';
import { parks, profiles, users } from '../access/access.tables.ts';
import { notifyHolders } from '../notifications/notify.ts';
import { frenchDay } from '../reminders/reminder-notices.ts';
import { addDays, parkToday } from './subscription-days.ts';
import { currentSubscription, subscriptionInfo, upcomingSubscriptions, type ParkRef } from './subscription-state.ts';
import type { SubscriptionRow } from './subscription-view.ts';
import type { SubscriptionsDeps } from './subscriptions.deps.ts';
import { parkSubscriptions, subscriptionReminders } from './subscriptions.tables.ts';

/**
 * The subscriptions' lifecycle, every 15 minutes (issue 23): per time zone (a park's day is its
 * own), it ends the subscriptions whose last day is past (active -> ended), starts the paid ones
 * whose first day has come (scheduled -> active), reminds the park at 15, 7 and 1 days left when no
 * paid continuation follows, and tells a park left without a subscription. Reads never depend on it
 * (the current subscription is read from the dates); it formalises statuses and sends the notices.
 *
 * Idempotent, safe twice or on two servers at once: each status change is conditional on the
 * status it leaves, and each notice is recorded once in subscription_reminders (its primary key:
 * the subscription and the days before its end, 0 for "ended") before anything is sent.
 */

export interface SubscriptionsJobResult {
  /** Subscriptions marked ended (their last day is past). */
  ended: number;
  /** Scheduled subscriptions started. */
  started: number;
  /** Near-end reminders recorded (one per subscription and threshold). */
  reminded: number;
  /** Parks newly told their subscription is over. */
  notified: number;
}

/** The "ended" notice in subscription_reminders: no days left. */
const ENDED_MARK = 0;
const NBSP = '\u00a0';

interface ParkOfZone {
  id: string;
  name: string;
  timeZone: string;
  countryCode: string;
  currency: string;
}

export async function runSubscriptionsJob(deps: SubscriptionsDeps, opts: { parkId?: string } = {}): Promise<SubscriptionsJobResult> {
  const now = deps.now();
  const result: SubscriptionsJobResult = { ended: 0, started: 0, reminded: 0, notified: 0 };
  const zones = await deps.db
    .selectDistinct({ timeZone: parks.timeZone })
    .from(parks)
    .where(opts.parkId ? eq(parks.id, opts.parkId) : undefined);
  for (const { timeZone } of zones) {
    const today = parkToday(timeZone, now);
    const inZone = opts.parkId
      ? and(eq(parks.timeZone, timeZone), eq(parks.id, opts.parkId))
      : eq(parks.timeZone, timeZone);
    const zoneParks = deps.db.select({ id: parks.id }).from(parks).where(inZone);
    result.ended += await endPast(deps.db, zoneParks, today, now);
    result.started += await startScheduled(deps, zoneParks, today, now);
    const nearEnd = await parksNearEnd(deps.db, zoneParks, today);
    for (const park of await parksById(deps.db, nearEnd)) {
      if (await remindNearEnd(deps, park, now)) result.reminded += 1;
    }
    for (const park of await parksById(deps.db, await parksLeftWithout(deps.db, zoneParks, today))) {
      if (await tellEnded(deps, park, today)) result.notified += 1;
    }
  }
  return result;
}

/** pg-boss runs it every 15 minutes: a day's change in any time zone is seen within 15 minutes. */
export function subscriptionsJob(deps: SubscriptionsDeps): ScheduledJob {
  return { name: 'subscriptions-daily', cron: '*/15 * * * *', pollSeconds: 60, run: () => runSubscriptionsJob(deps) };
}

/** The ids of the parks of one time zone, as a subquery. */
type ParkIds = SQLWrapper;

/** Active (or never started scheduled) subscriptions whose last day is past become 'ended'. */
async function endPast(db: Db, zoneParks: ParkIds, today: string, now: Date): Promise<number> {
  const rows = await db
    .update(parkSubscriptions)
    .set({ status: 'ended', endedAt: now, updatedAt: now })
    .where(and(inArray(parkSubscriptions.status, ['active', 'scheduled']), lt(parkSubscriptions.endsOn, today), inArray(parkSubscriptions.parkId, zoneParks)))
    .returning({ id: parkSubscriptions.id });
  return rows.length;
}

/**
 * Scheduled subscriptions whose days hold today become 'active', one per park (the latest start,
 * as currentSubscription reads it). The one-active index: the previous active one gives way first,
 * in the same transaction ('ended' when its days are past, else 'replaced').
 */
async function startScheduled(deps: SubscriptionsDeps, zoneParks: ParkIds, today: string, now: Date): Promise<number> {
  const due = await deps.db
    .select({ id: parkSubscriptions.id, parkId: parkSubscriptions.parkId })
    .from(parkSubscriptions)
    .where(
      and(
        eq(parkSubscriptions.status, 'scheduled'),
        lte(parkSubscriptions.startsOn, today),
        gte(parkSubscriptions.endsOn, today),
        inArray(parkSubscriptions.parkId, zoneParks),
      ),
    )
    .orderBy(asc(parkSubscriptions.parkId), desc(parkSubscriptions.startsOn));
  let started = 0;
  const seen = new Set<string>();
  for (const s of due) {
    if (seen.has(s.parkId)) continue;
    seen.add(s.parkId);
    try {
      const done = await deps.db.transaction(async (tx) => {
        await tx
          .update(parkSubscriptions)
          .set({ status: sql`case when ${parkSubscriptions.endsOn} < ${today} then 'ended' else 'replaced' end`, endedAt: now, updatedAt: now })
          .where(and(eq(parkSubscriptions.parkId, s.parkId), eq(parkSubscriptions.status, 'active'), sql`${parkSubscriptions.id} <> ${s.id}`));
        const rows = await tx
          .update(parkSubscriptions)
          .set({ status: 'active', updatedAt: now })
          .where(and(eq(parkSubscriptions.id, s.id), eq(parkSubscriptions.status, 'scheduled')))
          .returning({ id: parkSubscriptions.id });
        return rows.length;
      });
      started += done;
    } catch (err) {
      // A payment wrote the park's subscriptions at the same moment: the next run starts it.
      deps.log?.warn({ err, subscriptionId: s.id }, 'scheduled subscription not started');
    }
  }
  return started;
}

/** Parks whose subscription running today ends within the near-end days (continuations aside). */
async function parksNearEnd(db: Db, zoneParks: ParkIds, today: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ parkId: parkSubscriptions.parkId })
    .from(parkSubscriptions)
    .where(
      and(
        inArray(parkSubscriptions.status, ['active', 'scheduled']),
        lte(parkSubscriptions.startsOn, today),
        gte(parkSubscriptions.endsOn, today),
        lte(parkSubscriptions.endsOn, addDays(today, SUBSCRIPTION_NEAR_END_DAYS - 1)),
        inArray(parkSubscriptions.parkId, zoneParks),
      ),
    );
  return rows.map((r) => r.parkId);
}

/**
 * Parks without a subscription today whose last one ended before today and was not told yet: the
 * newest of their subscriptions (by its last day, a replaced one aside) has no 'ended' notice.
 */
async function parksLeftWithout(db: Db, zoneParks: ParkIds, today: string): Promise<string[]> {
  const { rows } = await db.execute<{ park_id: string }>(sql`
    select last.park_id from (
      select distinct on (s.park_id) s.park_id, s.id
        from park_subscriptions s
       where s.park_id in (${zoneParks}) and s.status <> 'replaced'
       order by s.park_id, s.ends_on desc, s.created_at desc
    ) last
    join park_subscriptions ls on ls.id = last.id and ls.ends_on < ${today}
    where not exists (select 1 from subscription_reminders r where r.subscription_id = last.id and r.days_before = ${ENDED_MARK})
      and not exists (select 1 from park_subscriptions c
                       where c.park_id = last.park_id and c.status in ('active', 'scheduled')
                         and c.starts_on <= ${today} and c.ends_on >= ${today})`);
  return rows.map((r) => r.park_id);
}

async function parksById(db: Db, ids: string[]): Promise<ParkOfZone[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: parks.id, name: parks.name, timeZone: parks.timeZone, countryCode: parks.countryCode, currency: parks.currency })
    .from(parks)
    .where(inArray(parks.id, ids));
}

/** The smallest reminder threshold at or above the days left: a run missed on the day still reminds once. */
export function reminderThreshold(daysLeft: number): number | null {
  if (daysLeft <= 0) return null;
  const due = SUBSCRIPTION_REMINDER_DAYS.filter((d) => d >= daysLeft);
  return due.length ? Math.min(...due) : null;
}

/**
 * The near-end reminder of a park, once per subscription and threshold: the notification to the
 * READ_SUBSCRIPTION holders (and the owner) and one SMS or e-mail to the owner. The subscription
 * reminded is the last of the paid days without a gap (the current one, or the scheduled ones
 * that follow it), so a continuation bought later is reminded again before its own end.
 */
async function remindNearEnd(deps: SubscriptionsDeps, park: ParkOfZone, now: Date): Promise<boolean> {
  const ref: ParkRef = { id: park.id, timeZone: park.timeZone, countryCode: park.countryCode, currency: park.currency };
  const info = await subscriptionInfo(deps.db, ref, now);
  const threshold = reminderThreshold(info.days_left);
  if (!info.subscription || !info.ends_on || threshold === null) return false;
  const today = parkToday(park.timeZone, now);
  const last = await lastOfChain(deps.db, park.id, today, info.ends_on);
  if (!last) return false;
  const [recorded] = await deps.db
    .insert(subscriptionReminders)
    .values({ subscriptionId: last.id, daysBefore: threshold })
    .onConflictDoNothing()
    .returning({ id: subscriptionReminders.subscriptionId });
  if (!recorded) return false;
  const notice = nearEndNotice(park, last, info.days_left);
  await notifyHolders(deps.db, {
    parkId: park.id,
    permission: 'READ_SUBSCRIPTION',
    kind: 'subscription_near_end',
    title: notice.title,
    body: notice.body,
    link: SUBSCRIPTION_PATH,
    dedupeKey: `subscription:${last.id}:near_end:${threshold}`,
  });
  await messageOwner(deps, park.id, notice);
  return true;
}

/** The subscription whose last day is `endsOn`: the current one, or a scheduled one following it. */
async function lastOfChain(db: Db, parkId: string, today: string, endsOn: string): Promise<SubscriptionRow | null> {
  const current = await currentSubscription(db, parkId, today);
  if (current?.endsOn === endsOn) return current;
  const upcoming = await upcomingSubscriptions(db, parkId, today);
  return upcoming.find((s) => s.endsOn === endsOn) ?? current;
}

function nearEndNotice(park: ParkOfZone, s: SubscriptionRow, daysLeft: number): { title: string; body: string } {
  const what = s.isTrial ? "La période d'essai" : `L'abonnement ${planLabel(s.type, s.period)}`;
  const when = daysLeft === 1 ? `se termine aujourd'hui (dernier jour)` : `se termine le ${frenchDay(s.endsOn)} (il reste ${daysLeft}${NBSP}jours)`;
  const next = s.isTrial
    ? 'Souscrivez à un forfait pour continuer à ajouter des véhicules, des chauffeurs et des plannings.'
    : 'Prolongez-le pour continuer à ajouter des véhicules, des chauffeurs et des plannings.';
  return { title: SUBSCRIPTION_MESSAGES.nearEndTitle, body: `${what} du parc ${park.name} ${when}. ${next}` };
}

/**
 * A park left without a subscription: one 'subscription_expired' notification and one message to
 * the owner, recorded against its last subscription (a later subscription that ends is told again).
 */
async function tellEnded(deps: SubscriptionsDeps, park: ParkOfZone, today: string): Promise<boolean> {
  const [last] = await deps.db
    .select()
    .from(parkSubscriptions)
    .where(and(eq(parkSubscriptions.parkId, park.id), sql`${parkSubscriptions.status} <> 'replaced'`))
    .orderBy(desc(parkSubscriptions.endsOn), desc(parkSubscriptions.createdAt))
    .limit(1);
  if (!last || last.endsOn >= today) return false;
  const [recorded] = await deps.db
    .insert(subscriptionReminders)
    .values({ subscriptionId: last.id, daysBefore: ENDED_MARK })
    .onConflictDoNothing()
    .returning({ id: subscriptionReminders.subscriptionId });
  if (!recorded) return false;
  const what = last.isTrial ? "La période d'essai" : `L'abonnement ${planLabel(last.type, last.period)}`;
  const notice = {
    title: SUBSCRIPTION_MESSAGES.expiredTitle,
    body:
      `${what} du parc ${park.name} s'est terminé${last.isTrial ? 'e' : ''} le ${frenchDay(last.endsOn)}. ` +
      'Vos données restent consultables et les encaissements continuent. Renouvelez votre abonnement pour ajouter des véhicules, des chauffeurs ou des plannings.',
  };
  await notifyHolders(deps.db, {
    parkId: park.id,
    permission: 'READ_SUBSCRIPTION',
    kind: 'subscription_expired',
    title: notice.title,
    body: notice.body,
    link: SUBSCRIPTION_PATH,
    dedupeKey: `subscription:${last.id}:expired`,
  });
  await messageOwner(deps, park.id, notice);
  return true;
}

/** One SMS to the owner's phone, else an e-mail; a failure is logged, not retried (the notification stays). */
async function messageOwner(deps: SubscriptionsDeps, parkId: string, notice: { title: string; body: string }): Promise<void> {
  const [owner] = await deps.db
    .select({ phone: users.phone, email: users.email })
    .from(profiles)
    .innerJoin(users, and(eq(users.id, profiles.userId), isNull(users.disabledAt)))
    .where(and(eq(profiles.parkId, parkId), eq(profiles.role, OWNER_ROLE), isNull(profiles.removedAt)))
    .orderBy(asc(profiles.createdAt))
    .limit(1);
  if (!owner || (!owner.phone && !owner.email)) return;
  const link = `${deps.publicUrl.replace(/\/$/, '')}${SUBSCRIPTION_PATH}`;
  try {
    if (owner.phone) await deps.notifier.send({ channel: 'sms', to: owner.phone, text: `Flotte${NBSP}: ${notice.body} ${link}` });
    else await deps.notifier.send({ channel: 'email', to: owner.email!, subject: `Flotte${NBSP}: ${notice.title}`, text: `Bonjour,\n\n${notice.body}\n\n${link}` });
  } catch (err) {
    deps.log?.warn({ err, parkId }, 'subscription notice not sent to the owner');
  }
}
