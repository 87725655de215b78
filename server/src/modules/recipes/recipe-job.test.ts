import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { runRecipeJob, vehiclesWithoutPlanningOn } from './recipe-job.ts';
import { addDays } from './recipe-periods.ts';
import { as, daysFrom, expectedRecipesOf, insertEntries, setRecipeConfig, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

let ctx: TestContext;
let w: RecipeWorld;

useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

/** Wednesday 11 March 2026, 21:00 in Douala: past the default 20:30 collection. */
const WED = '2026-03-11';
const at = (wire: string) => fromWireDate(wire);
const run = (now: Date) => runRecipeJob(ctx.database.db, now, { parkId: w.parkId });
const recipesOf = async (vehicle = w.vehicle) =>
  (await expectedRecipesOf(ctx, w.parkId, vehicle)).map((r) => ({ driver: r.driverId, day: r.day, from: r.periodStart, to: r.periodEnd, objective: r.objective, salary: r.salaryAmount }));

describe('the daily recipe', () => {
  it('creates the recipe of the driver who drove, once its collect time has passed, and never twice', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 10_000, salaryAmount: 2_000, collectTime: '20:30' });
    await insertEntries(ctx, w.parkId, w.vehicle, [{ driverId: w.driverA, day: WED }]);

    expect((await run(at(`${WED}T20:00:00`))).created, 'before 20:30 nothing is due').toBe(0);
    expect(await recipesOf()).toEqual([]);

    expect((await run(at(`${WED}T21:00:00`))).created).toBe(1);
    expect((await run(at(`${WED}T21:05:00`))).created, 'a second run creates nothing').toBe(0);
    expect(await recipesOf()).toEqual([{ driver: w.driverA, day: WED, from: WED, to: WED, objective: 10_000, salary: 2_000 }]);
  });

  it('catches up the collections missed in the last 7 days, not older ones', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -9), 10).map((day) => ({ driverId: w.driverA, day })));
    const r = await run(at(`${WED}T21:00:00`));
    expect(r.created).toBe(8);
    expect((await recipesOf()).map((x) => x.day)).toEqual(daysFrom(addDays(WED, -7), 8));
  });

  it('creates nothing for a day without planning or with a salary day only, and says so', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [{ driverId: w.driverA, day: addDays(WED, -1), salary: true }]);
    const r = await run(at(`${WED}T21:00:00`));
    expect(r).toMatchObject({ created: 0, without_planning: 8, vehicles_without_planning_today: 1 });
    expect(await vehiclesWithoutPlanningOn(ctx.database.db, w.parkId, WED)).toEqual([w.vehicle]);
    expect(await vehiclesWithoutPlanningOn(ctx.database.db, w.parkId, addDays(WED, -1))).toEqual([]);
  });

  it('shares an hourly day between its two drivers, and leaves yango vehicles to the Yango issue', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 10_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      { driverId: w.driverA, day: WED, slot: 'first' },
      { driverId: w.driverB, day: WED, slot: 'second' },
    ]);
    const yango = await insertVehicle(ctx.database.db, w.parkId, { registration: `YG-${Math.random().toString(36).slice(2, 7)}` });
    await setRecipeConfig(ctx, w.parkId, yango, { collectionType: 'yango_recipe', amount: null });
    await insertEntries(ctx, w.parkId, yango, [{ driverId: w.driverA, day: addDays(WED, -1) }]);

    await run(at(`${WED}T21:00:00`));
    expect((await recipesOf()).map((r) => [r.driver, r.objective]).sort()).toEqual([[w.driverA, 5_000], [w.driverB, 5_000]].sort());
    expect(await recipesOf(yango)).toEqual([]);
  });

  it('gives a recipe without objective an objective of 0, set when collected', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { collectionType: 'without_recipe_objective', amount: null });
    await insertEntries(ctx, w.parkId, w.vehicle, [{ driverId: w.driverA, day: WED }]);
    await run(at(`${WED}T21:00:00`));
    const [recipe] = await expectedRecipesOf(ctx, w.parkId, w.vehicle);
    expect(recipe).toMatchObject({ objective: 0, collectionType: 'without_recipe_objective' });
  });

  it('never creates again a recipe that was deleted or moved to another driver', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      { driverId: w.driverA, day: addDays(WED, -1) },
      { driverId: w.driverA, day: WED },
    ]);
    await run(at(`${WED}T21:00:00`));
    const [yesterday, today] = await expectedRecipesOf(ctx, w.parkId, w.vehicle);
    const del = await ctx.api('DELETE', `/api/park/delete-recipe/${yesterday.id}`, { ...as(w.owner), body: { comment: 'Véhicule en panne' } });
    expect(del.code, del.message).toBe(5000);
    const moved = await ctx.api('POST', '/api/driver/change-driver-on-recipe', { ...as(w.owner), body: { recipe_id: today.id, driver_id: w.driverB } });
    expect(moved.code, moved.message).toBe(5000);

    expect((await run(at(`${WED}T21:10:00`))).created).toBe(0);
    const after = await expectedRecipesOf(ctx, w.parkId, w.vehicle);
    expect(after.map((r) => [r.day, r.driverId, r.deletedAt !== null])).toEqual([
      [addDays(WED, -1), w.driverA, true],
      [WED, w.driverB, false],
    ]);
  });
});

