import { and, eq, sql } from 'drizzle-orm';
import { YANGO_MESSAGES } from '@flotte/contract';
import { beforeAll, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import type { YangoSimDriver, YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { actingOf } from '../courses/course-money.test-support.ts';
import { applyRecipePayments } from '../recipes/recipe-collection.ts';
import { recipePayments } from '../recipes/recipes.tables.ts';
import { as, driverSold, insertRecipe, ledgerHolds, recipeRow, recipeWorld, useRecipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { debitRecipe, recheckPendingDebits } from './yango-debit.ts';
import { connectToSimulator, flakyDebits, linkToSimulator } from './yango-debit.test-support.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoDebits } from './yango.tables.ts';

/**
 * Collecting a recipe from the driver's Yango balance, against the loopback simulator: paid once
 * Yango confirms (the park's 'yango' account, the recipe, one operation), refused with the reason
 * (the recipe stays unpaid), a lost answer asked again with the same token (paid once), two
 * identical requests at once make one Yango transaction, a replayed Idempotency-Key answers the
 * first answer, another park's recipe is not found.
 */

let ctx: TestContext;
let w: RecipeWorld;
let deps: YangoDeps;
let sim: YangoSimulator;
let simPark: YangoSimPark;
let yd: YangoSimDriver;
useRecipeWorld({
  context: (c) => (ctx = c),
  world: (x) => (w = x),
});
beforeAll(async () => {
  deps = ctx.app.yango;
  sim = (await deps.api.simulator())!;
  sim.setRandom429Rate(0);
});

async function setup(balance = 50_000, objective = 20_000): Promise<string> {
  simPark = await connectToSimulator(ctx, deps, sim, w.parkId);
  yd = await linkToSimulator(ctx, sim, simPark, { parkId: w.parkId, driverId: w.driverA, balance });
  return insertRecipe(ctx, w, { driverId: w.driverA, objective });
}

const debit = (recipeId: string, amount: number, headers?: Record<string, string>) => ctx.api('POST', '/api/yango/debit-recipe', { ...as(w.owner), body: { recipe_id: recipeId, amount }, headers });

async function yangoAccount(parkId: string): Promise<number> {
  const { rows } = await ctx.database.db.execute<{ balance: string }>(sql`select balance from ledger_accounts where park_id = ${parkId} and kind = 'yango'`);
  return Number(rows[0]?.balance ?? 0);
}

const simBalance = () => sim.drivers(simPark.id).find((d) => d.id === yd.id)!.balance;
const createdFor = () => sim.createdTransactions(simPark.id).filter((t) => t.driverId === yd.id);

const flaky = (mode: 'lose' | 'refuse', times = 1) => flakyDebits(deps, mode, times);

it("pays the recipe once Yango confirms: the park's Yango account, the recipe, one operation", async () => {
  const recipeId = await setup();
  const r = await debit(recipeId, 20_000);
  expect([r.status, r.code, r.message], r.message).toEqual([200, 5000, YANGO_MESSAGES.debitPaid]);
  expect(r.data).toMatchObject({ recipe_id: recipeId, amount: 20_000, status: 'paid', reason: null, settled_at: expect.any(String) });
  expect(await yangoAccount(w.parkId)).toBe(20_000);
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 20_000, paidAt: expect.any(Date) });
  const ops = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.parkId, w.parkId));
  expect(ops.map((o) => [o.funding, o.amount, o.collectMethod, o.driverId])).toEqual([['yango_balance', 20_000, 'yango', w.driverA]]);
  const [row] = await ctx.database.db.select().from(yangoDebits).where(eq(yangoDebits.id, r.data.id));
  expect(row).toMatchObject({ status: 'paid', fundMovementId: ops[0].id, yangoTxId: expect.any(String) });
  // At Yango: one transaction of -20,000 under the debit's id, and the balance lowered.
  expect(createdFor().map((t) => [t.token, t.amount])).toEqual([[r.data.id, -20_000]]);
  expect(simBalance()).toBe(30_000);
  expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });

  // The operation is not cancelled from the operations screen: the money is at Yango.
  const cancel = await ctx.api('DELETE', `/api/accounting/pnl/operation/${ops[0].id}`, { ...as(w.owner), body: { comment: 'Erreur' } });
  expect([cancel.status, cancel.code]).toEqual([409, 4846]);
  // A paid recipe takes no second debit.
  expect((await debit(recipeId, 1000)).code).toBe(4432);
});

