import { and, eq } from 'drizzle-orm';
import type { Db } from '../src/platform/db/database.ts';
import { addDays, parkToday } from '../src/modules/subscriptions/subscription-days.ts';
import { parkRef } from '../src/modules/subscriptions/subscription-state.ts';
import { parkSubscriptions } from '../src/modules/subscriptions/subscriptions.tables.ts';

export type FixtureSubscription = 'paid' | 'trial' | 'none';

/**
 * Sets a test park's subscription. A new park starts on its 5-vehicle trial; most tests are not
 * about subscriptions and add vehicles freely, so by default the trial is replaced by a paid
 * premium subscription of 10,000 vehicles covering yesterday to a year from now. 'trial' keeps the
 * trial; 'none' moves the trial into the past (ended yesterday), an expired park.
 * Also for parks a test made another way (sign-up, owner-create): call it with their id.
 */
export async function setFixtureSubscription(db: Db, parkId: string, kind: FixtureSubscription = 'paid', now: Date = new Date()): Promise<void> {
  if (kind === 'trial') return;
  const park = await parkRef(db, parkId);
  const today = parkToday(park.timeZone, now);
  await db.transaction(async (tx) => {
    const active = and(eq(parkSubscriptions.parkId, parkId), eq(parkSubscriptions.status, 'active'));
    if (kind === 'none') {
      await tx
        .update(parkSubscriptions)
        .set({ status: 'ended', startsOn: addDays(today, -30), endsOn: addDays(today, -1), endedAt: now })
        .where(active);
      return;
    }
    // The one-active index: the trial gives way before the paid one is written.
    await tx.update(parkSubscriptions).set({ status: 'replaced', endedAt: now }).where(active);
    await tx.insert(parkSubscriptions).values({
      parkId,
      status: 'active',
      type: 'premium',
      applicationType: 'particulier',
      period: 'monthly',
      vehicleNumber: 10_000,
      pricePerVehicle: 0,
      currency: park.currency,
      amount: 0,
      isTrial: false,
      startsOn: addDays(today, -1),
      endsOn: addDays(today, 364),
    });
  });
}