describe('never the past by surprise (issue 15 section 3)', () => {
  it('charges no collection day before the configuration was saved', async () => {
    // Configured on Wednesday morning; the planning was there long before.
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000, since: at(`${WED}T10:00:00`) });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -7), 8).map((day) => ({ driverId: w.driverA, day })));
    const r = await run(at(`${WED}T21:00:00`));
    expect(r).toMatchObject({ due: 1, created: 1 });
    expect((await recipesOf()).map((x) => x.day)).toEqual([WED]);
  });

  it('charges no driver for a day he was assigned after (a planning confirmed later over past days)', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000 });
    // Confirmed on Wednesday morning for Sunday to Wednesday.
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -3), 4).map((day) => ({ driverId: w.driverA, day })), at(`${WED}T09:00:00`));
    const r = await run(at(`${WED}T21:00:00`));
    expect(r).toMatchObject({ created: 1, assigned_later: 3 });
    expect((await recipesOf()).map((x) => x.day)).toEqual([WED]);
  });

  it('charges a weekly period only to the drivers assigned by its collection day, with the shares of the whole week', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { frequency: 'weekly', collectDay: 7, amount: 7_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom('2026-03-09', 3).map((day) => ({ driverId: w.driverA, day })));
    // B's four days were confirmed on Monday 16, after the collection of Sunday 15.
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom('2026-03-12', 4).map((day) => ({ driverId: w.driverB, day })), at('2026-03-16T09:00:00'));
    await run(at('2026-03-16T10:00:00'));
    expect((await recipesOf()).map((r) => [r.driver, r.objective])).toEqual([[w.driverA, 3_000]]);
  });
});

describe('weekly and monthly recipes', () => {
  it('collects a weekly recipe on its day and shares it by the days each driver drove', async () => {
    // Sunday 15 March: the week of 9 to 15 March. A drove Monday to Wednesday, B Thursday to
    // Saturday and his Sunday is his salary day: 3 days each.
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { frequency: 'weekly', collectDay: 7, amount: 70_000, salaryAmount: 10_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      ...daysFrom('2026-03-09', 3).map((day) => ({ driverId: w.driverA, day })),
      ...daysFrom('2026-03-12', 3).map((day) => ({ driverId: w.driverB, day })),
      { driverId: w.driverB, day: '2026-03-15', salary: true },
    ]);
    expect((await run(at('2026-03-14T21:00:00'))).created, 'not before Sunday').toBe(0);
    expect((await run(at('2026-03-15T21:00:00'))).created).toBe(2);
    expect((await recipesOf()).sort((a, b) => (a.driver < b.driver ? -1 : 1))).toEqual(
      [
        { driver: w.driverA, day: '2026-03-15', from: '2026-03-09', to: '2026-03-15', objective: 35_000, salary: 5_000 },
        { driver: w.driverB, day: '2026-03-15', from: '2026-03-09', to: '2026-03-15', objective: 35_000, salary: 5_000 },
      ].sort((a, b) => (a.driver < b.driver ? -1 : 1)),
    );
  });

  it('prorates a weekly recipe by the share of the planned days', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { frequency: 'weekly', collectDay: 7, amount: 7_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      ...daysFrom('2026-03-09', 3).map((day) => ({ driverId: w.driverA, day })),
      ...daysFrom('2026-03-12', 4).map((day) => ({ driverId: w.driverB, day })),
    ]);
    await run(at('2026-03-15T21:00:00'));
    expect(Object.fromEntries((await recipesOf()).map((r) => [r.driver, r.objective]))).toEqual({ [w.driverA]: 3_000, [w.driverB]: 4_000 });
  });

  it('collects a monthly recipe on the 31st clamped to the 30th of April, for the whole of April', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { frequency: 'monthly', monthlyDay: 31, amount: 300_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, [
      { driverId: w.driverA, day: '2026-03-31' }, // the March period's
      { driverId: w.driverA, day: '2026-04-02' },
    ]);
    expect((await run(at('2026-04-29T21:00:00'))).created).toBe(0);
    expect((await run(at('2026-04-30T21:00:00'))).created).toBe(1);
    expect(await recipesOf()).toEqual([{ driver: w.driverA, day: '2026-04-30', from: '2026-04-01', to: '2026-04-30', objective: 300_000, salary: 0 }]);
  });
});

describe('two workers at once', () => {
  it('creates each recipe once when two runs race', async () => {
    await setRecipeConfig(ctx, w.parkId, w.vehicle, { amount: 5_000 });
    await insertEntries(ctx, w.parkId, w.vehicle, daysFrom(addDays(WED, -3), 4).flatMap((day) => [
      { driverId: w.driverA, day, slot: 'first' as const },
      { driverId: w.driverB, day, slot: 'second' as const },
    ]));
    const now = at(`${WED}T21:00:00`);
    const results = await Promise.all([run(now), run(now), run(now)]);
    expect(results.reduce((s, r) => s + r.created, 0)).toBe(8);
    const made = await recipesOf();
    expect(made).toHaveLength(8);
    expect(new Set(made.map((r) => `${r.driver}|${r.from}`)).size).toBe(8);
  });
});
