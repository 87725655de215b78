import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, MAINTENANCE_MESSAGES as M, type TAccountingPnl, type TMaintenance, type TOperation } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { parks } from '../access/access.tables.ts';
import { administer, as, cashCaisse, insertCaisse, memberWith, subAccount } from '../operations/operations-test-helpers.ts';
import { serviceReminders } from '../reminders/reminders.tables.ts';
import { toWireDate } from '../../platform/dates.ts';
import {
  balanceOfCaisse,
  COMPONENT,
  finish,
  finishPark,
  OIL_AND_BRAKES_PAID,
  operationsOf,
  paid,
  revenueInto,
  RT,
  schedule,
  uploadInvoice,
  vehicleRow,
} from './maintenance-finish.test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 60_000);
afterAll(() => ctx?.close());

const flat = (nodes: TAccountingPnl['categories']): TAccountingPnl['categories'] => nodes.flatMap((n) => [n, ...flat(n.children)]);

describe('finishing a maintenance pays it through the ledger', () => {
  it('writes one expense per repair type from the chosen caisse, shown in Operations, the P&L and the caisse', async () => {
    const p = await finishPark(ctx, 100_000);
    const id = await schedule(ctx, p);
    expect((await vehicleRow(ctx, p.vehicle)).status, 'in the garage today').toBe('maintain');
    const invoice = await uploadInvoice(ctx, p.owner);

    const r = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID, facture_image: invoice.path, description: 'Vidange et plaquettes', mileage: 52_000, mileage_for_vidange: 57_000 });
    expect([r.status, r.message]).toEqual([200, M.finished]);
    const m = r.data as TMaintenance;
    expect(m).toMatchObject({ status: 'finished', state: 'finished', available: false, amount: 24_500, estimated_amount: 6_000, caisse: { id: p.caisse }, mileage: 52_000, description: 'Vidange et plaquettes' });
    expect(m.facture_image).toMatchObject({ name: 'facture.pdf' });
    const amounts = Object.fromEntries(m.components.flatMap((g) => g.car_component.map((c) => [`${g.repair_type_id}:${c.component_id}`, c.amount])));
    expect(amounts).toEqual({ [`${RT.vidange}:${COMPONENT.oil}`]: 6_000, [`${RT.vidange}:${COMPONENT.oilFilter}`]: 3_500, [`${RT.reparation}:${COMPONENT.brakePads}`]: 15_000 });
    expect(m.operations.map((o) => [o.sub_account.code, o.amount]).sort()).toEqual([['reparation', 15_000], ['vidange', 9_500]]);

    // The caisse paid the total, once.
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
    const totals = await ctx.api('GET', '/api/accounting/total-data', as(p.owner));
    expect(totals.data.caisses.find((c: { id: string }) => c.id === p.caisse).sold).toBe(75_500);

    // Operations: two confirmed expenses of the vehicle, with the components, the invoice and the comment.
    const list = await ctx.api('GET', `/api/accounting/pnl/operation?vehicle_id=${p.vehicle}&itemPerPage=100`, as(p.owner));
    expect(list.status, list.message).toBe(200);
    const ops = (list.data.items as TOperation[]).sort((a, b) => a.amount - b.amount);
    expect(ops.map((o) => ({ type: o.type, status: o.status, amount: o.amount, code: o.sub_category.code, caisse: o.caisse.id, vehicle: o.vehicle?.id, comment: o.comment }))).toEqual([
      { type: 'perte', status: 'confirmed', amount: 9_500, code: 'vidange', caisse: p.caisse, vehicle: p.vehicle, comment: 'Vidange et plaquettes' },
      { type: 'perte', status: 'confirmed', amount: 15_000, code: 'reparation', caisse: p.caisse, vehicle: p.vehicle, comment: 'Vidange et plaquettes' },
    ]);
    expect(ops[0].components.map((c) => [c.id, c.amount]).sort()).toEqual([[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, 3_500]]);
    expect(ops[1].components.map((c) => [c.id, c.amount])).toEqual([[COMPONENT.brakePads, 15_000]]);
    for (const o of ops) expect(o.file_link).toMatch(new RegExp(`^/api/file/signed/${invoice.id}\\?exp=`));
    for (const o of ops) expect([o.supplier?.id, o.maintenance_id]).toEqual([p.supplier, id]);
    // Linked to the maintenance and its supplier (the supplier's page sums them).
    const rows = await operationsOf(ctx, id);
    expect(rows.map((o) => [o.supplierId, o.fileId, o.amount]).sort()).toEqual([[p.supplier, invoice.id, 15_000], [p.supplier, invoice.id, 9_500]]);

    // The P&L of the year: each sub-account of its repair type's code.
    const year = Number(toWireDate(new Date()).slice(0, 4));
    const pnl = (await ctx.api('GET', `/api/accounting/pnl?year=${year}`, as(p.owner))).data as TAccountingPnl;
    const byId = new Map(flat(pnl.categories).map((n) => [n.id, n.total]));
    expect(byId.get((await subAccount(ctx, p.parkId, { code: 'vidange' })).id)).toBe(9_500);
    expect(byId.get((await subAccount(ctx, p.parkId, { code: 'reparation' })).id)).toBe(15_000);
    expect(pnl.expenses.total).toBe(24_500);

    // The vehicle: its odometer, its next oil change, out of the garage.
    expect(await vehicleRow(ctx, p.vehicle)).toEqual({ mileage: 52_000, mileageForVidange: 57_000, status: 'active' });
  });

  it('resets the service reminders of the repair types it covered', async () => {
    const p = await finishPark(ctx);
    const [reminder] = await ctx.database.db
      .insert(serviceReminders)
      .values({ parkId: p.parkId, vehicleId: p.vehicle, repairTypeId: RT.vidange, everyKm: 5_000, lastDoneAt: '2025-01-01', lastDoneKm: 45_000 })
      .returning({ id: serviceReminders.id });
    const id = await schedule(ctx, p);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID, mileage: 51_000 })).code).toBe(5000);
    const [after] = await ctx.database.db.select().from(serviceReminders).where(eq(serviceReminders.id, reminder.id));
    expect({ at: after.lastDoneAt, km: after.lastDoneKm }).toEqual({ at: toWireDate(new Date()).slice(0, 10), km: 51_000 });
  });
});

