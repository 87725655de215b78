import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { runRecipeJob } from '../recipes/recipe-job.ts';
import { addDays } from '../recipes/recipe-periods.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { planningCalls, type Park } from './planning-test-helpers.ts';

/**
 * Issue 15 section 3: a planning confirmed today over past days never charges them by surprise
 * (the recipe job leaves them alone); the owner asks for them explicitly on confirming
 * (create_past_recipes), after the preview announced how many and how much. Days are today's
 * (Africa/Douala), the clock of the server.
 */

let ctx: TestContext;
let parks = 0;
let p: Park;
const h = planningCalls(() => ctx);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  p = await h.newPark(`Parc Rattrapage ${++parks}`);
});
afterAll(() => ctx.close());

const AMOUNT = 15_000;
const todayOf = () => toWireDate(new Date()).slice(0, 10);

/** A vehicle configured now: its planning (one driver, every day) and its daily recipe, collected at 00:00 (today's is due at once). */
async function configuredNow() {
  const { v, d } = await h.plannedVehicle(p, 'Nouveau');
  const rec = await h.call(p.owner, 'POST', `/api/vehicle/update/${v.id}`, {
    update_type: 'recipe',
    recipes: { collection_type: 'recipe_objective', collection_method: 'cash', freequency: 'daily', amount: AMOUNT, collect_time: '00:00' },
  });
  expect(rec.code, rec.message).toBe(5000);
  return { v, d };
}

function entriesOf(preview: { entries: Record<string, any>[] }) {
  return preview.entries.map((e) => ({ date: e.date, vehicle_id: e.vehicle.id, driver_id: e.driver.id, slot: e.slot, is_salary_day: e.is_salary_day, role: e.role }));
}

const recipesOf = (vehicleId: string) =>
  ctx.database.db
    .select({ day: recipes.day, driverId: recipes.driverId, objective: recipes.objective })
    .from(recipes)
    .where(and(eq(recipes.parkId, p.fx.park.id), eq(recipes.vehicleId, vehicleId), eq(recipes.kind, 'expected')))
    .orderBy(recipes.day);

const job = () => runRecipeJob(ctx.database.db, new Date(), { parkId: p.fx.park.id });

describe('a vehicle configured today, its planning confirmed over the last seven days', () => {
  it('gets no recipe of the past days from the job, only today’s', async () => {
    const { v, d } = await configuredNow();
    const today = todayOf();
    const start = addDays(today, -7);
    const g = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    expect(g.code, g.message).toBe(5000);
    expect(g.data.entries).toHaveLength(8);
    expect(g.data.past_recipes).toEqual({ count: 7, total: 7 * AMOUNT });

    const c = await h.confirm(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id], entries: entriesOf(g.data) });
    expect(c.code, c.message).toBe(5000);
    expect(c.data.past_recipes).toEqual({ count: 0, total: 0 });

    const r = await job();
    expect(r.created).toBe(1);
    expect(await recipesOf(v.id)).toEqual([{ day: today, driverId: d, objective: AMOUNT }]);
    expect((await job()).created, 'nor on the next run').toBe(0);
  });

  it('creates them when the owner asks, exactly what the preview announced, once', async () => {
    const { v, d } = await configuredNow();
    const today = todayOf();
    const start = addDays(today, -7);
    const g = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    const announced = g.data.past_recipes;
    expect(announced).toEqual({ count: 7, total: 7 * AMOUNT });

    const body = { start_date: start, end_date: today, vehicle_ids: [v.id], entries: entriesOf(g.data), create_past_recipes: true };
    const c = await h.confirm(p.owner, body);
    expect(c.code, c.message).toBe(5000);
    expect(c.data.past_recipes).toEqual(announced);
    const past = await recipesOf(v.id);
    expect(past.map((x) => x.day)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(start, i)));
    expect(past.every((x) => x.driverId === d && x.objective === AMOUNT)).toBe(true);

    // Confirmed twice: nothing more. The preview now announces none.
    const again = await h.confirm(p.owner, body);
    expect(again.data.past_recipes).toEqual({ count: 0, total: 0 });
    expect(await recipesOf(v.id)).toHaveLength(7);
    const g2 = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    expect(g2.data.past_recipes).toEqual({ count: 0, total: 0 });

    // Today's is the job's, as every day's.
    expect((await job()).created).toBe(1);
    expect(await recipesOf(v.id)).toHaveLength(8);
  });

  it('never recreates a past recipe that was deleted', async () => {
    const { v } = await configuredNow();
    const today = todayOf();
    const start = addDays(today, -2);
    const g = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    const body = { start_date: start, end_date: today, vehicle_ids: [v.id], entries: entriesOf(g.data), create_past_recipes: true };
    expect((await h.confirm(p.owner, body)).data.past_recipes.count).toBe(2);
    const [first] = await recipesOf(v.id);
    await ctx.database.db.execute(sql`update recipes set deleted_at = now(), delete_comment = 'test' where vehicle_id = ${v.id} and day = ${first.day}::date`);
    expect((await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] })).data.past_recipes.count).toBe(0);
    expect((await h.confirm(p.owner, body)).data.past_recipes.count).toBe(0);
  });

  it('announces nothing for a planning of future days', async () => {
    const { v } = await configuredNow();
    const today = todayOf();
    const g = await h.generate(p.owner, { start_date: addDays(today, 1), end_date: addDays(today, 7), vehicle_ids: [v.id] });
    expect(g.data.past_recipes).toEqual({ count: 0, total: 0 });
  });
});

