import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { TestContext } from '../../../test/test-context.ts';
import { notifications } from '../notifications/notifications.tables.ts';
import { vehicleOwners } from '../owners/owners.tables.ts';
import { applyRecipePayments } from '../recipes/recipe-collection.ts';
import { recipeRow, useRecipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { materialiseDueRecipes, releaseInstalmentRecipes, syncContractFigures } from './contract-instalments.ts';
import { contractRow, dayFrom, insertContract, instalmentsOf, ledgerNetUnder, today } from './contract-money.test-support.ts';

let ctx: TestContext;
let w: RecipeWorld;
useRecipeWorld({ context: (c) => (ctx = c), world: (x) => (w = x) });

const payCash = (recipeId: string, amount: number) =>
  ctx.database.db.transaction((tx) => applyRecipePayments(tx, { parkId: w.parkId, actorId: w.owner.profile_id, method: 'cash', allocations: [{ recipeId, amount }] }));

describe('driver instalments through recipes', () => {
  it('materialises the due instalments once, each a contract recipe of its due day', async () => {
    const c = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(-1), amount: 50_000 }, { due: today(), amount: 50_000 }, { due: dayFrom(30), amount: 20_000 }] });
    const created = await ctx.database.db.transaction((tx) => materialiseDueRecipes(tx, { parkId: w.parkId, uptoDay: today() }));
    expect(created).toBe(2);
    expect(await ctx.database.db.transaction((tx) => materialiseDueRecipes(tx, { parkId: w.parkId, uptoDay: today() }))).toBe(0);
    const [i1, i2, i3] = await instalmentsOf(ctx, c.id);
    expect(i3.recipeId).toBeNull();
    const r1 = await recipeRow(ctx, i1.recipeId!);
    expect(r1).toMatchObject({ kind: 'contract', driverId: w.driverA, vehicleId: w.vehicle, day: dayFrom(-1), objective: 50_000, collected: 0 });
    expect(r1.comment).toMatch(new RegExp(`^Échéance 1/3 du contrat C-\\d{4}-${String(c.number).padStart(4, '0')}$`));
    expect((await recipeRow(ctx, i2.recipeId!)).comment).toContain('Échéance 2/3');
  });

  it('follows partial and full payments, under contract_driver, and a paid-off contract ends with the driver as owner', async () => {
    const c = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(-1), amount: 50_000 }, { due: today(), amount: 30_000 }] });
    await ctx.database.db.transaction((tx) => materialiseDueRecipes(tx, { parkId: w.parkId, contractId: c.id, uptoDay: today() }));
    const [i1, i2] = await instalmentsOf(ctx, c.id);
    await payCash(i1.recipeId!, 20_000);
    let [a] = await instalmentsOf(ctx, c.id);
    expect(a).toMatchObject({ paidAmount: 20_000, status: 'due' });
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 20_000, remainingAmount: 60_000, nextDueDate: dayFrom(-1), status: 'ACTIVE' });
    await payCash(i1.recipeId!, 30_000);
    [a] = await instalmentsOf(ctx, c.id);
    expect(a).toMatchObject({ paidAmount: 50_000, status: 'paid' });
    expect(a.paidAt).not.toBeNull();
    expect(await contractRow(ctx, c.id)).toMatchObject({ totalPaid: 50_000, remainingAmount: 30_000, nextDueDate: today() });
    expect(await ledgerNetUnder(ctx, w.parkId, 'contract_driver', w.vehicle)).toBe(50_000);
    expect(await ledgerNetUnder(ctx, w.parkId, 'recette', w.vehicle)).toBe(0);

    await payCash(i2.recipeId!, 30_000);
    const done = await contractRow(ctx, c.id);
    expect(done).toMatchObject({ status: 'EXPIRED', totalPaid: 80_000, remainingAmount: 0, nextDueDate: null });
    expect(done.paidOffAt).not.toBeNull();
    const [owner] = await ctx.database.db.select().from(vehicleOwners).where(eq(vehicleOwners.id, done.newOwnerId!));
    expect(owner).toMatchObject({ type: 'individuel', firstName: 'Alain', lastName: 'Atangana', parkId: w.parkId });
    const [v] = await ctx.database.db.select().from(vehicles).where(eq(vehicles.id, w.vehicle));
    expect(v.vehicleOwnerId).toBe(owner.id);
    expect(v.status).not.toBe('deactivated');
    const told = await ctx.database.db.select().from(notifications).where(eq(notifications.parkId, w.parkId));
    expect(told.filter((n) => n.kind === 'contract_paid_off').length).toBeGreaterThan(0);
    // Idempotent: syncing again changes nothing (no second owner, no second event).
    await ctx.database.db.transaction((tx) => syncContractFigures(tx, [c.id]));
    expect((await contractRow(ctx, c.id)).newOwnerId).toBe(owner.id);
  });

  it('releases uncollected recipes, and a written-off one keeps what was collected', async () => {
    const c = await insertContract(ctx, { parkId: w.parkId, vehicleId: w.vehicle, driverId: w.driverA, schedule: [{ due: dayFrom(-2), amount: 40_000 }, { due: dayFrom(-1), amount: 40_000 }] });
    await ctx.database.db.transaction((tx) => materialiseDueRecipes(tx, { parkId: w.parkId, uptoDay: today() }));
    const [i1, i2] = await instalmentsOf(ctx, c.id);
    await payCash(i1.recipeId!, 15_000);
    await ctx.database.db.transaction((tx) => releaseInstalmentRecipes(tx, w.parkId, [i1.id, i2.id], { reason: 'Contrat annulé', writeOff: true }));
    expect(await recipeRow(ctx, i1.recipeId!)).toMatchObject({ objective: 15_000, collected: 15_000, deletedAt: null });
    expect((await recipeRow(ctx, i1.recipeId!)).paidAt).not.toBeNull();
    const r2 = await recipeRow(ctx, i2.recipeId!);
    expect(r2.deletedAt).not.toBeNull();
    expect(r2.deleteComment).toBe('Contrat annulé');
  });
});
