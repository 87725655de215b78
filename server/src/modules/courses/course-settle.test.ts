import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES } from '@flotte/contract/courses';
import { ErrorCodes } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { administer, caisseBalance, cashCaisse, insertCaisse, memberWith } from '../operations/operations-test-helpers.ts';
import { as, ledgerHolds, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { parkTransactions } from '../treasury/treasury.tables.ts';
import { ledgerPostings } from '../ledger/ledger.tables.ts';
import { actingOf, courseRow, finishDirect, insertClient, insertCourse, receivableOf } from './course-money.test-support.ts';

/**
 * Settling a receivable (POST /course/{id}/settle): the client pays what a course finished 'à
 * régler par le client' left him owing; the money enters a caisse (one 'course_payment' park
 * transaction), his receivable falls to what he still owes, once per course.
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
  clientId = await insertClient(ctx, w.parkId, { name: 'Société Beta' });
  caisse = await insertCaisse(ctx, w.parkId, 'Caisse règlements');
});
afterAll(() => ctx?.close());

async function finished(amount: number, input: { payment_mode?: 'caisse' | 'receivable'; caisse_id?: string } = { payment_mode: 'receivable' }) {
  const c = await insertCourse(ctx, { parkId: w.parkId, clientId, amount, vehicleId: w.vehicle, driverId: w.driverA });
  await finishDirect(ctx, await actingOf(ctx, w.parkId, w.owner.profile_id), c.id, input);
  return c.id;
}
const settle = (id: string, body: Record<string, unknown> = { caisse_id: caisse }, who = w.owner, key?: string) =>
  ctx.api('POST', `/api/course/${id}/settle`, { ...as(who), body, ...(key ? { headers: { 'idempotency-key': key } } : {}) });

describe('settling a receivable', () => {
  it('moves the amount from the client receivable into the caisse, with one course_payment transaction', async () => {
    const id = await finished(30_000);
    await finished(12_000);
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(42_000);

    const r = await settle(id);
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe(COURSE_MESSAGES.settled);
    expect(r.data).toMatchObject({ id, amount: 30_000, payment_mode: 'receivable', settled_at: expect.any(String), can: { settle: false } });
    expect(r.data.reference).toMatch(/^BC-\d{4}-\d{4}$/);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(30_000);
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(12_000);

    const row = await courseRow(ctx, id);
    expect(row.settledAt).toBeInstanceOf(Date);
    expect(row.settledTransactionId).toEqual(expect.any(String));
    const [t] = await ctx.database.db.select().from(parkTransactions).where(eq(parkTransactions.id, row.settledTransactionId!));
    expect(t).toMatchObject({ type: 'course_payment', status: 'success', amount: 30_000, caisseId: caisse, parkId: w.parkId });
    expect(t.reason).toBe(`Règlement de la course ${r.data.reference}\u00a0: Société Beta`);
    const [p] = await ctx.database.db.select().from(ledgerPostings).where(eq(ledgerPostings.id, t.postingId!));
    expect(p).toMatchObject({ sourceKind: 'course_payment', sourceId: t.id });
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });

    // The park's transactions list shows it.
    const list = await ctx.api('GET', '/api/park/transactions', as(w.owner));
    expect(list.data.items.find((i: { id: string }) => i.id === t.id)).toMatchObject({ type: 'course_payment', amount: 30_000, caisse: { id: caisse } });
  });

  it('goes into the default cash account without a caisse', async () => {
    const id = await finished(8_000);
    expect((await settle(id, {})).code).toBe(5000);
    expect(await caisseBalance(ctx, w.parkId, await cashCaisse(ctx, w.parkId))).toBe(8_000);
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(0);
  });

  it('settles once: a second call, or two at once, moves nothing more', async () => {
    const id = await finished(20_000);
    const [a, b] = await Promise.all([settle(id), settle(id)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.message).toBe(ErrorCodes.COURSE_ALREADY_SETTLED.message);
    const again = await settle(id);
    expect(again.status).toBe(409);
    expect(again.message).toBe(ErrorCodes.COURSE_ALREADY_SETTLED.message);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(20_000);
    expect(await ctx.database.db.select().from(parkTransactions).where(eq(parkTransactions.parkId, w.parkId))).toHaveLength(1);
  });

  it('replays the answer under the same Idempotency-Key', async () => {
    const id = await finished(5_000);
    const first = await settle(id, { caisse_id: caisse }, w.owner, 'settle-key-1');
    const replay = await settle(id, { caisse_id: caisse }, w.owner, 'settle-key-1');
    expect(first.code).toBe(5000);
    expect(replay.data).toEqual(first.data);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(5_000);
  });

  it('refuses a course paid into a caisse, one at 0, and one not finished (not receivable)', async () => {
    const paid = await finished(6_000, { caisse_id: caisse });
    const free = await finished(0);
    const running = (await insertCourse(ctx, { parkId: w.parkId, clientId, amount: 4_000 })).id;
    for (const id of [paid, free, running]) {
      const r = await settle(id);
      expect(r.status).toBe(409);
      expect(r.message).toBe(ErrorCodes.COURSE_NOT_RECEIVABLE.message);
    }
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(6_000);
  });

  it("refuses a caisse the person may not use (403) and moves nothing; his own caisse is fine", async () => {
    const id = await finished(10_000);
    const m = await memberWith(ctx, w.owner, w.parkId, ['MANAGE_COURSES']);
    const named = await settle(id, { caisse_id: caisse }, m);
    expect(named.status).toBe(403);
    expect(named.message).toBe(ErrorCodes.CAISSE_NOT_USABLE.message);
    const cash = await settle(id, {}, m);
    expect(cash.status).toBe(403);
    expect(cash.message).toBe(ErrorCodes.CAISSE_CASH_FORBIDDEN.message);
    expect((await courseRow(ctx, id)).settledAt).toBeNull();
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(10_000);

    await administer(ctx, w.parkId, caisse, m.profile_id);
    expect((await settle(id, { caisse_id: caisse }, m)).code).toBe(5000);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(10_000);
  });

  it('works end to end through the API: finished as a receivable by PUT /course/{id}, then settled', async () => {
    const c = await insertCourse(ctx, { parkId: w.parkId, clientId, amount: 18_000, vehicleId: w.vehicle, driverId: w.driverA });
    const done = await ctx.api('PUT', `/api/course/${c.id}`, { ...as(w.owner), body: { status: 'finished', payment_mode: 'receivable' } });
    expect(done.code, done.message).toBe(5000);
    expect(done.data).toMatchObject({ status: 'finished', payment_mode: 'receivable', settled_at: null });
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(18_000);
    expect((await settle(c.id)).code).toBe(5000);
    const detail = await ctx.api('GET', `/api/course/${c.id}`, as(w.owner));
    expect(detail.data.settled_at).toEqual(expect.any(String));
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(0);
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(18_000);
  });

  it("reads another park's course, an unknown id and a malformed one as not found", async () => {
    const id = await finished(3_000);
    const other = await recipeWorld(ctx);
    for (const [target, who] of [[id, other.owner], ['00000000-0000-7000-8000-000000000000', w.owner], ['nope', w.owner]] as const) {
      const r = await settle(target, {}, who);
      expect(r.status).toBe(404);
      expect(r.message).toBe(ErrorCodes.COURSE_NOT_FOUND.message);
    }
    expect(await receivableOf(ctx, w.parkId, clientId)).toBe(3_000);
  });
});
