import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSalaryCalculation, TSalaryPaymentResult } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { balanceOf, ledgerAccount } from '../ledger/ledger.service.ts';
import { as, caisseBalance, cashCaisse, memberWith, pnlBalance, subAccount } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { salaryPayments, salaryPenalties } from './salary.tables.ts';

/**
 * Salaries through the API. Recipes are written straight into their table (the recipes module is
 * not what these tests are about); penalties are contravention operations recorded through the
 * operations route, as a person would.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

interface Park {
  id: string;
  owner: SignedIn;
  cash: string;
}

async function freshPark(): Promise<Park> {
  const fx = await ctx.createPark({ name: 'Parc Salaires' });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const park = { id: fx.park.id, owner, cash: await cashCaisse(ctx, fx.park.id) };
  // Money in the cash account to pay salaries from.
  const apport = await subAccount(ctx, park.id, { name: 'Apport du propriétaire' });
  const r = await ctx.api('POST', '/api/pnl-account/fund-movement', { ...as(owner), body: { sub_account_id: apport.id, amount: 1_000_000, date: '2025-01-02T08:00:00' } });
  expect(r.status, r.message).toBe(200);
  return park;
}

/** A recipe as the recipes module would leave it. */
async function recipe(
  p: Park,
  v: { driverId: string; vehicleId: string; day: string; objective?: number; collected?: number; salary: number; deleted?: boolean },
): Promise<string> {
  const objective = v.objective ?? 10_000;
  const collected = v.collected ?? objective;
  const [row] = await ctx.database.db
    .insert(recipes)
    .values({
      parkId: p.id,
      kind: 'expected',
      driverId: v.driverId,
      vehicleId: v.vehicleId,
      day: v.day,
      periodStart: v.day,
      periodEnd: v.day,
      frequency: 'daily',
      collectionType: 'recipe_objective',
      objective,
      collected,
      salaryAmount: v.salary,
      paidAt: collected >= objective && objective > 0 ? fromWireDate(`${v.day}T20:30:00`) : null,
      deletedAt: v.deleted ? new Date() : null,
      deleteComment: v.deleted ? 'Doublon' : null,
    })
    .returning({ id: recipes.id });
  return row.id;
}

async function contravention(p: Park, v: { driverId: string; vehicleId: string; amount: number; date: string; comment?: string }): Promise<string> {
  const sub = await subAccount(ctx, p.id, { code: 'contravention' });
  const r = await ctx.api('POST', '/api/pnl-account/fund-movement', {
    ...as(p.owner),
    body: { sub_account_id: sub.id, amount: v.amount, date: v.date, driver_id: v.driverId, vehicle_id: v.vehicleId, comment: v.comment ?? 'Excès de vitesse' },
  });
  expect(r.status, r.message).toBe(200);
  return r.data.id;
}

const calculate = (p: Park, driverId: string, from: string, to: string, who: SignedIn = p.owner) =>
  ctx.api('GET', `/api/park/calculate-salary?driver_id=${driverId}&start_date=${from}&end_date=${to}`, as(who));

const pay = (p: Park, body: Record<string, unknown>, who: SignedIn = p.owner, key?: string) =>
  ctx.api('POST', '/api/park/paid-salary', { ...as(who), body, headers: key ? { 'idempotency-key': key } : {} });

async function driverSold(parkId: string, driverId: string): Promise<number> {
  const db = ctx.database.db;
  return -(await balanceOf(db, await ledgerAccount(db, parkId, 'driver_balance', driverId)));
}

