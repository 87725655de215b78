import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ErrorCodes, OPERATION_MESSAGES, RECIPE_COLLECTION_MESSAGES as M, type TOperation, type TRecipe } from '@flotte/contract';
import type { TestContext } from '../../../test/test-context.ts';
import { administer, caisseBalance, cashCaisse, insertCaisse, memberWith, pnlBalance, subAccount } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { applyRecipePayments } from './recipe-collection.ts';
import { recipePayments } from './recipes.tables.ts';
import { as, driverSold, fundDriverSold, insertRecipe, ledgerHolds, recipeRow, recipeWorld, today, useRecipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

let ctx: TestContext;
let w: RecipeWorld;

useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

const post = (url: string, body: unknown, s = w.owner) => ctx.api('POST', url, { ...as(s), body });
const payExpected = (body: Record<string, unknown>, s = w.owner) => post('/api/transaction/paid-recipe-expected-today', body, s);
const resolve = (body: Record<string, unknown>, s = w.owner) => post('/api/transaction/resolve-debt', body, s);
const cashBalance = async () => caisseBalance(ctx, w.parkId, await cashCaisse(ctx, w.parkId));

async function expectBalanced() {
  expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
}

describe('collecting in cash', () => {
  it('collects the whole of an expected recipe into the default cash account as one recette operation of its driver and vehicle', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const r = await payExpected({ recette_id: id, payment_type: 'cash' });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.collected);
    const recipe = r.data.recipe as TRecipe;
    expect(recipe).toMatchObject({ id, status: 'paid', isPaid: true, objective: 10_000, actual_recipe: 10_000, actualRecipe: 10_000, toEncaiss: 0 });
    expect(await cashBalance()).toBe(10_000);
    const recette = await subAccount(ctx, w.parkId, { code: 'recette' });
    expect(await pnlBalance(ctx, w.parkId, recette.id)).toBe(-10_000);

    const list = await ctx.api('GET', `/api/accounting/pnl/operation?driver_id=${w.driverA}`, as(w.owner));
    expect(list.code, list.message).toBe(5000);
    const [op] = list.data.items as TOperation[];
    expect(op).toMatchObject({
      type: 'profit',
      amount: 10_000,
      status: 'confirmed',
      collect_method: 'cash',
      funding: 'caisse',
      sub_category: { code: 'recette' },
      driver: { id: w.driverA, first_name: 'Alain', last_name: 'Atangana' },
      vehicle: { id: w.vehicle, label: 'Taxi 1' },
    });
    const [payment] = await ctx.database.db.select().from(recipePayments).where(eq(recipePayments.recipeId, id));
    expect(payment).toMatchObject({ amount: 10_000, method: 'cash', fundMovementId: op.id });
    await expectBalanced();
  });

  it('collects part of a recipe, refuses more than what remains with nothing changed, then the rest', async () => {
    const caisse = await insertCaisse(ctx, w.parkId, 'Caisse agence');
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const first = await payExpected({ recette_id: id, amount: 4_000, payment_type: 'cash', caisse_id: caisse });
    expect(first.data.recipe).toMatchObject({ status: 'partially', actual_recipe: 4_000, toEncaiss: 6_000, isPaid: false });

    const tooMuch = await payExpected({ recette_id: id, amount: 7_000, payment_type: 'cash', caisse_id: caisse });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.message).toBe(ErrorCodes.RECIPE_AMOUNT_ABOVE_REMAINING.message);
    expect((await recipeRow(ctx, id)).collected).toBe(4_000);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(4_000);

    const rest = await payExpected({ recette_id: id, amount: 6_000, payment_type: 'cash', caisse_id: caisse });
    expect(rest.data.recipe).toMatchObject({ status: 'paid', toEncaiss: 0 });
    const again = await payExpected({ recette_id: id, payment_type: 'cash', caisse_id: caisse });
    expect(again.message).toBe(ErrorCodes.RECIPE_ALREADY_PAID.message);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(10_000);
    expect(await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, w.parkId))).toHaveLength(2);
    await expectBalanced();
  });

  it('collects several recipes, whole and in part, with the driver dialog', async () => {
    const a = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const b = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 8_000, day: '2026-01-05' });
    const c = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5_000, kind: 'debt' });
    const r = await post('/api/transaction/accept-cash-payment', {
      recettes_id: [a, b],
      recettes_partials: [{ recette_id: c, amount: 2_000 }],
      payment_type: 'cash',
      comment: 'Versement du soir',
    });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.collected);
    const byId = new Map((r.data.recipes as TRecipe[]).map((x) => [x.id, x]));
    expect(byId.get(a)).toMatchObject({ status: 'paid' });
    expect(byId.get(b)).toMatchObject({ status: 'paid' });
    expect(byId.get(c)).toMatchObject({ status: 'partially', toEncaiss: 3_000 });
    expect(await cashBalance()).toBe(20_000);
    await expectBalanced();
  });

  it("asks for a caisse when the collector can't use the default cash account", async () => {
    const member = await memberWith(ctx, w.owner, w.parkId, ['ENCAISSER']);
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const r = await payExpected({ recette_id: id, payment_type: 'cash' }, member);
    expect(r.status).toBe(400);
    expect(r.message).toBe(OPERATION_MESSAGES.caisse);
    const withCash = await payExpected({ recette_id: id, payment_type: 'cash', caisse_id: await cashCaisse(ctx, w.parkId) }, member);
    expect(withCash.message).toBe(ErrorCodes.CAISSE_CASH_FORBIDDEN.message);
    const caisse = await insertCaisse(ctx, w.parkId, 'Caisse du caissier');
    // Not his till until the owner makes him its administrator: refused, nothing collected.
    const notHis = await payExpected({ recette_id: id, payment_type: 'cash', caisse_id: caisse }, member);
    expect([notHis.status, notHis.message]).toEqual([403, ErrorCodes.CAISSE_NOT_USABLE.message]);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(0);
    await administer(ctx, w.parkId, caisse, member.profile_id);
    expect((await payExpected({ recette_id: id, payment_type: 'cash', caisse_id: caisse }, member)).code).toBe(5000);
  });

  it('refuses a deleted recipe and another park’s', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    await ctx.api('DELETE', `/api/park/delete-recipe/${id}`, { ...as(w.owner), body: { comment: 'Erreur de saisie' } });
    expect((await payExpected({ recette_id: id, payment_type: 'cash' })).message).toBe(ErrorCodes.RECIPE_DELETED.message);
    const other = await recipeWorld(ctx);
    const theirs = await insertRecipe(ctx, other, { driverId: other.driverA, objective: 1_000 });
    expect((await payExpected({ recette_id: theirs, payment_type: 'cash' })).status).toBe(404);
  });
});