it("refuses a debit above the driver's Yango balance and leaves the recipe unpaid, with the reason", async () => {
  const recipeId = await setup(3000);
  const r = await debit(recipeId, 5000);
  expect([r.status, r.code]).toEqual([409, 4845]);
  expect(r.message).toContain('3\u00a0000\u00a0XAF disponibles');
  const list = await ctx.api('GET', `/api/yango/recipe/${recipeId}/debits`, as(w.owner));
  expect(list.data).toEqual([expect.objectContaining({ status: 'failed', amount: 5000, reason: 'Solde Yango insuffisant (3\u00a0000\u00a0XAF disponibles)' })]);
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 0, paidAt: null });
  expect(createdFor()).toEqual([]);
  expect(await yangoAccount(w.parkId)).toBe(0);
  // Less than what remains and what he has: taken.
  const part = await debit(recipeId, 2500);
  expect(part.data.status).toBe('paid');
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 2500, paidAt: null });
});

it("records Yango's refusal as the debit's reason and answers it", async () => {
  const recipeId = await setup();
  await expect(debitRecipe(flaky('refuse'), await actingOf(ctx, w.parkId, w.owner.profile_id), { recipe_id: recipeId, amount: 5000 })).rejects.toMatchObject({
    code: 4843,
    message: 'Yango a refusé le prélèvement\u00a0: Yango a refusé la transaction',
  });
  const [row] = await ctx.database.db.select().from(yangoDebits).where(eq(yangoDebits.recipeId, recipeId));
  expect(row).toMatchObject({ status: 'failed', reason: 'Yango a refusé la transaction' });
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 0 });
});

it('keeps a debit whose answer was lost pending, and pays it once when asked again with the same token', async () => {
  const recipeId = await setup();
  const acting = await actingOf(ctx, w.parkId, w.owner.profile_id);
  const first = await debitRecipe(flaky('lose'), acting, { recipe_id: recipeId, amount: 8000 });
  expect(first.debit.status).toBe('pending');
  expect(first.message).toContain('vérifié');
  // Yango did take it; our ledger did not move, and a second debit waits for the first.
  expect(createdFor()).toHaveLength(1);
  expect(await yangoAccount(w.parkId)).toBe(0);
  expect((await debit(recipeId, 8000)).code).toBe(4842);

  const again = await ctx.api('GET', `/api/yango/debit/${first.debit.id}`, as(w.owner));
  expect([again.code, again.message, again.data.status]).toEqual([5000, YANGO_MESSAGES.debitPaid, 'paid']);
  expect(createdFor().map((t) => t.token)).toEqual([first.debit.id]);
  expect(simBalance()).toBe(42_000);
  expect(await yangoAccount(w.parkId)).toBe(8000);
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 8000 });
  // Asked once more: nothing moves.
  await ctx.api('GET', `/api/yango/debit/${first.debit.id}`, as(w.owner));
  expect(await yangoAccount(w.parkId)).toBe(8000);
});

it('never gives up a debit without an answer: past a day it is still pending, asked once an hour', async () => {
  const recipeId = await setup();
  const acting = await actingOf(ctx, w.parkId, w.owner.profile_id);
  const lossy = flaky('lose', 3);
  const first = await debitRecipe(lossy, acting, { recipe_id: recipeId, amount: 8000 });
  const created = new Date(first.debit.created_at);
  const dayLater = (minute: number) => new Date(Date.UTC(created.getUTCFullYear(), created.getUTCMonth(), created.getUTCDate() + 2, 10, minute));
  // Two days on, at 10:30: not its hour, not asked.
  expect(await recheckPendingDebits(lossy, { olderThanSeconds: 60 }, dayLater(30))).toMatchObject({ checked: 0 });
  // At 10:00 it is asked; the answer is lost again: still pending, never 'failed'.
  expect(await recheckPendingDebits(lossy, { olderThanSeconds: 60 }, dayLater(0))).toMatchObject({ checked: 1, pending: 1, failed: 0 });
  // Next hour Yango answers: the one transaction it made is paid, once.
  await recheckPendingDebits(lossy, { olderThanSeconds: 60 }, dayLater(0));
  expect(await recheckPendingDebits(lossy, { olderThanSeconds: 60 }, dayLater(0))).toMatchObject({ checked: 1, paid: 1 });
  expect(createdFor().map((t) => t.token)).toEqual([first.debit.id]);
  expect(await yangoAccount(w.parkId)).toBe(8000);
});

