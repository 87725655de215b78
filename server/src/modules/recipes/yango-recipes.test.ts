import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { YangoApiError, type YangoSimPark, type YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { connectToSimulator, linkToSimulator } from '../yango/yango-debit.test-support.ts';
import type { YangoDeps } from '../yango/yango.deps.ts';
import { addDays } from './recipe-periods.ts';
import { recipes } from './recipes.tables.ts';
import { insertEntries, setRecipeConfig, today, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';
import { runYangoRecipeJob } from './yango-recipes.ts';

/**
 * The Yango recipe job against the loopback simulator: the objective is the driver's own revenue
 * (revenue categories only) over the period, from a copy the job brings up to date first; run
 * twice or twice at once it makes one recipe; a Yango that does not answer makes nothing; nothing
 * before the link's recipes_since; a vehicle on yango_recipe makes each of its drivers owe his own
 * revenue, never a share. Known transactions are added in a fresh simulated park, so sums are exact.
 */

let ctx: TestContext;
let w: RecipeWorld;
let deps: YangoDeps;
let sim: YangoSimulator;
useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });
beforeAll(async () => {
  deps = ctx.app.yango;
  sim = (await deps.api.simulator())!;
  sim.setRandom429Rate(0);
});

/** A park day (Africa/Douala, the parks' default) three days ago: D; the job runs at D+1 10:00. */
const D = addDays(today(), -3);
const at = (day: string, time: string) => fromWireDate(`${day}T${time}:00`);

const ofDriver = (driverId: string) =>
  ctx.database.db.select().from(recipes).where(and(eq(recipes.parkId, w.parkId), eq(recipes.driverId, driverId), eq(recipes.kind, 'expected'))).orderBy(recipes.periodStart);

function addTx(simPark: YangoSimPark, driverId: string, list: [string, string, string, number][]) {
  for (const [day, time, categoryId, amount] of list) sim.addTransaction(simPark.id, { driverId, categoryId, amount, eventAt: at(day, time) });
}

describe('a driver on yango_recipe (his link)', () => {
  it('owes his Yango revenue of the previous day at his collect time, from recipes_since, once', async () => {
    const simPark = await connectToSimulator(ctx, deps, sim, w.parkId);
    const a = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverA, useYangoRecipe: true, collectTime: '09:00', recipesSince: addDays(D, -1) });
    await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverB, useYangoRecipe: true, recipesSince: addDays(D, -1) });
    addTx(simPark, a.id, [
      [D, '08:00', 'cash_collected', 5000],
      [D, '15:00', 'platform_ride_card', 3000],
      [D, '16:00', 'platform_ride_fee', -800],
      // Not revenue: a transfer of money already earned.
      [D, '17:00', 'partner_service_manual', -2000],
      // The next day: its own collection, not yet due at D+1 10:00.
      [addDays(D, 1), '00:30', 'cash_collected', 700],
      [addDays(D, -1), '12:00', 'platform_ride_tips', 1234],
      // Before recipes_since: never charged.
      [addDays(D, -2), '12:00', 'cash_collected', 999],
    ]);
    await insertEntries(ctx, w.parkId, w.vehicle, [{ driverId: w.driverA, day: D }]);

    const first = await runYangoRecipeJob(deps, at(addDays(D, 1), '10:00'), { parkId: w.parkId });
    expect(first).toMatchObject({ links: 2, created: 2, zero_revenue: 2, sync_failed: 0 });
    expect((await ofDriver(w.driverA)).map((r) => [r.day, r.periodStart, r.periodEnd, r.objective, r.salaryAmount, r.collectionType, r.frequency, r.vehicleId])).toEqual([
      [D, addDays(D, -1), addDays(D, -1), 1234, 0, 'yango_recipe', 'daily', null],
      [addDays(D, 1), D, D, 7200, 0, 'yango_recipe', 'daily', w.vehicle],
    ]);
    expect(await ofDriver(w.driverB), 'no revenue: nothing owed').toEqual([]);

    // Again, and twice at once: nothing more.
    const again = await Promise.all([0, 1, 2].map(() => runYangoRecipeJob(deps, at(addDays(D, 1), '10:00'), { parkId: w.parkId })));
    expect(again.map((r) => r.created)).toEqual([0, 0, 0]);
    expect(await ofDriver(w.driverA)).toHaveLength(2);
  });

  it('makes nothing while Yango does not answer the sync, and makes it once Yango answers', async () => {
    const simPark = await connectToSimulator(ctx, deps, sim, w.parkId);
    const a = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverA, useYangoRecipe: true, recipesSince: D });
    addTx(simPark, a.id, [[D, '11:00', 'cash_collected', 4200]]);
    const down: YangoDeps = { ...deps, api: { ...deps.api, client: () => Promise.reject(new YangoApiError(0, null, 'no answer')) } };
    const failed = await runYangoRecipeJob(down, at(addDays(D, 1), '10:00'), { parkId: w.parkId });
    expect(failed).toMatchObject({ created: 0, sync_failed: 1 });
    expect(await ofDriver(w.driverA)).toEqual([]);

    const later = await runYangoRecipeJob(deps, at(addDays(D, 1), '10:05'), { parkId: w.parkId });
    expect(later).toMatchObject({ created: 1, sync_failed: 0 });
    expect((await ofDriver(w.driverA)).map((r) => [r.periodStart, r.objective])).toEqual([[D, 4200]]);
  });

  it('waits for the collect time of the next day', async () => {
    const simPark = await connectToSimulator(ctx, deps, sim, w.parkId);
    const a = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverA, useYangoRecipe: true, collectTime: '11:30', recipesSince: D });
    addTx(simPark, a.id, [[D, '11:00', 'cash_collected', 3000]]);
    expect(await runYangoRecipeJob(deps, at(addDays(D, 1), '11:29'), { parkId: w.parkId })).toMatchObject({ created: 0, due: 0 });
    expect(await runYangoRecipeJob(deps, at(addDays(D, 1), '11:30'), { parkId: w.parkId })).toMatchObject({ created: 1 });
  });
});

