import { sql } from 'drizzle-orm';
import { TRIAL_DAYS, TRIAL_VEHICLES } from '@flotte/contract';
import type { Tx } from '../../platform/db/database.ts';
import { registerParkSetup } from '../access/park-setup.ts';
import { addDays, parkToday } from './subscription-days.ts';
import { parkRef } from './subscription-state.ts';
import { TRIAL_LABEL } from './subscription-view.ts';
import { parkSubscriptions } from './subscriptions.tables.ts';

/**
 * Every new park starts with a free trial (issue 23): TRIAL_DAYS days from today in the park's time
 * zone, TRIAL_VEHICLES vehicles, nothing to pay. Parks created before subscriptions existed get it
 * at the next start (`missing`), so none is locked out the day the feature ships.
 */
export async function startTrial(tx: Tx, parkId: string, now: Date = new Date()): Promise<void> {
  const park = await parkRef(tx, parkId);
  const today = parkToday(park.timeZone, now);
  await tx.insert(parkSubscriptions).values({
    parkId,
    status: 'active',
    type: 'starter',
    period: 'monthly',
    vehicleNumber: TRIAL_VEHICLES,
    pricePerVehicle: 0,
    currency: park.currency,
    amount: 0,
    offer: TRIAL_LABEL,
    isTrial: true,
    startsOn: today,
    endsOn: addDays(today, TRIAL_DAYS - 1),
  });
}

registerParkSetup({
  name: 'subscription-trial',
  apply: (tx, parkId) => startTrial(tx, parkId),
  async missing(db) {
    const { rows } = await db.execute<{ id: string }>(
      sql`select p.id from parks p where not exists (select 1 from park_subscriptions s where s.park_id = p.id)`,
    );
    return rows.map((r) => r.id);
  },
});
