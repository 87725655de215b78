import { describe, expect, it } from 'vitest';
import { ErrorCodes, RECIPE_COLLECTION_MESSAGES as M, type TRecipe, type TRecipeDayGroup } from '@flotte/contract';
import type { TestContext } from '../../../test/test-context.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { addDays } from './recipe-periods.ts';
import { as, fundDriverSold, insertRecipe, recipeWorld, today, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

let ctx: TestContext;
let w: RecipeWorld;

useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

const get = (url: string, s = w.owner) => ctx.api('GET', url, as(s));
const send = (method: string, url: string, body: unknown, s = w.owner) => ctx.api(method, url, { ...as(s), body });
const cash = (recipeId: string, amount?: number) => send('POST', '/api/transaction/paid-recipe-expected-today', { recette_id: recipeId, payment_type: 'cash', amount });

describe('changing the objective', () => {
  it('sets a new objective or takes some off, never below what was collected', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    await cash(id, 4_000);
    const below = await send('PUT', '/api/park/manage-recipe', { recette_id: id, amount: 3_000 });
    expect(below.status).toBe(422);
    expect(below.message).toBe(ErrorCodes.RECIPE_OBJECTIVE_BELOW_COLLECTED.message);
    const zero = await send('PUT', '/api/park/manage-recipe', { recette_id: id, amount: 0 });
    expect(zero.message).toBe(M.invalidAmount);

    const up = await send('PUT', '/api/park/manage-recipe', { recette_id: id, amount: 12_000, reduce_salary: 1_500 });
    expect(up.code, up.message).toBe(5000);
    expect(up.message).toBe(M.objectiveUpdated);
    expect(up.data).toMatchObject({ objective: 12_000, toEncaiss: 8_000, salary_amount: 1_500, status: 'partially' });

    // The dialog's decrease mode: down to what was collected makes it paid.
    const down = await send('PUT', '/api/park/manage-recipe', { recette_id: id, amount: 8_000, reduce: true });
    expect(down.data).toMatchObject({ objective: 4_000, toEncaiss: 0, status: 'paid', isPaid: true });
  });
});

describe('changing the driver', () => {
  it('moves an uncollected recipe to another driver of the park, not to the same one, not once money was collected', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const same = await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: id, driver_id: w.driverA });
    expect(same.message).toBe(ErrorCodes.RECIPE_SAME_DRIVER.message);
    const r = await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: id, driver_id: w.driverB });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.driverChanged);
    expect(r.data.driver).toMatchObject({ id: w.driverB, first_name: 'Bruno' });

    const other = await recipeWorld(ctx);
    expect((await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: id, driver_id: other.driverA })).status).toBe(404);

    await cash(id, 1_000);
    const after = await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: id, driver_id: w.driverA });
    expect(after.message).toBe(ErrorCodes.RECIPE_DRIVER_CHANGE_AFTER_PAYMENT.message);
  });

  it("refuses a driver who already has that vehicle's recipe for the period", async () => {
    const a = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 5_000 });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5_000 });
    const r = await send('POST', '/api/driver/change-driver-on-recipe', { recipe_id: a, driver_id: w.driverB });
    expect(r.status).toBe(409);
    expect(r.message).toBe(ErrorCodes.RECIPE_DRIVER_HAS_RECIPE.message);
  });
});

