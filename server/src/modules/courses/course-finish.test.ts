import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes, type TOperationPage, type TRevenueEvolution } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { revenueInto } from '../maintenance/maintenance-finish.test-support.ts';
import { administer, caisseBalance, cashCaisse, insertCaisse } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { as, ledgerHolds, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { actingOf, courseRow, finishDirect, insertClient, insertCourse, receivableOf } from './course-money.test-support.ts';

/**
 * Finishing a course moves its money (issue 20 section 2): one revenue under the 'course'
 * sub-account, into a caisse or as the client's receivable, visible in the operations list and in
 * the dashboard's 'Courses' series; a course at 0 moves nothing; the caisse follows the caisse
 * access rules; the operations screen may not cancel a course's revenue.
 */

let ctx: TestContext;
let w: RecipeWorld;
let clientId: string;
let caisse: string;

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
beforeEach(async () => {
  w = await recipeWorld(ctx);
  clientId = await insertClient(ctx, w.parkId, { name: 'Société Alpha' });
  caisse = await insertCaisse(ctx, w.parkId, 'Caisse courses');
});
afterAll(() => ctx?.close());

const course = (amount: number) => insertCourse(ctx, { parkId: w.parkId, clientId, amount, vehicleId: w.vehicle, driverId: w.driverA });
const owner = () => actingOf(ctx, w.parkId, w.owner.profile_id);

async function operationOf(id: string) {
  const [op] = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.id, id));
  return op;
}

describe('finishing a course', () => {
  it('records one revenue under the course sub-account into the caisse chosen, with vehicle, driver, course and client', async () => {
    const c = await course(25_000);
    await finishDirect(ctx, await owner(), c.id, { payment_mode: 'caisse', caisse_id: caisse });
    const row = await courseRow(ctx, c.id);
    expect(row).toMatchObject({ status: 'finished', finishedBy: w.owner.profile_id, paymentMode: 'caisse', caisseId: caisse, settledAt: null });
    expect(row.finishedAt).toBeInstanceOf(Date);
    const op = await operationOf(row.fundMovementId!);
    expect(op).toMatchObject({ type: 'profit', amount: 25_000, caisseId: caisse, funding: 'caisse', vehicleId: w.vehicle, driverId: w.driverA, courseId: c.id, clientId });
    expect(op.postingId).not.toBeNull();
    expect(op.comment).toMatch(/^Course BC-\d{4}-\d{4}\u00a0: Société Alpha$/);
    const [sub] = await ctx.database.db.select().from(pnlAccounts).where(eq(pnlAccounts.id, op.subAccountId));
    expect(sub).toMatchObject({ code: 'course', name: 'Courses clients', type: 'profit' });
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(25_000);
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
  });

  it('goes into the default cash account without a caisse', async () => {
    const c = await course(7_500);
    await finishDirect(ctx, await owner(), c.id);
    const cash = await cashCaisse(ctx, w.parkId);
    expect(await courseRow(ctx, c.id)).toMatchObject({ paymentMode: 'caisse', caisseId: cash });
    expect(await caisseBalance(ctx, w.parkId, cash)).toBe(7_500);
  });

  it('records a receivable held in no caisse: the client owes it, the operations list says Créance client', async () => {
    const c = await course(40_000);
    await finishDirect(ctx, await owner(), c.id, { payment_mode: 'receivable' });
    const row = await courseRow(ctx, c.id);
    expect(row).toMatchObject({ status: 'finished', paymentMode: 'receivable', caisseId: null });
    const op = await operationOf(row.fundMovementId!);
    expect(op).toMatchObject({ funding: 'client_receivable', caisseId: null, clientId, courseId: c.id, amount: 40_000, type: 'profit' });
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(40_000);
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });

    const list = (await ctx.api('GET', '/api/accounting/pnl/operation', as(w.owner))).data as TOperationPage;
    const entry = list.items.find((i) => i.id === op.id)!;
    expect(entry).toMatchObject({ type: 'profit', amount: 40_000, funding: 'client_receivable', caisse: { id: null, name: 'Créance client' }, status_label: 'Accepté' });
    expect(entry.sub_category).toMatchObject({ code: 'course', name: 'Courses clients' });
    expect(entry.vehicle?.id).toBe(w.vehicle);
    expect(entry.driver?.id).toBe(w.driverA);
  });

  it("counts in the dashboard's Courses series, both ways", async () => {
    await finishDirect(ctx, await owner(), (await course(10_000)).id, { caisse_id: caisse });
    await finishDirect(ctx, await owner(), (await course(5_000)).id, { payment_mode: 'receivable' });
    const r = await ctx.api('GET', '/api/dashboard/park/revenue/evolution', as(w.owner));
    expect(r.code, r.message).toBe(5000);
    const evo = r.data as TRevenueEvolution;
    const series = Object.fromEntries(evo.series.map((s) => [s.name, s.data.reduce((a, b) => a + b, 0)]));
    expect(series).toMatchObject({ Courses: 15_000, Autres: 0 });
  });

  it('moves no money at 0 and keeps no payment mode', async () => {
    const c = await course(0);
    await finishDirect(ctx, await owner(), c.id, { payment_mode: 'receivable' });
    expect(await courseRow(ctx, c.id)).toMatchObject({ status: 'finished', paymentMode: null, caisseId: null, fundMovementId: null });
    expect(await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.courseId, c.id))).toHaveLength(0);
  });

  it("refuses a caisse the person may not use (403) and writes nothing; his own caisse is fine", async () => {
    const member = await ctx.addMember(w.parkId, { type: 'agent', roleNames: ['Gestionnaire'] });
    const m = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const acting = await actingOf(ctx, w.parkId, m.profile_id, { isOwner: false, permissions: ['MANAGE_COURSES'] });
    const c = await course(9_000);
    await expect(finishDirect(ctx, acting, c.id, { caisse_id: caisse })).rejects.toMatchObject({ status: 403 });
    await expect(finishDirect(ctx, acting, c.id)).rejects.toMatchObject({ status: 403 });
    expect(await courseRow(ctx, c.id)).toMatchObject({ status: 'inProgres', fundMovementId: null });
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(0);

    await administer(ctx, w.parkId, caisse, m.profile_id);
    await finishDirect(ctx, acting, c.id, { caisse_id: caisse });
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(9_000);
  });

  it("refuses a caisse of another park as not found", async () => {
    const other = await recipeWorld(ctx);
    const foreign = await insertCaisse(ctx, other.parkId, 'Caisse ailleurs');
    const c = await course(1_000);
    await expect(finishDirect(ctx, await owner(), c.id, { caisse_id: foreign })).rejects.toMatchObject({ status: 404 });
    expect(await courseRow(ctx, c.id)).toMatchObject({ status: 'inProgres' });
  });
});

describe("a course's revenue in the operations screen", () => {
  it('may not be cancelled there, into a caisse or as a receivable', async () => {
    await revenueInto(ctx, w.parkId, w.owner, caisse, 1_000);
    for (const input of [{ caisse_id: caisse }, { payment_mode: 'receivable' as const }]) {
      const c = await course(3_000);
      await finishDirect(ctx, await owner(), c.id, input);
      const opId = (await courseRow(ctx, c.id)).fundMovementId!;
      const r = await ctx.api('DELETE', `/api/accounting/pnl/operation/${opId}`, { ...as(w.owner), body: { comment: 'Erreur' } });
      expect(r.status).toBe(409);
      expect(r.message).toBe(ErrorCodes.OPERATION_IS_COURSE_REVENUE.message);
      expect((await operationOf(opId)).canceledAt).toBeNull();
    }
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(4_000);
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(3_000);
  });
});
