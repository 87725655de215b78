import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUBSCRIPTION_MESSAGES, SUBSCRIPTION_PATH } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { FixtureSubscription } from '../../../test/subscription-fixture.ts';
import { readOutbox } from '../dev/outbox.service.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { as } from '../vehicles/vehicle-test-helpers.ts';
import { addDays, parkToday } from './subscription-days.ts';
import { reminderThreshold, runSubscriptionsJob } from './subscriptions.job.ts';
import { parkSubscriptions, subscriptionReminders } from './subscriptions.tables.ts';

/**
 * The subscriptions' job on a fake clock: it ends what is past, starts what is due, reminds at 15,
 * 7 and 1 days left (once each, none when a paid continuation follows) and tells a park left
 * without a subscription once. Each case runs the job for its own park.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const today = parkToday('Africa/Douala');
/** 12:00 UTC is 13:00 in Douala: `day` there. */
const at = (day: string) => new Date(`${day}T12:00:00Z`);

let parks = 0;
async function park(subscription: FixtureSubscription) {
  const fx = await ctx.createPark({ name: `Parc Échéances ${++parks}`, subscription });
  return { parkId: fx.park.id, phone: fx.owner.phone, owner: fx.owner };
}

const run = (parkId: string, day: string) => runSubscriptionsJob({ ...ctx.app.subscriptions, now: () => at(day) }, { parkId });
const subs = (parkId: string) => ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, parkId)).orderBy(parkSubscriptions.startsOn);
const notices = (parkId: string, kind: string) =>
  ctx.database.db.select().from(notifications).where(and(eq(notifications.parkId, parkId), eq(notifications.kind, kind)));
const sms = async (phone: string) => (await readOutbox(ctx.database.db, phone, 50)).filter((m) => m.channel === 'sms' && !m.otp);

/** Replaces the park's trial with paid subscriptions (start, end, status). */
async function paid(parkId: string, rows: { startsOn: string; endsOn: string; status: 'active' | 'scheduled' }[]) {
  await ctx.database.db.update(parkSubscriptions).set({ status: 'replaced' }).where(eq(parkSubscriptions.parkId, parkId));
  const inserted = [];
  for (const r of rows) {
    const [row] = await ctx.database.db
      .insert(parkSubscriptions)
      .values({ parkId, type: 'premium', period: 'monthly', vehicleNumber: 10, pricePerVehicle: 400_000, amount: 4_000_000, currency: 'XAF', ...r })
      .returning();
    inserted.push(row);
  }
  return inserted;
}

describe('reminderThreshold', () => {
  it('answers the smallest of 15, 7 and 1 at or above the days left', () => {
    expect([16, 15, 14, 8, 7, 2, 1, 0].map(reminderThreshold)).toEqual([null, 15, 15, 15, 7, 7, 1, null]);
  });
});

describe('near-end reminders', () => {
  it('reminds a trial at 15, 7 and 1 days left, once each, by notification and one SMS to the owner', async () => {
    const { parkId, phone } = await park('trial');
    const trialEnd = addDays(today, 29);

    expect(await run(parkId, addDays(today, 13))).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await run(parkId, addDays(today, 15))).toEqual({ ended: 0, started: 0, reminded: 1, notified: 0 });
    const [notice] = await notices(parkId, 'subscription_near_end');
    expect(notice).toMatchObject({ title: SUBSCRIPTION_MESSAGES.nearEndTitle, link: SUBSCRIPTION_PATH, dedupeKey: expect.stringContaining(':near_end:15') });
    expect(notice.body).toContain("La période d'essai du parc");
    expect(notice.body).toContain(`se termine le ${trialEnd.split('-').reverse().join('/')} (il reste 15\u00a0jours)`);
    const texts = await sms(phone);
    expect(texts).toHaveLength(1);
    expect(texts[0].text).toContain(notice.body);
    expect(texts[0].text).toContain(`${SUBSCRIPTION_PATH}`);

    // Again the same day, and the next days down to 8 left: nothing more.
    expect((await run(parkId, addDays(today, 15))).reminded).toBe(0);
    expect((await run(parkId, addDays(today, 20))).reminded).toBe(0);
    expect((await run(parkId, addDays(today, 22))).reminded).toBe(0);
    expect((await run(parkId, addDays(today, 23))).reminded).toBe(1);
    expect((await run(parkId, addDays(today, 23))).reminded).toBe(0);
    expect((await run(parkId, addDays(today, 29))).reminded).toBe(1);
    expect((await run(parkId, addDays(today, 29))).reminded).toBe(0);
    expect(await notices(parkId, 'subscription_near_end')).toHaveLength(3);
    expect((await notices(parkId, 'subscription_near_end')).map((n) => n.body).at(-1)).toContain("se termine aujourd'hui (dernier jour)");
    expect(await sms(phone)).toHaveLength(3);
    const reminders = await ctx.database.db.select().from(subscriptionReminders).where(eq(subscriptionReminders.subscriptionId, (await subs(parkId))[0].id));
    expect(reminders.map((r) => r.daysBefore).sort((a, b) => a - b)).toEqual([1, 7, 15]);
  });

  it('says nothing while a paid continuation follows, and reminds before the end of the last one', async () => {
    const { parkId, phone } = await park('trial');
    const [first, next] = await paid(parkId, [
      { startsOn: addDays(today, -20), endsOn: addDays(today, 10), status: 'active' },
      { startsOn: addDays(today, 11), endsOn: addDays(today, 40), status: 'scheduled' },
    ]);
    expect(await run(parkId, today)).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await run(parkId, addDays(today, 10))).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await notices(parkId, 'subscription_near_end')).toHaveLength(0);

    // The first ends, the next starts (one active at a time); still 30 days left.
    expect(await run(parkId, addDays(today, 11))).toEqual({ ended: 1, started: 1, reminded: 0, notified: 0 });
    const after = await subs(parkId);
    expect(after.find((s) => s.id === first.id)).toMatchObject({ status: 'ended', endedAt: expect.any(Date) });
    expect(after.find((s) => s.id === next.id)).toMatchObject({ status: 'active' });
    expect(await run(parkId, addDays(today, 11))).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });

    expect(await run(parkId, addDays(today, 26))).toEqual({ ended: 0, started: 0, reminded: 1, notified: 0 });
    const [notice] = await notices(parkId, 'subscription_near_end');
    expect(notice.dedupeKey).toBe(`subscription:${next.id}:near_end:15`);
    expect(notice.body).toContain("L'abonnement Premium mensuel du parc");
    expect(notice.body).toContain('Prolongez-le');
    expect(await sms(phone)).toHaveLength(1);
  });
});