describe('a vehicle on yango_recipe', () => {
  it("makes each driver who drove it owe his own revenue from one collection to the next (no share), and skips a driver who isn't linked", async () => {
    const simPark = await connectToSimulator(ctx, deps, sim, w.parkId);
    // His own link does not collect: only the vehicle's configuration makes his recipes here.
    const a = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverA });
    const b = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverB });
    const c = await insertDriver(ctx, w.parkId, { firstName: 'Claude', lastName: 'Sans Yango' });
    // The configured amount plays no part; the salary amount is shared as the recipe job shares it.
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { collectionType: 'yango_recipe', amount: 10_000, salaryAmount: 1000, collectTime: '20:30' });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      { driverId: w.driverA, day: D, slot: 'first' },
      { driverId: w.driverB, day: D, slot: 'second' },
      { driverId: c, day: addDays(D, -1) },
    ]);
    addTx(simPark, a.id, [
      // After the previous collection (D-1 20:30): his.
      [addDays(D, -1), '21:00', 'cash_collected', 1000],
      [D, '12:00', 'cash_collected', 4000],
      // After this collection: the next one's.
      [D, '21:00', 'cash_collected', 600],
    ]);
    addTx(simPark, b.id, [
      [D, '14:00', 'platform_ride_card', 2500],
      [addDays(D, -1), '19:00', 'cash_collected', 300],
    ]);

    const run = await runYangoRecipeJob(deps, at(D, '21:00'), { parkId: w.parkId });
    expect(run).toMatchObject({ vehicles: 1, created: 2, not_linked: 1, sync_failed: 0 });
    const rows = await ctx.database.db.select().from(recipes).where(and(eq(recipes.parkId, w.parkId), eq(recipes.kind, 'expected')));
    expect(rows.map((r) => [r.driverId, r.day, r.periodStart, r.objective, r.salaryAmount, r.vehicleId, r.collectionType]).sort()).toEqual(
      [
        [w.driverA, D, D, 5000, 500, w.vehicle, 'yango_recipe'],
        [w.driverB, D, D, 2500, 500, w.vehicle, 'yango_recipe'],
      ].sort(),
    );
    expect((await runYangoRecipeJob(deps, at(D, '21:05'), { parkId: w.parkId })).created).toBe(0);
  });
});

describe("a vehicle's yango_recipe configuration", () => {
  it('is refused while the park has no Yango connection', async () => {
    const save = () =>
      ctx.api('POST', `/api/vehicle/update/${w.vehicle}`, { token: w.owner.token, profileId: w.owner.profile_id, body: { update_type: 'recipe', recipes: { collection_type: 'yango_recipe' } } });
    const refused = await save();
    expect([refused.status, refused.code]).toEqual([409, 4830]);
    await connectToSimulator(ctx, deps, sim, w.parkId);
    const saved = await save();
    expect(saved.code, saved.message).toBe(5000);
    expect(saved.data.recipe).toMatchObject({ collection_type: 'yango_recipe' });
  });
});