describe('paying once', () => {
  it('refuses a second finish, which writes nothing', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID })).code).toBe(5000);
    const again = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID });
    expect([again.status, again.code, again.message]).toEqual([409, ErrorCodes.MAINTENANCE_ALREADY_CLOSED.code, 'Cet entretien est déjà clôturé']);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
    expect(await operationsOf(ctx, id)).toHaveLength(2);
  });

  it('pays once for simultaneous finishes', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const answers = await Promise.all(Array.from({ length: 6 }, () => finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID })));
    expect(answers.filter((a) => a.code === 5000)).toHaveLength(1);
    expect(answers.filter((a) => a.code !== 5000).map((a) => [a.status, a.code])).toEqual(Array.from({ length: 5 }, () => [409, ErrorCodes.MAINTENANCE_ALREADY_CLOSED.code]));
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
    expect(await operationsOf(ctx, id)).toHaveLength(2);
  });

  it('does one thing when a finish and a cancel arrive at once', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const [finished, canceled] = await Promise.all([
      finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID }),
      ctx.api('PUT', `/api/entretien/${id}`, { ...as(p.owner), body: { status: 'canceled' } }),
    ]);
    expect([finished.code, canceled.code].filter((c) => c === 5000)).toHaveLength(1);
    const m = (await ctx.api('GET', `/api/entretien/${id}`, as(p.owner))).data as TMaintenance;
    if (finished.code === 5000) {
      expect([m.status, canceled.code]).toEqual(['finished', ErrorCodes.MAINTENANCE_ALREADY_FINISHED.code]);
      expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
    } else {
      expect([m.status, finished.code]).toEqual(['canceled', ErrorCodes.MAINTENANCE_ALREADY_CANCELED.code]);
      expect(await operationsOf(ctx, id)).toHaveLength(0);
      expect(await balanceOfCaisse(ctx, p)).toBe(100_000);
    }
  });

  it('answers a retry under the same Idempotency-Key with the first answer', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const headers = { 'idempotency-key': `finish-${id}` };
    const body = { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID };
    const first = await finish(ctx, p.owner, id, body, headers);
    const second = await finish(ctx, p.owner, id, body, headers);
    expect(first.code).toBe(5000);
    expect(second.raw.headers['idempotent-replayed']).toBe('true');
    expect(second.data).toEqual(first.data);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
  });

  it('refuses to finish a canceled maintenance', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    expect((await ctx.api('PUT', `/api/entretien/${id}`, { ...as(p.owner), body: { status: 'canceled' } })).code).toBe(5000);
    const r = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID });
    expect([r.status, r.code]).toEqual([409, ErrorCodes.MAINTENANCE_ALREADY_CANCELED.code]);
    expect(await operationsOf(ctx, id)).toHaveLength(0);
  });
});

