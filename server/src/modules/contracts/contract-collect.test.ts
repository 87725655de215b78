import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, type TTransactionValidation } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { CollectionSimulators } from '../../platform/payments/payments.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { as, driverSold, fundDriverSold, ledgerHolds, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { contractRow, dayFrom, insertContract, instalmentsOf, ledgerNetUnder } from './contract-money.test-support.ts';

/**
 * POST /contract/{id}/collect and /handover: a driver's payments on his hire purchase go through
 * the recipes' collection (cash, his balance, mobile money through the MTN simulator), oldest
 * instalment first, ahead of time too, never beyond what remains; paying it off makes him the
 * vehicle's owner, and only the park's owner hands the vehicle over.
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

const collect = (id: string, body: Record<string, unknown>, who = w.owner) => ctx.api('POST', `/api/contract/${id}/collect`, { ...as(who), body });
const threeMonths = () => insertContract(ctx, {
  parkId: w.parkId,
  vehicleId: w.vehicle,
  driverId: w.driverA,
  schedule: [{ due: dayFrom(-31), amount: 100_000 }, { due: dayFrom(-1), amount: 100_000 }, { due: dayFrom(29), amount: 50_000 }],
});

describe('collecting a driver contract', () => {
  it('pays the oldest instalment partly, then fully, in cash, under contract_driver', async () => {
    const c = await threeMonths();
    const first = await collect(c.id, { amount: 40_000, payment_type: 'cash' });
    expect(first.code, first.message).toBe(5000);
    expect(first.data.applied).toEqual([{ seq: 1, amount: 40_000 }]);
    expect(first.data.transaction).toBeNull();
    expect(first.data.contract).toMatchObject({ total_paid: 40_000, remaining_amount: 210_000 });
    const [i1] = await instalmentsOf(ctx, c.id);
    expect(i1).toMatchObject({ paidAmount: 40_000, status: 'due' });

    const second = await collect(c.id, { amount: 110_000, payment_type: 'cash' });
    expect(second.code, second.message).toBe(5000);
    expect(second.data.applied).toEqual([{ seq: 1, amount: 60_000 }, { seq: 2, amount: 50_000 }]);
    const [a, b, c3] = await instalmentsOf(ctx, c.id);
    expect(a).toMatchObject({ paidAmount: 100_000, status: 'paid' });
    expect(b).toMatchObject({ paidAmount: 50_000, status: 'due' });
    expect(c3.recipeId).toBeNull();
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 150_000, remainingAmount: 100_000, nextDueDate: dayFrom(-1) });
    expect(await ledgerNetUnder(ctx, w.parkId, 'contract_driver', w.vehicle)).toBe(150_000);
    const ops = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, w.parkId));
    expect(ops.every((o) => o.driverId === w.driverA && o.vehicleId === w.vehicle && o.type === 'profit')).toBe(true);
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
  });

  it('takes payments ahead (a recipe made for the instalment not yet due) and refuses more than remains', async () => {
    const c = await threeMonths();
    const tooMuch = await collect(c.id, { amount: 250_001, payment_type: 'cash' });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.message).toBe('Le montant dépasse le reste à payer du contrat');
    expect(await ctx.database.db.select().from(recipes).where(eq(recipes.parkId, w.parkId))).toEqual([]);

    const all = await collect(c.id, { amount: 250_000, payment_type: 'cash' });
    expect(all.code, all.message).toBe(5000);
    expect(all.data.applied.map((a: { seq: number }) => a.seq)).toEqual([1, 2, 3]);
    const [, , ahead] = await instalmentsOf(ctx, c.id);
    expect(ahead).toMatchObject({ status: 'paid', paidAmount: 50_000 });
    const [r] = await ctx.database.db.select().from(recipes).where(eq(recipes.id, ahead.recipeId!));
    expect(r).toMatchObject({ kind: 'contract', day: dayFrom(29), collected: 50_000 });

    // Paid off: the contract ends, the driver owns the vehicle, which stays in the fleet until the owner confirms.
    const done = await contractRow(ctx, c.id);
    expect(done).toMatchObject({ status: 'EXPIRED', totalPaid: 250_000, remainingAmount: 0 });
    expect(done.newOwnerId).not.toBeNull();
    let [v] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, w.vehicle));
    expect(v).toMatchObject({ vehicleOwnerId: done.newOwnerId });
    expect(v.status).not.toBe('deactivated');
    const again = await collect(c.id, { amount: 1_000, payment_type: 'cash' });
    expect(again.status).toBe(409);

    const manager = await ctx.addMember(w.parkId, { type: 'agent', roleNames: ['Gestionnaire'] });
    const m = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    const refused = await ctx.api('POST', `/api/contract/${c.id}/handover`, { ...as(m) });
    expect(refused.status).toBe(403);
    const handed = await ctx.api('POST', `/api/contract/${c.id}/handover`, { ...as(w.owner) });
    expect(handed.code, handed.message).toBe(5000);
    expect(handed.data.handover_confirmed_at).not.toBeNull();
    [v] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, w.vehicle));
    expect(v.status).toBe('deactivated');
    const twice = await ctx.api('POST', `/api/contract/${c.id}/handover`, { ...as(w.owner) });
    expect(twice.status).toBe(409);
  });

  it("pays from the driver's balance only within it", async () => {
    const c = await threeMonths();
    await fundDriverSold(ctx, w.parkId, w.driverA, 30_000);
    const refused = await collect(c.id, { amount: 40_000, payment_type: 'sold' });
    expect(refused.message).toBe(ErrorCodes.INSUFFICIENT_FUNDS.message);
    expect((await contractRow(ctx, c.id)).totalPaid).toBe(0);
    const paid = await collect(c.id, { amount: 30_000, payment_type: 'sold' });
    expect(paid.code, paid.message).toBe(5000);
    expect((await driverSold(ctx, w.parkId, w.driverA)) + 0).toBe(0);
    expect((await contractRow(ctx, c.id)).totalPaid).toBe(30_000);
  });

  it('collects by mobile money once the provider confirms, exactly once', async () => {
    const c = await threeMonths();
    const r = await collect(c.id, { amount: 100_000, payment_type: 'mobile_money', operator_id: MTN, phone: '670000021' });
    expect(r.code, r.message).toBe(5000);
    const v = r.data.transaction as TTransactionValidation;
    expect(v).toMatchObject({ amount: 100_000, status: 'pending' });
    expect((await contractRow(ctx, c.id)).totalPaid, 'nothing before the provider says so').toBe(0);
    await sims.mtn.complete(v.transaction_id);
    await ctx.api('GET', `/api/transaction/check-status/${v.transaction_id}`, { ...as(w.owner) });
    const [i1] = await instalmentsOf(ctx, c.id);
    expect(i1).toMatchObject({ paidAmount: 100_000, status: 'paid' });
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 100_000, remainingAmount: 150_000 });
    expect(await ledgerNetUnder(ctx, w.parkId, 'contract_driver', w.vehicle)).toBe(100_000);
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
  });

  it('pays the last instalment once when two collections race', async () => {
    const c = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(-1), amount: 70_000 }] });
    const [a, b] = await Promise.all([collect(c.id, { amount: 70_000, payment_type: 'cash' }), collect(c.id, { amount: 70_000, payment_type: 'cash' })]);
    expect([a.code, b.code].filter((code) => code === 5000)).toHaveLength(1);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 70_000, remainingAmount: 0, status: 'EXPIRED' });
    expect(await ledgerNetUnder(ctx, w.parkId, 'contract_driver', w.vehicle)).toBe(70_000);
  });

  it('refuses a partner contract, a pending one, and another park', async () => {
    const partner = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, type: 'PARTNER', schedule: [{ due: dayFrom(-1), amount: 10_000 }] });
    expect((await collect(partner.id, { amount: 1_000, payment_type: 'cash' })).message).toBe(ErrorCodes.CONTRACT_NOT_DRIVER.message);
    const pending = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverB, status: 'PENDING', schedule: [{ due: dayFrom(-1), amount: 10_000 }] });
    expect((await collect(pending.id, { amount: 1_000, payment_type: 'cash' })).message).toBe(ErrorCodes.CONTRACT_NOT_COLLECTABLE.message);
    const other = await recipeWorld(ctx);
    expect((await collect(pending.id, { amount: 1_000, payment_type: 'cash' }, other.owner)).status).toBe(404);
  });

  it("refuses the recipes screens' edits of an instalment's recipe: its contract owns its amount, driver and existence", async () => {
    const c = await threeMonths();
    expect((await collect(c.id, { amount: 10_000, payment_type: 'cash' })).code).toBe(5000);
    const [i1] = await instalmentsOf(ctx, c.id);
    const recipeId = i1.recipeId!;
    const refused = ErrorCodes.RECIPE_IS_CONTRACT_INSTALMENT.message;
    expect((await ctx.api('PUT', '/api/park/manage-recipe', { ...as(w.owner), body: { recette_id: recipeId, amount: 1_000 } })).message).toBe(refused);
    expect((await ctx.api('POST', '/api/driver/change-driver-on-recipe', { ...as(w.owner), body: { recipe_id: recipeId, driver_id: w.driverB } })).message).toBe(refused);
    expect((await ctx.api('DELETE', `/api/park/delete-recipe/${recipeId}`, { ...as(w.owner), body: { comment: 'erreur de saisie' } })).message).toBe(refused);
    const [after] = await ctx.database.db.select().from(recipes).where(eq(recipes.id, recipeId));
    expect(after).toMatchObject({ objective: 100_000, collected: 10_000, driverId: w.driverA, deletedAt: null });
  });

  it("refuses cancelling an instalment's payment from the operations screen: the ledger keeps equal to what the contract says was paid", async () => {
    const c = await threeMonths();
    expect((await collect(c.id, { amount: 25_000, payment_type: 'cash' })).code).toBe(5000);
    const [op] = await ctx.database.db.select({ id: fundMovements.id }).from(fundMovements).where(eq(fundMovements.parkId, w.parkId));
    const refused = await ctx.api('DELETE', `/api/accounting/pnl/operation/${op.id}`, { ...as(w.owner), body: { comment: 'erreur de caisse' } });
    expect(refused.message).toBe(ErrorCodes.OPERATION_IS_CONTRACT_PAYMENT.message);
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 25_000 });
    expect(await ledgerNetUnder(ctx, w.parkId, 'contract_driver', w.vehicle)).toBe(25_000);
  });
});