describe('GET /api/park/calculate-salary', () => {
  it('counts fully paid recipes not yet counted, lists unsettled ones, salary days and deductible penalties', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Kamga', firstName: 'Paul' });
    const other = await insertDriver(ctx, p.id, { lastName: 'Ndi' });
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: 'LT-100-AA', label: 'Corolla 1' });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-03', salary: 3_000 });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-04', salary: 3_500 });
    const partial = await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-05', collected: 4_000, salary: 3_000 });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-06', salary: 3_000, deleted: true });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-04-01', salary: 3_000 });
    await recipe(p, { driverId: other, vehicleId: vehicle, day: '2025-03-03', salary: 9_000 });
    await ctx.database.db.insert(planningEntries).values({
      parkId: p.id,
      vehicleId: vehicle,
      driverId: driver,
      day: '2025-03-09',
      slot: 'full',
      startsAt: fromWireDate('2025-03-09T08:00:00'),
      endsAt: fromWireDate('2025-03-09T20:00:00'),
      isSalaryDay: true,
    });
    const fine1 = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 1_500, date: '2025-03-10T10:00:00' });
    const fine2 = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 2_000, date: '2025-03-12T10:00:00', comment: 'Feu rouge' });
    // Not deductible here: another driver's, one after the period, one cancelled.
    await contravention(p, { driverId: other, vehicleId: vehicle, amount: 700, date: '2025-03-10T10:00:00' });
    await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 800, date: '2025-04-02T10:00:00' });
    const cancelled = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 900, date: '2025-03-11T10:00:00' });
    const c = await ctx.api('DELETE', `/api/accounting/pnl/operation/${cancelled}`, { ...as(p.owner), body: { comment: 'Erreur' } });
    expect(c.status, c.message).toBe(200);

    const r = await calculate(p, driver, '2025-03-01', '2025-03-31');
    expect(r.status, r.message).toBe(200);
    const s = r.data as TSalaryCalculation;
    expect(s).toMatchObject({ currency: 'XAF', start_date: '2025-03-01', end_date: '2025-03-31', gross: 6_500, pending: 3_000 });
    expect(s.driver).toEqual({ id: driver, first_name: 'Paul', last_name: 'Kamga' });
    expect(s.lines.map((l) => [l.date, l.kind, l.salary_amount, l.counted, l.note])).toEqual([
      ['2025-03-03', 'recipe', 3_000, true, null],
      ['2025-03-04', 'recipe', 3_500, true, null],
      ['2025-03-05', 'recipe', 3_000, false, 'Recette non soldée'],
      ['2025-03-09', 'salary_day', 0, false, 'Jour de salaire : le chauffeur a gardé la recette du jour'],
    ]);
    expect(s.lines[2]).toMatchObject({ recipe_id: partial, objective: 10_000, collected: 4_000, vehicle: { id: vehicle, label: 'Corolla 1', registration_number: 'LT-100-AA' } });
    expect(s.penalties).toEqual([
      { id: fine2, amount: 2_000, comment: 'Feu rouge', date: '2025-03-12T10:00:00', vehicle: { id: vehicle, label: 'Corolla 1', registration_number: 'LT-100-AA' } },
      { id: fine1, amount: 1_500, comment: 'Excès de vitesse', date: '2025-03-10T10:00:00', vehicle: { id: vehicle, label: 'Corolla 1', registration_number: 'LT-100-AA' } },
    ]);
    expect(s.already_paid).toEqual([]);
  });

  it('needs MANAGE_DRIVER_VEHICLE, a driver of the park and a sensible period', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Eto' });
    const cashier = await memberWith(ctx, p.owner, p.id, ['ENCAISSER']);
    expect((await calculate(p, driver, '2025-03-01', '2025-03-31', cashier)).status).toBe(403);
    const manager = await memberWith(ctx, p.owner, p.id, ['MANAGE_DRIVER_VEHICLE']);
    expect((await calculate(p, driver, '2025-03-01', '2025-03-31', manager)).status).toBe(200);
    const unknown = await calculate(p, '00000000-0000-7000-8000-000000000000', '2025-03-01', '2025-03-31');
    expect([unknown.status, unknown.message]).toEqual([404, 'Chauffeur introuvable']);
    const reversed = await calculate(p, driver, '2025-03-31', '2025-03-01');
    expect([reversed.status, reversed.message]).toEqual([400, 'La date de fin doit suivre la date de début']);
    // A wire date names its day.
    const wire = await calculate(p, driver, '2025-03-01T00:00:00', '2025-03-31T23:59:59');
    expect(wire.data).toMatchObject({ start_date: '2025-03-01', end_date: '2025-03-31' });
  });
});