describe('the caisse', () => {
  it('must hold the total: refused, nothing is left behind, even after the first repair type could be paid', async () => {
    // 12,000 pays the oil change (9,500) but not the brakes after it (15,000).
    const p = await finishPark(ctx, 12_000);
    const id = await schedule(ctx, p);
    const r = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID, mileage: 53_000 });
    expect([r.status, r.code, r.message]).toEqual([409, 4300, 'Solde insuffisant pour cette opération']);
    expect(await balanceOfCaisse(ctx, p)).toBe(12_000);
    expect(await operationsOf(ctx, id)).toHaveLength(0);
    const m = (await ctx.api('GET', `/api/entretien/${id}`, as(p.owner))).data as TMaintenance;
    expect(m).toMatchObject({ status: 'available', caisse: null, mileage: null });
    expect(m.components.flatMap((g) => g.car_component.map((c) => c.amount))).toEqual([2000, 2000, 2000]);
    expect(await vehicleRow(ctx, p.vehicle)).toMatchObject({ mileage: 50_000, status: 'maintain' });
  });

  it("refuses another park's caisse, as unknown", async () => {
    const p = await finishPark(ctx);
    const other = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const r = await finish(ctx, p.owner, id, { caisse_id: other.caisse, maintenances: OIL_AND_BRAKES_PAID });
    expect([r.status, r.code]).toEqual([404, ErrorCodes.CAISSE_NOT_FOUND.code]);
    expect(await operationsOf(ctx, id)).toHaveLength(0);
    expect(await balanceOfCaisse(ctx, other)).toBe(100_000);
  });

  it('asks for a caisse without ACCESS_CAISSE_CASH, and takes the default cash account with it', async () => {
    const p = await finishPark(ctx);
    const cash = await cashCaisse(ctx, p.parkId);
    await revenueInto(ctx, p.parkId, p.owner, cash, 30_000);
    const id = await schedule(ctx, p);

    const noCash = await memberWith(ctx, p.owner, p.parkId, ['MANAGE_MAINTENANCE']);
    const asked = await finish(ctx, noCash, id, { maintenances: OIL_AND_BRAKES_PAID });
    expect([asked.status, asked.message]).toEqual([400, M.caisse]);
    const cashRefused = await finish(ctx, noCash, id, { caisse_id: cash, maintenances: OIL_AND_BRAKES_PAID });
    expect([cashRefused.status, cashRefused.code]).toEqual([403, ErrorCodes.CAISSE_CASH_FORBIDDEN.code]);
    // A named caisse he does not administer is not his either.
    const notHis = await finish(ctx, noCash, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID });
    expect([notHis.status, notHis.code]).toEqual([403, ErrorCodes.CAISSE_NOT_USABLE.code]);

    const withCash = await memberWith(ctx, p.owner, p.parkId, ['MANAGE_MAINTENANCE', 'ACCESS_CAISSE_CASH']);
    const r = await finish(ctx, withCash, id, { maintenances: OIL_AND_BRAKES_PAID });
    expect(r.status, r.message).toBe(200);
    expect(r.data.caisse.id).toBe(cash);
    expect(await balanceOfCaisse(ctx, p, cash)).toBe(30_000 - 24_500);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000);
  });

  it("waits for the owner's confirmation when the park wants it, and the owner's own finish does not", async () => {
    const p = await finishPark(ctx);
    await ctx.database.db.update(parks).set({ operationsNeedConfirmation: true }).where(eq(parks.id, p.parkId));
    const member = await memberWith(ctx, p.owner, p.parkId, ['MANAGE_MAINTENANCE']);
    const till = await insertCaisse(ctx, p.parkId, 'Caisse atelier');
    await administer(ctx, p.parkId, till, member.profile_id);
    await revenueInto(ctx, p.parkId, p.owner, till, 20_000);

    // The till can't pay 24,500: refused now rather than at the owner's confirmation.
    const first = await schedule(ctx, p);
    const poor = await finish(ctx, member, first, { caisse_id: till, maintenances: OIL_AND_BRAKES_PAID });
    expect([poor.status, poor.code]).toEqual([409, 4300]);

    const cheap = paid([
      { repair_type_id: RT.vidange, components: [[COMPONENT.oil, 5_000], [COMPONENT.oilFilter, 1_000]] },
      { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 8_000]] },
    ]);
    const r = await finish(ctx, member, first, { caisse_id: till, maintenances: cheap });
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ status: 'finished', amount: 14_000 });
    const ops = await operationsOf(ctx, first);
    expect(ops.map((o) => [o.amount, o.confirmedAt, o.postingId]).sort()).toEqual([[6_000, null, null], [8_000, null, null]]);
    expect(await balanceOfCaisse(ctx, p, till)).toBe(20_000);
    for (const o of ops) expect((await ctx.api('POST', '/api/pnl-account/validate-expense', { ...as(p.owner), body: { fund_movement_id: o.id } })).code).toBe(5000);
    expect(await balanceOfCaisse(ctx, p, till)).toBe(6_000);

    const second = await schedule(ctx, p);
    expect((await finish(ctx, p.owner, second, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID })).code).toBe(5000);
    expect((await operationsOf(ctx, second)).every((o) => o.confirmedAt && o.postingId)).toBe(true);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000 - 24_500);
  });
});