describe('a vehicle configured long ago', () => {
  it('keeps its catch-up when the job was down, for a planning confirmed before the days it covers', async () => {
    const { v, d } = await configuredNow();
    const today = todayOf();
    const start = addDays(today, -3);
    const g = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    expect((await h.confirm(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id], entries: entriesOf(g.data) })).code).toBe(5000);
    // Configured and planned ten days ago; the job then stopped for three days.
    const tenDaysAgo = sql`now() - interval '10 days'`;
    await ctx.database.db.execute(sql`update vehicle_recipe_configs set recipes_since = ${tenDaysAgo} where vehicle_id = ${v.id}`);
    await ctx.database.db.execute(sql`update planning_entries set created_at = ${tenDaysAgo} where vehicle_id = ${v.id}`);
    expect((await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] })).data.past_recipes).toEqual({ count: 3, total: 3 * AMOUNT });
    expect((await job()).created).toBe(4);
    expect((await recipesOf(v.id)).map((x) => [x.day, x.driverId])).toEqual(Array.from({ length: 4 }, (_, i) => [addDays(start, i), d]));
  });

  it('keeps an assignment’s time when the same planning is confirmed again', async () => {
    const { v } = await configuredNow();
    const today = todayOf();
    const start = addDays(today, -3);
    const g = await h.generate(p.owner, { start_date: start, end_date: today, vehicle_ids: [v.id] });
    const body = { start_date: start, end_date: today, vehicle_ids: [v.id], entries: entriesOf(g.data) };
    await h.confirm(p.owner, body);
    await ctx.database.db.execute(sql`update planning_entries set created_at = '2020-01-01T00:00:00Z' where vehicle_id = ${v.id}`);
    const again = await h.confirm(p.owner, body);
    expect(again.data).toMatchObject({ created: 4, replaced: 4 });
    const { rows } = await ctx.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from planning_entries where vehicle_id = ${v.id} and created_at = '2020-01-01T00:00:00Z'`,
    );
    expect(rows[0].n).toBe(4);
  });
});

describe('the recipe configuration', () => {
  it('keeps its start when its amount changes, and starts again when its schedule changes', async () => {
    const { v } = await configuredNow();
    const since = async () =>
      (await ctx.database.db.execute<{ t: string }>(sql`select recipes_since::text as t from vehicle_recipe_configs where vehicle_id = ${v.id}`)).rows[0].t;
    await ctx.database.db.execute(sql`update vehicle_recipe_configs set recipes_since = '2020-01-01T00:00:00Z' where vehicle_id = ${v.id}`);
    const save = (recipes: Record<string, unknown>) =>
      h.call(p.owner, 'POST', `/api/vehicle/update/${v.id}`, { update_type: 'recipe', recipes: { collection_type: 'recipe_objective', collection_method: 'cash', collect_time: '00:00', ...recipes } });
    expect((await save({ freequency: 'daily', amount: 20_000 })).code).toBe(5000);
    expect(await since()).toBe('2020-01-01 00:00:00+00');
    expect((await save({ freequency: 'weekly', collect_day: 7, amount: 20_000 })).code).toBe(5000);
    expect(await since()).not.toBe('2020-01-01 00:00:00+00');
  });
});