describe('POST /api/park/paid-salary', () => {
  it('pays gross minus the chosen penalties as one salary expense, marks the recipes, and never pays them or the penalty twice', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Mbarga', firstName: 'Luc' });
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: 'LT-200-BB' });
    const r1 = await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-03', salary: 3_000 });
    const r2 = await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-04', salary: 3_000 });
    const r3 = await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-03-05', collected: 4_000, salary: 3_000 });
    const fine1 = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 1_500, date: '2025-03-10T10:00:00' });
    const fine2 = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 2_000, date: '2025-03-12T10:00:00' });
    const salary = await subAccount(ctx, p.id, { code: 'salary' });
    const cashBefore = await caisseBalance(ctx, p.id, p.cash);

    const body = { driver_id: driver, start_date: '2025-03-01', end_date: '2025-03-31', payment_type: 'cash', reason: 'Salaire de mars', contraventions_to_reduct_on_salary: [fine1] };
    const r = await pay(p, body);
    expect(r.status, r.message).toBe(200);
    expect(r.message).toBe('Salaire payé avec succès');
    const paid = r.data as TSalaryPaymentResult;
    expect(paid.salary_payment).toMatchObject({ start_date: '2025-03-01', end_date: '2025-03-31', gross: 6_000, penalties: 1_500, net: 4_500, payment_type: 'cash', reason: 'Salaire de mars' });
    expect(paid.recipes_count).toBe(2);
    expect(paid.penalty_ids).toEqual([fine1]);

    // The money: out of the cash account, into the salary expense account, as one operation.
    expect(await caisseBalance(ctx, p.id, p.cash)).toBe(cashBefore - 4_500);
    expect(await pnlBalance(ctx, p.id, salary.id)).toBe(4_500);
    const op = await ctx.api('GET', `/api/accounting/pnl/operation/${paid.salary_payment.fund_movement_id}`, as(p.owner));
    expect(op.data).toMatchObject({ type: 'perte', amount: 4_500, status: 'confirmed', sub_category: { code: 'salary' }, driver: { id: driver }, caisse: { id: p.cash }, comment: 'Salaire de mars' });
    const marked = await ctx.database.db.select({ id: recipes.id, s: recipes.salaryPaymentId }).from(recipes).where(inArray(recipes.id, [r1, r2, r3]));
    expect(Object.fromEntries(marked.map((m) => [m.id, m.s]))).toEqual({ [r1]: paid.salary_payment.id, [r2]: paid.salary_payment.id, [r3]: null });

    // The figure now: nothing left to pay for March, the payment listed, the other penalty still there.
    const after = (await calculate(p, driver, '2025-03-01', '2025-03-31')).data as TSalaryCalculation;
    expect(after.gross).toBe(0);
    expect(after.lines.map((l) => l.recipe_id)).toEqual([r3]);
    expect(after.penalties.map((x) => x.id)).toEqual([fine2]);
    expect(after.already_paid).toEqual([paid.salary_payment]);

    // The same period again: nothing to pay, nothing moved.
    const again = await pay(p, { ...body, contraventions_to_reduct_on_salary: [] });
    expect([again.status, again.message]).toEqual([422, 'Aucun salaire à payer pour cette période']);
    expect(await caisseBalance(ctx, p.id, p.cash)).toBe(cashBefore - 4_500);

    // The third recipe is settled later: it can be paid now, but the deducted penalty can't be deducted again.
    await ctx.database.db.update(recipes).set({ collected: 10_000, paidAt: new Date() }).where(eq(recipes.id, r3));
    const twice = await pay(p, { ...body, contraventions_to_reduct_on_salary: [fine1] });
    expect([twice.status, twice.message]).toEqual([409, "Cette pénalité a déjà été déduite d'un salaire"]);

    // Onto the driver's balance: his sold grows by the net.
    const soldBefore = await driverSold(p.id, driver);
    const sold = await pay(p, { ...body, payment_type: 'sold', contraventions_to_reduct_on_salary: [fine2] });
    expect(sold.status, sold.message).toBe(200);
    expect(sold.data.salary_payment).toMatchObject({ gross: 3_000, penalties: 2_000, net: 1_000, payment_type: 'sold' });
    expect(await driverSold(p.id, driver)).toBe(soldBefore + 1_000);
    expect(await pnlBalance(ctx, p.id, salary.id)).toBe(5_500);
    expect(await caisseBalance(ctx, p.id, p.cash)).toBe(cashBefore - 4_500);
    const soldOp = await ctx.api('GET', `/api/accounting/pnl/operation/${sold.data.salary_payment.fund_movement_id}`, as(p.owner));
    expect(soldOp.data).toMatchObject({ amount: 1_000, funding: 'driver_balance', collect_method: 'sold' });

    const penalties = await ctx.database.db.select().from(salaryPenalties).where(inArray(salaryPenalties.fundMovementId, [fine1, fine2]));
    expect(penalties.map((x) => [x.fundMovementId, x.amount]).sort()).toEqual([[fine1, 1_500], [fine2, 2_000]].sort());
  });

  it('floors the net at 0 and refuses to pay 0; refuses penalties that are not this driver’s deductible contraventions', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Fotso' });
    const other = await insertDriver(ctx, p.id, { lastName: 'Tchami' });
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: 'LT-300-CC' });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-05-02', salary: 1_000 });
    const big = await contravention(p, { driverId: driver, vehicleId: vehicle, amount: 2_500, date: '2025-05-03T09:00:00' });
    const foreign = await contravention(p, { driverId: other, vehicleId: vehicle, amount: 100, date: '2025-05-03T09:00:00' });
    const body = { driver_id: driver, start_date: '2025-05-01', end_date: '2025-05-31', payment_type: 'cash' };

    const floored = await pay(p, { ...body, contraventions_to_reduct_on_salary: [big] });
    expect([floored.status, floored.message]).toEqual([422, 'Aucun salaire à payer pour cette période']);
    const wrong = await pay(p, { ...body, contraventions_to_reduct_on_salary: [foreign] });
    expect(wrong.status).toBe(422);
    expect(wrong.message).toMatch(/ne peut pas être déduite/);
    // Nothing was written by the refusals.
    expect(await ctx.database.db.select().from(salaryPayments).where(eq(salaryPayments.driverId, driver))).toEqual([]);
    const ok = await pay(p, body);
    expect(ok.data.salary_payment).toMatchObject({ gross: 1_000, penalties: 0, net: 1_000 });
  });

  it('is for the owner only: anyone else reads the spec’s sentence and nothing moves', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Abena' });
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: 'LT-400-DD' });
    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-06-02', salary: 2_000 });
    const manager = await memberWith(ctx, p.owner, p.id, ['MANAGE_DRIVER_VEHICLE', 'ACCESS_CAISSE_CASH', 'READ_FINANCE', 'CREATE_OPERATION']);
    const r = await pay(p, { driver_id: driver, start_date: '2025-06-01', end_date: '2025-06-30', payment_type: 'cash' }, manager);
    expect([r.status, r.message]).toEqual([403, 'Seul le propriétaire de la flotte peut effectuer des paiements de salaire.']);
    expect(await ctx.database.db.select().from(salaryPayments).where(eq(salaryPayments.driverId, driver))).toEqual([]);
  });

  it('pays once when the same payment is sent twice (a retry with its key, or two clicks at once)', async () => {
    const p = await freshPark();
    const driver = await insertDriver(ctx, p.id, { lastName: 'Nkoulou' });
    const vehicle = await insertVehicle(ctx.database.db, p.id, { registration: 'LT-500-EE' });
    for (const day of ['2025-07-01', '2025-07-02', '2025-07-03']) await recipe(p, { driverId: driver, vehicleId: vehicle, day, salary: 2_000 });
    const body = { driver_id: driver, start_date: '2025-07-01', end_date: '2025-07-31', payment_type: 'cash' };
    const first = await pay(p, body, p.owner, 'salaire-juillet-1');
    const retry = await pay(p, body, p.owner, 'salaire-juillet-1');
    expect(first.status).toBe(200);
    expect(retry.data).toEqual(first.data);

    await recipe(p, { driverId: driver, vehicleId: vehicle, day: '2025-07-04', salary: 2_000 });
    const both = await Promise.all([pay(p, body, p.owner, 'salaire-juillet-2a'), pay(p, body, p.owner, 'salaire-juillet-2b')]);
    expect(both.map((x) => x.status).sort()).toEqual([200, 422]);
    const rows = await ctx.database.db.select().from(salaryPayments).where(eq(salaryPayments.driverId, driver));
    expect(rows.map((x) => x.net).sort()).toEqual([2_000, 6_000]);
    const ops = await ctx.database.db.select().from(fundMovements).where(inArray(fundMovements.id, rows.map((x) => x.fundMovementId!)));
    expect(ops.map((o) => o.amount).sort()).toEqual([2_000, 6_000]);
  });
});