describe('what the body must say', () => {
  it("checks in the dialog's order, then that the entries are the maintenance's own", async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const noCash = await memberWith(ctx, p.owner, p.parkId, ['MANAGE_MAINTENANCE']);
    // No caisse and no amount: the caisse is named first.
    expect((await finish(ctx, noCash, id, {})).message).toBe(M.caisse);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse })).message).toBe(M.amounts);
    const blank = paid([{ repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, '']] }]);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: blank })).message).toBe(M.amounts);
    // The brakes' amount is missing altogether.
    const partial = paid([{ repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, 1_000]] }]);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: partial })).message).toBe(M.amounts);
    // A battery this maintenance never concerned.
    const extra = paid([
      { repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, 1_000], [COMPONENT.battery, 30_000]] },
      { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 8_000]] },
    ]);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: extra })).code).toBe(ErrorCodes.CAR_COMPONENT_NOT_FOUND.code);
    const decimals = paid([
      { repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000.5], [COMPONENT.oilFilter, 1_000]] },
      { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 8_000]] },
    ]);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: decimals })).message).toBe(M.amount);
    // Each fits, their sum does not.
    const huge = paid([
      { repair_type_id: RT.vidange, components: [[COMPONENT.oil, '9000000000000000'], [COMPONENT.oilFilter, '9000000000000000']] },
      { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 1]] },
    ]);
    expect((await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: huge })).message).toBe(M.amount);
    const unknown = await finish(ctx, p.owner, '0190f0f0-0000-7000-8000-000000000000', { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID });
    expect([unknown.status, unknown.code]).toEqual([404, ErrorCodes.MAINTENANCE_NOT_FOUND.code]);
    // None of it wrote anything.
    expect(await operationsOf(ctx, id)).toHaveLength(0);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000);
  });

  it('writes no operation for a repair type that cost nothing', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const warranty = paid([
      { repair_type_id: RT.vidange, components: [[COMPONENT.oil, 6_000], [COMPONENT.oilFilter, 0]] },
      { repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 0]] },
    ]);
    const r = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: warranty });
    expect(r.data).toMatchObject({ status: 'finished', amount: 6_000 });
    expect((await operationsOf(ctx, id)).map((o) => o.amount)).toEqual([6_000]);
    expect(await balanceOfCaisse(ctx, p)).toBe(94_000);
  });
});

describe("the vehicle's mileage", () => {
  it('refuses an odometer below the vehicle’s, writing nothing', async () => {
    const p = await finishPark(ctx);
    const id = await schedule(ctx, p);
    const r = await finish(ctx, p.owner, id, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID, mileage: 49_999 });
    expect([r.status, r.code]).toEqual([400, ErrorCodes.MILEAGE_BELOW_CURRENT.code]);
    const message = `${ErrorCodes.MILEAGE_BELOW_CURRENT.message} (50\u00a0000\u00a0km)`;
    expect([r.message, r.data.errors]).toEqual([message, [{ field: 'mileage', message }]]);
    expect(await operationsOf(ctx, id)).toHaveLength(0);
    expect(await balanceOfCaisse(ctx, p)).toBe(100_000);
  });

  it('moves the next oil change only for an oil change, and only beyond the odometer', async () => {
    const p = await finishPark(ctx);
    const brakesOnly = await schedule(ctx, p, [{ repair_type_id: RT.reparation, maintenanceCarComponent: [{ component_id: COMPONENT.brakePads }] }]);
    const onlyBrakes = paid([{ repair_type_id: RT.reparation, components: [[COMPONENT.brakePads, 8_000]] }]);
    expect((await finish(ctx, p.owner, brakesOnly, { caisse_id: p.caisse, maintenances: onlyBrakes, mileage: 50_000, mileage_for_vidange: 60_000 })).code).toBe(5000);
    expect(await vehicleRow(ctx, p.vehicle)).toMatchObject({ mileage: 50_000, mileageForVidange: 55_000 });

    const oil = await schedule(ctx, p);
    const tooLow = await finish(ctx, p.owner, oil, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID, mileage: 54_000, mileage_for_vidange: 54_000 });
    expect([tooLow.status, tooLow.code]).toEqual([400, ErrorCodes.VIDANGE_MILEAGE_BELOW_CURRENT.code]);
    expect(await vehicleRow(ctx, p.vehicle)).toMatchObject({ mileage: 50_000, mileageForVidange: 55_000 });
    // An oil change done without a next one given: the mileage stays, and the old next oil change
    // (which named this one) is cleared, so the oil-change reminder counts from this one.
    expect((await finish(ctx, p.owner, oil, { caisse_id: p.caisse, maintenances: OIL_AND_BRAKES_PAID })).code).toBe(5000);
    expect(await vehicleRow(ctx, p.vehicle)).toMatchObject({ mileage: 50_000, mileageForVidange: null });
  });
});
