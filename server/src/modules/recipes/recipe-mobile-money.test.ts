import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, RECIPE_COLLECTION_MESSAGES as M, type TTransactionValidation } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { CollectionSimulators } from '../../platform/payments/payments.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { payins } from '../payins/payins.tables.ts';
import { recipePayments, recipes } from './recipes.tables.ts';
import { as, insertRecipe, ledgerHolds, recipeRow, recipeWorld, type RecipeWorld } from './recipes-test-helpers.ts';

/**
 * Mobile money through the recipes routes: checked first (nothing asked of the driver that can't
 * be applied), then the pay-in (MTN MoMo simulator, Cameroon park) applies the recipes when the
 * provider's callback says it succeeded.
 */

let ctx: TestContext;
let sims: CollectionSimulators;
let w: RecipeWorld;
const MTN = '8';

beforeAll(async () => {
  ctx = await createTestContext();
  sims = await ctx.app.payments.collectionSimulators();
  for (const sim of Object.values(sims)) sim.settleAfterMs = null;
}, 60_000);
beforeEach(async () => {
  w = await recipeWorld(ctx);
});
afterAll(() => ctx?.close());

const post = (url: string, body: unknown) => ctx.api('POST', url, { ...as(w.owner), body });
const payinsOfPark = () => ctx.database.db.select().from(payins).where(eq(payins.parkId, w.parkId));

describe('collecting by mobile money', () => {
  it('asks the driver for part of a recipe and collects it when the provider confirms', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const r = await post('/api/transaction/paid-recipe-expected-today', { recette_id: id, amount: 4_000, payment_type: 'mobile_money', operator_id: MTN, phone: '670000011' });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(M.mobileMoneyStarted);
    const v = r.data.validation as TTransactionValidation;
    expect(v).toMatchObject({ amount: 4_000, status: 'pending' });
    expect((await recipeRow(ctx, id)).collected, 'nothing before the provider says so').toBe(0);

    await sims.mtn.complete(v.transaction_id);
    const after = await recipeRow(ctx, id);
    expect(after.collected).toBe(4_000);
    const [payment] = await ctx.database.db.select().from(recipePayments).where(eq(recipePayments.recipeId, id));
    expect(payment).toMatchObject({ amount: 4_000, method: 'mobile_money', payinId: v.transaction_id });
    const [op] = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.id, payment.fundMovementId!));
    expect(op).toMatchObject({ funding: 'park_balance', collectMethod: 'mobile_money', driverId: w.driverA, vehicleId: w.vehicle });
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
  });

  it('checks the payment before asking the driver anything', async () => {
    const id = await insertRecipe(ctx, w, { driverId: w.driverA, objective: 10_000 });
    const noPhone = await post('/api/transaction/paid-recipe-expected-today', { recette_id: id, payment_type: 'mobile_money', operator_id: MTN });
    expect(noPhone.message).toBe(M.requiredFields);
    const tooMuch = await post('/api/transaction/paid-recipe-expected-today', { recette_id: id, amount: 12_000, payment_type: 'mobile_money', operator_id: MTN, phone: '670000012' });
    expect(tooMuch.message).toBe(ErrorCodes.RECIPE_AMOUNT_ABOVE_REMAINING.message);
    const other = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 3_000 });
    const twoDrivers = await post('/api/transaction/resolve-debt', { recettes_id: [id, other], payment_type: 'mobile_money', operator_id: MTN, phone: '670000012' });
    expect(twoDrivers.message).toBe(ErrorCodes.RECIPE_MOBILE_MONEY_ONE_DRIVER.message);
    expect(await payinsOfPark()).toEqual([]);
  });

  it('records an exceptional payment once the driver paid', async () => {
    const r = await post('/api/transaction/exceptional-payment', { amount: 1_500, driver_id: w.driverB, vehicle_id: w.vehicle, payment_type: 'mobile_money', operator_id: MTN, phone: '670000013', comment: 'Bonus' });
    expect(r.code, r.message).toBe(5000);
    const v = r.data.validation as TTransactionValidation;
    await sims.mtn.complete(v.transaction_id);
    const made = await ctx.database.db.select().from(recipes).where(eq(recipes.parkId, w.parkId));
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ kind: 'unscheduled', driverId: w.driverB, vehicleId: w.vehicle, objective: 1_500, collected: 1_500 });
    expect(made[0].paidAt).not.toBeNull();
  });
});
