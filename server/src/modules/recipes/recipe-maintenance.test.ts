import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { maintenances, type MaintenanceStatus } from '../maintenance/maintenance.tables.ts';
import { runRecipeJob } from './recipe-job.ts';
import { addDays } from './recipe-periods.ts';
import { daysFrom, expectedRecipesOf, insertEntries, setRecipeConfig, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

/**
 * No recipe is expected from a vehicle for the time its maintenance holds it (issue 18 section 1).
 * Scheduling removes those planning entries; the job also guards against any left (written here
 * straight into the table, as if they had stayed): a period all in the garage charges nothing,
 * and a day in the garage doesn't count in the shares.
 */

let ctx: TestContext;
let w: RecipeWorld;

useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

/** Wednesday 11 March 2026, 21:00 in Douala: past the default 20:30 collection. */
const WED = '2026-03-11';
const at = (wire: string) => fromWireDate(wire);
const run = (now: Date) => runRecipeJob(ctx.database.db, now, { parkId: w.parkId });

async function maintenance(start: string, end: string, status: MaintenanceStatus = 'available') {
  await ctx.database.db.insert(maintenances).values({ parkId: w.parkId, vehicleId: w.vehicle, durationChoice: 3, startAt: at(start), endAt: at(end), status, estimatedAmount: 2_000 });
}

describe('the recipe job during a maintenance', () => {
  it('charges nothing for a day the vehicle spends in the garage, and charges the days around it', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 10_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -2), 3).map((day) => ({ driverId: w.driverA, day })));
    await maintenance(`${addDays(WED, -1)}T00:00:00`, `${addDays(WED, -1)}T23:59:59`);

    const r = await run(at(`${WED}T21:00:00`));
    expect(r.created).toBe(2);
    expect((await expectedRecipesOf(ctx, w.parkId, w.vehicle)).map((x) => x.day)).toEqual([addDays(WED, -2), WED]);
  });

  it('a weekly period all in the garage charges nothing; a canceled maintenance holds nothing', async () => {
    // Wednesday collections (collect_day 3): the period is Thursday to Wednesday.
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 50_000, frequency: 'weekly', collectDay: 3 });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -13), 14).map((day) => ({ driverId: w.driverA, day })));
    await maintenance(`${addDays(WED, -6)}T00:00:00`, `${addDays(WED, 1)}T00:00:00`);
    // The week before (caught up by the job): its maintenance was canceled, so it is charged.
    await maintenance(`${addDays(WED, -13)}T00:00:00`, `${addDays(WED, -6)}T00:00:00`, 'canceled');

    const r = await run(at(`${WED}T21:00:00`));
    expect(r).toMatchObject({ due: 2, created: 1, without_planning: 1 });
    expect((await expectedRecipesOf(ctx, w.parkId, w.vehicle)).map((x) => [x.day, x.objective])).toEqual([[addDays(WED, -7), 50_000]]);
  });

  it('a driver whose days were all in the garage owes nothing of a shared week; the other owes it all', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 70_000, frequency: 'weekly', collectDay: 3 });
    const week = daysFrom(addDays(WED, -6), 7);
    await insertEntries(ctx, w.parkId, w.vehicle, week.map((day, i) => ({ driverId: i < 4 ? w.driverA : w.driverB, day })));
    // B's three days (Monday to Wednesday) in the garage, 08:00-20:00 as the entries.
    await maintenance(`${week[4]}T07:00:00`, `${week[6]}T21:00:00`);

    await run(at(`${WED}T21:00:00`));
    expect((await expectedRecipesOf(ctx, w.parkId, w.vehicle)).map((x) => [x.driverId, x.objective])).toEqual([[w.driverA, 70_000]]);
  });
});