describe('the end of a subscription', () => {
  it('ends the last one, tells the park once that it has none, and starts nothing', async () => {
    const { parkId, phone } = await park('trial');
    expect(await run(parkId, addDays(today, 30))).toEqual({ ended: 1, started: 0, reminded: 0, notified: 1 });
    const [trial] = await subs(parkId);
    expect(trial).toMatchObject({ status: 'ended', isTrial: true, endedAt: at(addDays(today, 30)) });
    const expired = await notices(parkId, 'subscription_expired');
    expect(expired).toHaveLength(1);
    expect(expired[0]).toMatchObject({ title: SUBSCRIPTION_MESSAGES.expiredTitle, link: SUBSCRIPTION_PATH });
    expect(expired[0].body).toContain("La période d'essai du parc");
    expect(expired[0].body).toContain('les encaissements continuent');
    expect(await sms(phone)).toHaveLength(1);

    expect(await run(parkId, addDays(today, 30))).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await run(parkId, addDays(today, 45))).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await notices(parkId, 'subscription_expired')).toHaveLength(1);
    expect(await sms(phone)).toHaveLength(1);
  });

  it('tells an expired park once, and again only after a later subscription ends', async () => {
    const { parkId } = await park('none');
    expect(await run(parkId, today)).toEqual({ ended: 0, started: 0, reminded: 0, notified: 1 });
    expect(await run(parkId, today)).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    await ctx.database.db
      .insert(parkSubscriptions)
      .values({ parkId, status: 'active', type: 'starter', period: 'monthly', vehicleNumber: 5, pricePerVehicle: 250_000, amount: 1_250_000, currency: 'XAF', startsOn: today, endsOn: addDays(today, 2) });
    expect(await run(parkId, addDays(today, 3))).toMatchObject({ ended: 1, notified: 1 });
    expect(await notices(parkId, 'subscription_expired')).toHaveLength(2);
  });

  it('leaves a park with a running subscription alone', async () => {
    const { parkId } = await park('paid');
    expect(await run(parkId, today)).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    expect(await notices(parkId, 'subscription_expired')).toHaveLength(0);
  });
});

describe('POST /api/dev/subscriptions/run-job', () => {
  it('runs a pass for the acting park, on the clock given', async () => {
    const { owner } = await park('trial');
    const signed = await ctx.signIn({ email: owner.email, password: owner.password, type: 'proprietaire' });
    const call = (body?: unknown) => ctx.api('POST', '/api/dev/subscriptions/run-job', { ...as(signed), body });
    expect((await call()).data).toEqual({ ended: 0, started: 0, reminded: 0, notified: 0 });
    const later = await call({ now: at(addDays(today, 30)).toISOString() });
    expect(later.code, later.message).toBe(5000);
    expect(later.data).toEqual({ ended: 1, started: 0, reminded: 0, notified: 1 });
    expect((await call({ now: 'demain' })).status).toBe(400);
  });
});

describe('the scheduled pass', () => {
  // Last: it runs over every park of this file's database.
  it('goes over every park, each on its own time zone’s day', async () => {
    const douala = await park('trial');
    const other = await park('trial');
    // Kiritimati (UTC+14) is already a day ahead of Douala at 12:00 UTC.
    await ctx.database.db.execute(sql`update parks set time_zone = 'Pacific/Kiritimati' where id = ${other.parkId}`);
    const trialEnd = (await subs(douala.parkId))[0].endsOn;
    await ctx.database.db.update(parkSubscriptions).set({ endsOn: trialEnd }).where(eq(parkSubscriptions.parkId, other.parkId));
    const r = await runSubscriptionsJob({ ...ctx.app.subscriptions, now: () => at(trialEnd) });
    expect(r.ended).toBeGreaterThanOrEqual(1);
    expect((await subs(douala.parkId))[0].status).toBe('active');
    expect((await subs(other.parkId))[0].status).toBe('ended');
    expect(await notices(other.parkId, 'subscription_expired')).toHaveLength(1);
  });
});