describe('deleting', () => {
  it('deletes with a reason, lists it with who deleted it, and refuses a recipe money was collected on', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const short = await ctx.api('DELETE', `/api/park/delete-recipe/${id}`, { ...as(w.owner), body: { comment: 'x' } });
    expect(short.status).toBe(400);
    expect(short.message).toBe(M.deleteReason);

    const r = await ctx.api('DELETE', `/api/park/delete-recipe/${id}`, { ...as(w.owner), body: { comment: 'Véhicule au garage' } });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.deleted);
    const deleted = await get('/api/park/deleted-recipes');
    expect(deleted.data.items).toHaveLength(1);
    expect(deleted.data.items[0]).toMatchObject({ id, delete_comment: 'Véhicule au garage', deleted_by: { first_name: 'Awa', last_name: 'Ndiaye' } });
    expect(deleted.data.items[0].deleted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect((await get('/api/transaction/unpaid/recipes/history')).data.items).toEqual([]);

    const paid = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000, day: addDays(today(), -1) });
    await cash(paid, 500);
    const refused = await ctx.api('DELETE', `/api/park/delete-recipe/${paid}`, { ...as(w.owner), body: { comment: 'Erreur' } });
    expect(refused.message).toBe(ErrorCodes.RECIPE_HAS_PAYMENTS.message);
  });
});

describe('the unpaid recipes', () => {
  it('pages 20 recipes at a time, newest day first, grouped by day with each whole day’s totals', async () => {
    const t = today();
    for (let i = 0; i < 12; i++) await insertRecipe(ctx, w, { driverId: i % 2 ? w.driverA : w.driverB, objective: 1_000, day: t, kind: 'debt' });
    for (let i = 0; i < 10; i++) await insertRecipe(ctx, w, { driverId: w.driverA, objective: 2_000, day: addDays(t, -1), kind: 'debt' });
    const old = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5_000, day: '2025-12-24', kind: 'debt' });
    await cash(old, 1_000);
    const paid = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5_000, day: t, kind: 'debt' });
    await cash(paid);

    const first = await get('/api/transaction/unpaid/recipes/history');
    expect(first.code, first.message).toBe(5000);
    const groups = first.data.items as TRecipeDayGroup[];
    expect(groups.map((g) => [g.day, g.label, g.recipes.length, g.total_objective, g.total_remaining])).toEqual([
      [t, "Aujourd'hui", 12, 12_000, 12_000],
      [addDays(t, -1), 'Hier', 8, 20_000, 20_000],
    ]);
    expect(first.data.meta).toEqual({ page: 1, itemPerPage: 20, has_more: true });
    expect(first.data.total_remaining).toBe(12_000 + 20_000 + 4_000);

    const second = await get('/api/transaction/unpaid/recipes/history?page=2');
    expect((second.data.items as TRecipeDayGroup[]).map((g) => [g.day, g.label, g.recipes.length])).toEqual([
      [addDays(t, -1), 'Hier', 2],
      ['2025-12-24', '24/12/2025', 1],
    ]);
    expect(second.data.meta.has_more).toBe(false);
    const seen = [...groups, ...second.data.items].flatMap((g: TRecipeDayGroup) => g.recipes.map((r) => r.id));
    expect(new Set(seen).size).toBe(23);
    expect(second.data.items[1].recipes[0]).toMatchObject({ status: 'partially', toEncaiss: 4_000 });

    const mine = await get(`/api/transaction/unpaid/recipes/history?driver_id=${w.driverB}&start_date=${addDays(t, -30)}&end_date=${t}`);
    expect((mine.data.items as TRecipeDayGroup[]).map((g) => [g.day, g.recipes.length])).toEqual([[t, 6]]);
    expect(mine.data.total_remaining).toBe(6_000);

    const december = await get('/api/transaction/unpaid/recipes/history?start_date=2025-12-01&end_date=2025-12-31');
    expect((december.data.items as TRecipeDayGroup[]).map((g) => [g.day, g.recipes.length, g.total_objective, g.total_remaining])).toEqual([['2025-12-24', 1, 5_000, 4_000]]);
    expect(december.data.total_remaining).toBe(4_000);
    // Past the last page: no recipes, and still the filter's whole remainder.
    const beyond = await get('/api/transaction/unpaid/recipes/history?page=5');
    expect(beyond.data).toMatchObject({ items: [], total_remaining: 36_000, meta: { page: 5, has_more: false } });
  });

  it("lists today's expected recipes with what remains on them", async () => {
    const a = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 8_000 });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 9_000, day: addDays(today(), -1) });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 9_000, kind: 'debt' });
    await cash(a, 2_500);
    const r = await get('/api/transaction/recipes/expected-today');
    expect(r.data).toMatchObject({ count: 2, total: 7_500 + 8_000 });
    const one = await get(`/api/transaction/recipes/expected-today?driver_id=${w.driverA}`);
    expect(one.data.items.map((x: TRecipe) => x.toEncaiss)).toEqual([7_500]);
  });

  it('needs the cash-collection screen to read them', async () => {
    const nobody = await memberWith(ctx, w.owner, w.parkId, ['VIEW_OPERATIONS']);
    expect((await get('/api/transaction/unpaid/recipes/history', nobody)).status).toBe(403);
    const collector = await memberWith(ctx, w.owner, w.parkId, ['ENCAISSER']);
    expect((await get('/api/transaction/unpaid/recipes/history', collector)).code).toBe(5000);
  });
});

