import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { addDays } from './recipe-periods.ts';
import { resetOptions } from '../park/reset-registry.ts';
import './recipes.reset.ts';
import { as, insertRecipe, recipeWorld, today, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

/**
 * recipe_day_totals is what the unpaid list's totals and the dashboard's recipe cards read: after
 * every way a recipe changes it must equal a count of the recipes themselves.
 */

let ctx: TestContext;
let w: RecipeWorld;

useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

const send = (method: string, url: string, body?: unknown) => ctx.api(method, url, { ...as(w.owner), body });

type Figures = Record<string, number>;

/** The park's totals rows, all-zero rows left out, by day. */
async function kept(parkId: string): Promise<Record<string, Figures>> {
  const { rows } = await ctx.database.db.execute<Record<string, string | number>>(sql`
    select day::text as day, expected_count, expected_objective, expected_collected, expected_remaining,
           unpaid_count, unpaid_objective, unpaid_remaining, deleted_count, deletions_count
      from recipe_day_totals where park_id = ${parkId} order by day`);
  return byDay(rows);
}

/** The same figures counted from the recipes. */
async function counted(parkId: string): Promise<Record<string, Figures>> {
  const { rows } = await ctx.database.db.execute<Record<string, string | number>>(sql`
    select day::text as day, sum(expected_count) as expected_count, sum(expected_objective) as expected_objective,
           sum(expected_collected) as expected_collected, sum(expected_remaining) as expected_remaining,
           sum(unpaid_count) as unpaid_count, sum(unpaid_objective) as unpaid_objective, sum(unpaid_remaining) as unpaid_remaining,
           sum(deleted_count) as deleted_count, sum(deletions_count) as deletions_count
      from (
        select day,
          count(*) filter (where deleted_at is null and kind = 'expected') as expected_count,
          coalesce(sum(objective) filter (where deleted_at is null and kind = 'expected'), 0) as expected_objective,
          coalesce(sum(collected) filter (where deleted_at is null and kind = 'expected'), 0) as expected_collected,
          coalesce(sum(greatest(objective - collected, 0)) filter (where deleted_at is null and kind = 'expected' and paid_at is null), 0) as expected_remaining,
          count(*) filter (where deleted_at is null and paid_at is null) as unpaid_count,
          coalesce(sum(objective) filter (where deleted_at is null and paid_at is null), 0) as unpaid_objective,
          coalesce(sum(greatest(objective - collected, 0)) filter (where deleted_at is null and paid_at is null), 0) as unpaid_remaining,
          count(*) filter (where deleted_at is not null) as deleted_count,
          0 as deletions_count
          from recipes where park_id = ${parkId} group by day
        union all
        -- Deletions on the day they were made, in the park's time zone.
        select (r.deleted_at at time zone p.time_zone)::date, 0, 0, 0, 0, 0, 0, 0, 0, count(*)
          from recipes r join parks p on p.id = r.park_id
         where r.park_id = ${parkId} and r.deleted_at is not null group by 1
      ) hand
     group by day order by day`);
  return byDay(rows);
}

function byDay(rows: Record<string, string | number>[]): Record<string, Figures> {
  const out: Record<string, Figures> = {};
  for (const { day, ...figures } of rows) {
    const numbers = Object.fromEntries(Object.entries(figures).map(([k, v]) => [k, Number(v)]));
    if (Object.values(numbers).some((n) => n !== 0)) out[String(day)] = numbers;
  }
  return out;
}

async function expectTotalsMatch(parkId = w.parkId) {
  expect(await kept(parkId)).toEqual(await counted(parkId));
}

describe('the recipes per day (recipe_day_totals)', () => {
  it('follow every way a recipe changes: created, collected in part and in full, objective changed, driver changed, deleted', async () => {
    const t = today();
    const yesterday = addDays(t, -1);
    const a = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const b = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 8_000 });
    const c = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 6_000, day: yesterday });
    const debt = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5_000, day: yesterday, kind: 'debt' });
    await expectTotalsMatch();
    expect((await kept(w.parkId))[t]).toMatchObject({ expected_count: 2, expected_objective: 18_000, unpaid_count: 2, unpaid_remaining: 18_000 });

    // One collection over two days: all of a, part of c and of the debt.
    const paid = await send('POST', '/api/transaction/accept-cash-payment', {
      recettes_id: [a],
      recettes_partials: [
        { recette_id: c, amount: 2_500 },
        { recette_id: debt, amount: 1_000 },
      ],
      payment_type: 'cash',
    });
    expect(paid.code, paid.message).toBe(5000);
    await expectTotalsMatch();
    expect((await kept(w.parkId))[yesterday]).toMatchObject({ unpaid_count: 2, unpaid_objective: 11_000, unpaid_remaining: 7_500, expected_collected: 2_500 });

    expect((await send('PUT', '/api/park/manage-recipe', { recette_id: b, amount: 9_000 })).code).toBe(5000);
    await expectTotalsMatch();
    const driverC = await insertDriver(ctx, w.parkId, { firstName: 'Claude', lastName: 'Cheumani' });
    expect((await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: b, driver_id: driverC })).code).toBe(5000);
    await expectTotalsMatch();
    const deleted = await send('DELETE', `/api/park/delete-recipe/${b}`, { comment: 'Véhicule au garage' });
    expect(deleted.code, deleted.message).toBe(5000);
    await expectTotalsMatch();
    expect((await kept(w.parkId))[t]).toMatchObject({ expected_count: 1, unpaid_count: 0, deleted_count: 1, deletions_count: 1 });

    // A recipe of yesterday deleted today counts on both days.
    const late = await insertRecipe(ctx, w, { driverId: driverC, objective: 3_000, day: yesterday, kind: 'debt' });
    expect((await send('DELETE', `/api/park/delete-recipe/${late}`, { comment: 'Dette annulée' })).code).toBe(5000);
    await expectTotalsMatch();
    expect((await kept(w.parkId))[yesterday]).toMatchObject({ deleted_count: 1, deletions_count: 0 });
    expect((await kept(w.parkId))[t]).toMatchObject({ deleted_count: 1, deletions_count: 2 });

    // The unpaid list's totals are these rows.
    const list = await send('GET', '/api/transaction/unpaid/recipes/history?page=1&itemPerPage=20');
    expect(list.code, list.message).toBe(5000);
    expect(list.data.total_remaining).toBe(7_500);
    expect(list.data.items).toEqual([expect.objectContaining({ day: yesterday, total_objective: 11_000, total_remaining: 7_500 })]);
  });

  it("follow a driver's deletion and a reset of the park's recipes", async () => {
    await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 7_000 });
    await ctx.database.db.delete(drivers).where(eq(drivers.id, w.driverB));
    await expectTotalsMatch();
    expect((await kept(w.parkId))[today()]).toMatchObject({ expected_count: 1, unpaid_remaining: 10_000 });

    const option = resetOptions().find((o) => o.code === 'recipes')!;
    await ctx.database.db.transaction((tx) => option.reset(tx, w.parkId, { storage: ctx.app.fileStorage, keepFileIds: new Set(), afterCommit: () => undefined }));
    expect(await kept(w.parkId)).toEqual({});
    await expectTotalsMatch();
  });

  it('are not shared between parks', async () => {
    const other = await recipeWorld(ctx);
    await insertRecipe(ctx, other, { driverId: other.driverA, objective: 4_000 });
    await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    expect((await kept(w.parkId))[today()]).toMatchObject({ unpaid_remaining: 10_000 });
    expect((await kept(other.parkId))[today()]).toMatchObject({ unpaid_remaining: 4_000 });
  });
});
