import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ErrorCodes } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { revenueInto } from '../maintenance/maintenance-finish.test-support.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { caisseBalance, insertCaisse } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { as, ledgerHolds, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { contractEvents } from './contracts.tables.ts';
import { runContractsJob } from './contracts.jobs.ts';
import { contractRow, dayFrom, insertContract, instalmentsOf } from './contract-money.test-support.ts';

/**
 * Paying partner owners (POST /contract/{id}/instalments/{seq}/pay) and the contracts job: an
 * expense under 'contract_partner' from a caisse that must hold it, by the park's owner only, on or
 * after the due day, once; the job makes the due driver recipes, tells each due partner instalment
 * once and ends contracts past their end with nothing due.
 */

let ctx: TestContext;
let w: RecipeWorld;
let caisse: string;
let ownerId: string;

beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
beforeEach(async () => {
  w = await recipeWorld(ctx);
  caisse = await insertCaisse(ctx, w.parkId, 'Caisse principale');
  await revenueInto(ctx, w.parkId, w.owner, caisse, 100_000);
  const [o] = await ctx.database.db.insert(vehicleOwners).values({ parkId: w.parkId, type: 'individuel', firstName: 'Paul', lastName: 'Mbarga' }).returning({ id: vehicleOwners.id });
  ownerId = o.id;
});
afterAll(() => ctx?.close());

const pay = (id: string, seq: number, body: Record<string, unknown> = { caisse_id: caisse }, who = w.owner) =>
  ctx.api('POST', `/api/contract/${id}/instalments/${seq}/pay`, { ...as(who), body });
const partner = (schedule: { due: string; amount: number }[], endDate?: string) =>
  insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, ownerId, type: 'PARTNER', schedule, endDate });

describe('paying a partner', () => {
  it('pays a due instalment from the caisse under contract_partner, once, and not one not yet due', async () => {
    const c = await partner([{ due: dayFrom(-1), amount: 60_000 }, { due: dayFrom(30), amount: 60_000 }]);
    const r = await pay(c.id, 1);
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ total_paid: 60_000, remaining_amount: 60_000 });
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(40_000);
    const [i1] = await instalmentsOf(ctx, c.id);
    expect(i1).toMatchObject({ status: 'paid', paidAmount: 60_000, paidBy: w.owner.profile_id });
    const [op] = await ctx.database.db.select().from(fundMovements).where(eq(fundMovements.id, i1.fundMovementId!));
    const [sub] = await ctx.database.db.select().from(pnlAccounts).where(eq(pnlAccounts.id, op.subAccountId));
    expect(sub.code).toBe('contract_partner');
    expect(op).toMatchObject({ type: 'perte', amount: 60_000, caisseId: caisse, vehicleId: w.vehicle });
    expect(op.comment).toMatch(/^Échéance 1\/2 du contrat C-\d{4}-\d{4}\u00a0: Mbarga Paul$/);
    const events = await ctx.database.db.select().from(contractEvents).where(and(eq(contractEvents.contractId, c.id), eq(contractEvents.kind, 'payment')));
    expect(events).toHaveLength(1);

    const twice = await pay(c.id, 1);
    expect(twice.status).toBe(409);
    expect(twice.message).toBe(ErrorCodes.CONTRACT_INSTALMENT_ALREADY_PAID.message);
    const early = await pay(c.id, 2);
    expect(early.status).toBe(409);
    expect(early.message).toBe("Cette échéance n'est pas encore due");
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(40_000);
    expect(await ledgerHolds(ctx, w.parkId)).toEqual({ total: 0, mismatched: 0 });
  });

  it('writes nothing when the caisse does not hold it, and only the owner pays', async () => {
    const c = await partner([{ due: dayFrom(-1), amount: 150_000 }]);
    const short = await pay(c.id, 1);
    expect(short.message).toBe(ErrorCodes.INSUFFICIENT_FUNDS.message);
    expect((await instalmentsOf(ctx, c.id))[0]).toMatchObject({ status: 'due', paidAmount: 0, fundMovementId: null });
    expect(await caisseBalance(ctx, w.parkId, caisse)).toBe(100_000);

    const manager = await ctx.addMember(w.parkId, { type: 'agent', roleNames: ['Gestionnaire'] });
    const m = await ctx.signIn({ email: manager.email, password: manager.password, type: 'agent' });
    const refused = await pay(c.id, 1, { caisse_id: caisse }, m);
    expect(refused.status).toBe(403);
    expect(refused.message).toBe('Seul le propriétaire de la flotte peut payer les propriétaires partenaires.');
  });
});

describe('the contracts job', () => {
  it('makes the due driver recipes, tells each due partner instalment once, and ends finished contracts', async () => {
    const driver = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(-1), amount: 10_000 }, { due: dayFrom(10), amount: 10_000 }] });
    const due = await partner([{ due: dayFrom(-2), amount: 5_000 }, { due: dayFrom(5), amount: 5_000 }]);
    const ended = await partner([{ due: dayFrom(-20), amount: 5_000 }], dayFrom(-3));
    await pay(ended.id, 1);

    const first = await runContractsJob(ctx.database.db, { parkId: w.parkId });
    expect(first).toMatchObject({ parks: 1, recipes: 1, notified: 1, expired: 1 });
    const [d1, d2] = await instalmentsOf(ctx, driver.id);
    expect(d1.recipeId).not.toBeNull();
    expect(d2.recipeId).toBeNull();
    const told = await ctx.database.db.select().from(notifications).where(and(eq(notifications.parkId, w.parkId), eq(notifications.kind, 'contract_instalment_due')));
    expect(told.length).toBeGreaterThan(0);
    expect(told[0].link).toBe(`/dashboard/contracts/${due.id}`);
    expect(told[0].body).toContain('Mbarga Paul');
    expect((await instalmentsOf(ctx, due.id))[0].notifiedAt).not.toBeNull();
    expect(await contractRow(ctx, ended.id)).toMatchObject({ status: 'EXPIRED' });
    expect(await contractRow(ctx, due.id)).toMatchObject({ status: 'ACTIVE' });

    const second = await runContractsJob(ctx.database.db, { parkId: w.parkId });
    expect(second).toMatchObject({ recipes: 0, notified: 0, expired: 0 });
    const again = await ctx.database.db.select().from(notifications).where(and(eq(notifications.parkId, w.parkId), eq(notifications.kind, 'contract_instalment_due')));
    expect(again).toHaveLength(told.length);
  });
});