it("puts on the driver's sold what a recipe paid meanwhile can no longer take (the job asks again)", async () => {
  const recipeId = await setup();
  const acting = await actingOf(ctx, w.parkId, w.owner.profile_id);
  const first = await debitRecipe(flaky('lose'), acting, { recipe_id: recipeId, amount: 20_000 });
  expect(first.debit.status).toBe('pending');
  // Meanwhile the recipe is paid in cash, all but 5,000.
  await ctx.database.db.transaction((tx) => applyRecipePayments(tx, { parkId: w.parkId, actorId: w.owner.profile_id, method: 'cash', allocations: [{ recipeId, amount: 15_000 }] }));
  const run = await recheckPendingDebits(deps, { olderThanSeconds: 0 });
  expect(run.paid).toBeGreaterThanOrEqual(1);
  const [row] = await ctx.database.db.select().from(yangoDebits).where(eq(yangoDebits.id, first.debit.id));
  expect(row.status).toBe('paid');
  expect(row.reason).toContain('portés au solde du chauffeur');
  expect(await recipeRow(ctx, recipeId)).toMatchObject({ collected: 20_000, paidAt: expect.any(Date) });
  expect(await yangoAccount(w.parkId)).toBe(20_000);
  expect(await driverSold(ctx, w.parkId, w.driverA)).toBe(15_000);
  expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
});

it('makes one Yango transaction and one payment for the same request sent twice at once', async () => {
  const recipeId = await setup();
  const answers = await Promise.all([debit(recipeId, 20_000), debit(recipeId, 20_000)]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
  expect([4842, 4432]).toContain(answers.find((a) => a.status === 409)!.code);
  expect(createdFor()).toHaveLength(1);
  const payments = await ctx.database.db.select().from(recipePayments).where(eq(recipePayments.recipeId, recipeId));
  expect(payments.map((p) => [p.method, p.amount])).toEqual([['yango', 20_000]]);
  expect(await yangoAccount(w.parkId)).toBe(20_000);
});

it('answers a replayed Idempotency-Key with the first answer, and debits once', async () => {
  const recipeId = await setup();
  const headers = { 'idempotency-key': `yango-debit-${recipeId}` };
  const first = await debit(recipeId, 6000, headers);
  const again = await debit(recipeId, 6000, headers);
  expect(again.raw.headers['idempotent-replayed']).toBe('true');
  expect([again.status, again.raw.json()]).toEqual([first.status, first.raw.json()]);
  expect(createdFor()).toHaveLength(1);
  expect(await yangoAccount(w.parkId)).toBe(6000);
});

it("does not find another park's recipe, nor its debits", async () => {
  const recipeId = await setup();
  const paid = await debit(recipeId, 1000);
  const other = await recipeWorld(ctx);
  const r = await ctx.api('POST', '/api/yango/debit-recipe', { ...as(other.owner), body: { recipe_id: recipeId, amount: 1000 } });
  expect([r.status, r.code]).toEqual([404, 4430]);
  expect((await ctx.api('GET', `/api/yango/recipe/${recipeId}/debits`, as(other.owner))).status).toBe(404);
  expect((await ctx.api('GET', `/api/yango/debit/${paid.data.id}`, as(other.owner))).status).toBe(404);
  expect(createdFor()).toHaveLength(1);
});

it('refuses a driver without a Yango link, and a park without a connection', async () => {
  const recipeId = await setup();
  const unlinked = await insertRecipe(ctx, w, { driverId: w.driverB, objective: 5000 });
  expect((await debit(unlinked, 1000)).code).toBe(4841);
  await ctx.database.db.execute(sql`delete from yango_connections where park_id = ${w.parkId}`);
  expect((await debit(recipeId, 1000)).code).toBe(4830);
  expect(await ctx.database.db.select().from(yangoDebits).where(and(eq(yangoDebits.parkId, w.parkId)))).toEqual([]);
});