describe("collecting from the driver's balance (sold)", () => {
  it('pays a debt from the sold, refuses what the sold does not hold, and refuses an expected recipe', async () => {
    const debt = await post('/api/park/create-driver-account-history', { driver_id: w.driverA, vehicle_id: w.vehicle, date: today(), objective: 10_000 });
    expect(debt.code, debt.message).toBe(5000);
    expect(debt.message).toBe(M.driverIndebted);
    expect(debt.data).toMatchObject({ kind: 'debt', objective: 10_000, status: 'not_collected' });
    await fundDriverSold(ctx, w.parkId, w.driverA, 5_000);

    const part = await resolve({ recettes_partials: [{ recette_id: debt.data.id, amount: 3_000 }], payment_type: 'sold' });
    expect(part.code, part.message).toBe(5000);
    expect(part.data.recipes[0]).toMatchObject({ status: 'partially', toEncaiss: 7_000 });
    expect(await driverSold(ctx, w.parkId, w.driverA)).toBe(2_000);

    const short = await resolve({ recettes_id: [debt.data.id], payment_type: 'sold' });
    expect(short.status).toBe(409);
    expect(short.message).toBe(ErrorCodes.INSUFFICIENT_FUNDS.message);
    expect((await recipeRow(ctx, debt.data.id)).collected).toBe(3_000);
    expect(await driverSold(ctx, w.parkId, w.driverA)).toBe(2_000);

    const expected = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 1_000 });
    const refused = await resolve({ recettes_id: [expected], payment_type: 'sold' });
    expect(refused.message).toBe(ErrorCodes.RECIPE_SOLD_NOT_FOR_EXPECTED.message);

    const ops = await ctx.api('GET', `/api/accounting/pnl/operation?driver_id=${w.driverA}`, as(w.owner));
    expect(ops.data.items).toHaveLength(1);
    expect(ops.data.items[0]).toMatchObject({ amount: 3_000, funding: 'driver_balance', vehicle: { id: w.vehicle } });
    await expectBalanced();
  });
});

describe('exceptional payments', () => {
  it('records an unscheduled recipe collected at once', async () => {
    const r = await post('/api/transaction/exceptional-payment', { amount: 2_500, driver_id: w.driverB, vehicle_id: w.vehicle, payment_type: 'cash', description: 'Course privée' });
    expect(r.code, r.message).toBe(5000);
    expect(r.data.recipe).toMatchObject({ kind: 'unscheduled', status: 'paid', objective: 2_500, comment: 'Course privée', driver: { id: w.driverB } });
    expect(await cashBalance()).toBe(2_500);
    const missing = await post('/api/transaction/exceptional-payment', { amount: 0, driver_id: w.driverB, payment_type: 'cash' });
    expect(missing.message).toBe(M.requiredFields);
    await expectBalanced();
  });
});