describe('the receipts history', () => {
  it('shows every live recipe with its payments, filtered by status', async () => {
    const a = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const b = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000, day: addDays(today(), -1) });
    await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000, day: addDays(today(), -2) });
    await cash(a, 3_000);
    await cash(a, 7_000);
    await cash(b, 1_000);
    const all = await get(`/api/park/history-recipe?driver_id=${w.driverA}`);
    expect(all.data.meta).toMatchObject({ total: 3, has_more: false });
    expect(all.data.items[0]).toMatchObject({ id: a, status: 'paid' });
    expect(all.data.items[0].payments.map((p: { amount: number; method: string }) => [p.amount, p.method])).toEqual([[3_000, 'cash'], [7_000, 'cash']]);
    const partial = await get('/api/park/history-recipe?status=partially');
    expect(partial.data.items.map((x: TRecipe) => x.id)).toEqual([b]);
    const none = await get('/api/park/history-recipe?status=not_collected&itemPerPage=1');
    expect(none.data.meta).toMatchObject({ total: 1, itemPerPage: 1 });
  });
});

describe("the driver's money fields", () => {
  it('match a hand count of his balance, debts and this month’s collections', async () => {
    const t = today();
    // Unpaid before today: 10,000 and 6,000 left of 8,000; a debt dated today counts too.
    await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000, day: addDays(t, -1) });
    const partly = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 8_000, day: addDays(t, -2), kind: 'debt' });
    await insertRecipe(ctx, w, { driverId: w.driverA, objective: 3_000, day: t, kind: 'debt' });
    // Not a debt: today's expected recipe, a paid one, a deleted one, another driver's.
    const todays = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 4_000, day: t });
    const paid = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 5_000, day: addDays(t, -3) });
    const gone = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 9_000, day: addDays(t, -4) });
    await insertRecipe(ctx, w, { driverId: w.driverB, objective: 9_000, day: addDays(t, -1) });
    await ctx.api('DELETE', `/api/park/delete-recipe/${gone}`, { ...as(w.owner), body: { comment: 'Doublon' } });
    await cash(partly, 2_000);
    await cash(todays, 1_000);
    await cash(paid);
    await fundDriverSold(ctx, w.parkId, w.driverA, 7_000);

    const expected = { sold: 7_000, dettes: 10_000 + 6_000 + 3_000, nbDettesRecipes: 3, nb_recipes_not_collected: 3 };
    // Collections this month: those made today (all of them, made now).
    const ca = 2_000 + 1_000 + 5_000;
    const list = await get(`/api/driver?search=Atangana`);
    expect(list.code, list.message).toBe(5000);
    expect(list.data.items[0]).toMatchObject({ ...expected, ca_this_month: ca });
    const one = await get(`/api/driver/${w.driverA}`);
    expect(one.data).toMatchObject({ ...expected, ca_this_month: ca });
    const other = await get(`/api/driver/${w.driverB}`);
    expect(other.data).toMatchObject({ sold: 0, dettes: 9_000, nbDettesRecipes: 1, ca_this_month: 0 });
  });
});