describe('recipes without objective', () => {
  it('takes the first amount collected as the objective', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 0, collectionType: 'without_recipe_objective' });
    const whole = await payExpected({ recette_id: id, payment_type: 'cash' });
    expect(whole.message).toBe(M.invalidAmount);
    const r = await payExpected({ recette_id: id, amount: 7_500, payment_type: 'cash' });
    expect(r.data.recipe).toMatchObject({ objective: 7_500, status: 'paid' });
  });
});

describe('applyRecipePayments (for the pay-ins module)', () => {
  it('applies mobile money into the park balance inside the caller’s transaction, and rolls back with it', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const { fundMovementIds } = await ctx.database.db.transaction((tx) =>
      applyRecipePayments(tx, { parkId: w.parkId, actorId: null, method: 'mobile_money', allocations: [{ recipeId: id, amount: 4_000 }] }),
    );
    expect(fundMovementIds).toHaveLength(1);
    const [op] = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.id, fundMovementIds[0]));
    expect(op).toMatchObject({ funding: 'park_balance', collectMethod: 'mobile_money', caisseId: null, driverId: w.driverA, vehicleId: w.vehicle });
    const sold = await ctx.api('GET', `/api/park/sold/${w.parkId}`, as(w.owner));
    expect(sold.data.sold).toBe(4_000);

    await expect(
      ctx.database.db.transaction(async (tx) => {
        await applyRecipePayments(tx, { parkId: w.parkId, actorId: null, method: 'mobile_money', allocations: [{ recipeId: id, amount: 1_000 }] });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect((await recipeRow(ctx, id)).collected).toBe(4_000);
    await expectBalanced();
  });
});

describe('cancelling a collection from the operations screen', () => {
  const cancelOp = (id: string, s = w.owner) => ctx.api('DELETE', `/api/accounting/pnl/operation/${id}`, { ...as(s), body: { comment: 'Erreur de saisie' } });
  const paymentOp = async (recipeId: string) => (await ctx.database.db.select().from(recipePayments).where(eq(recipePayments.recipeId, recipeId))).map((p) => p.fundMovementId!);

  it('takes the recipe back to what it was before that payment: the money returns, the recipe is due again and can be collected again', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    await payExpected({ recette_id: id, amount: 4_000, payment_type: 'cash' });
    await payExpected({ recette_id: id, amount: 6_000, payment_type: 'cash' });
    expect(await recipeRow(ctx, id)).toMatchObject({ collected: 10_000, paidAt: expect.any(Date) });
    const [first, second] = await paymentOp(id);
    const c = await cancelOp(second);
    expect(c.code, c.message).toBe(5000);
    expect(await recipeRow(ctx, id)).toMatchObject({ collected: 4_000, objective: 10_000, paidAt: null });
    expect(await paymentOp(id)).toEqual([first]);
    expect(await cashBalance()).toBe(4_000);
    // Due again: the rest can be collected, once.
    const again = await payExpected({ recette_id: id, amount: 6_000, payment_type: 'cash' });
    expect(again.code, again.message).toBe(5000);
    expect(again.data.recipe).toMatchObject({ status: 'paid', actual_recipe: 10_000 });
    await expectBalanced();
  });

  it('leaves a recipe without objective with no objective again, and refuses once a paid salary counted the recipe', async () => {
    const open = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 0, collectionType: 'without_recipe_objective' });
    const paid = await payExpected({ recette_id: open, amount: 7_500, payment_type: 'cash' });
    expect(paid.code, paid.message).toBe(5000);
    const [op] = await paymentOp(open);
    expect((await cancelOp(op)).code).toBe(5000);
    expect(await recipeRow(ctx, open)).toMatchObject({ collected: 0, objective: 0, paidAt: null });

    const counted = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 5_000, day: '2026-01-05' });
    await payExpected({ recette_id: counted, payment_type: 'cash' });
    const [countedOp] = await paymentOp(counted);
    await ctx.database.pool.query('update recipes set salary_payment_id = gen_random_uuid() where id = $1', [counted]);
    const refused = await cancelOp(countedOp);
    expect(refused.code).toBe(ErrorCodes.RECIPE_SALARY_ALREADY_PAID.code);
    expect(refused.message).toBe(ErrorCodes.RECIPE_SALARY_ALREADY_PAID.message);
    // Nothing moved: the operation stands, the recipe stays paid.
    expect(await recipeRow(ctx, counted)).toMatchObject({ collected: 5_000, paidAt: expect.any(Date) });
    const [still] = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.id, countedOp));
    expect(still.canceledAt).toBeNull();
    await expectBalanced();
  });
});
