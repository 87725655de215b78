import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TCaGraph, TCaTotals, TFleetDetails, TRevenueEvolution } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { ledgerAccount, post } from '../ledger/ledger.service.ts';
import { as, cashCaisse, memberWith, subAccount } from '../operations/operations-test-helpers.ts';
import { fundMovements } from '../operations/operations.tables.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { caisseLedgerAccount } from '../treasury/caisse-accounts.ts';
import { vehicleConfigs, vehicleDocuments, vehicles } from '../vehicles/vehicles.tables.ts';
import { fleetDetails } from './fleet-details.service.ts';

/**
 * The fleet dashboard against a hand count. The figures depend on "today", so the cards are
 * computed by the service at a fixed instant (15 March 2025, 10:00 in Douala) over a small park
 * whose every row is written here; the routes are then checked for what they add (permission,
 * shape). Recipes and operations are written straight into their tables.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const TZ = 'Africa/Douala';
const at = (wire: string) => fromWireDate(wire, TZ);
const NOW = at('2025-03-15T10:00:00');

interface Park {
  id: string;
  owner: SignedIn;
  cash: string;
  actor: ActingProfile;
}

async function freshPark(): Promise<Park> {
  const fx = await ctx.createPark({ name: 'Parc Tableau de bord' });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const actor: ActingProfile = { id: owner.profile_id, parkId: fx.park.id, type: 'proprietaire', role: 'OWNER', isOwner: true, permissions: new Set(), park: { timeZone: TZ, currency: 'XAF' } };
  return { id: fx.park.id, owner, cash: await cashCaisse(ctx, fx.park.id), actor };
}

async function driver(p: Park, v: { name: string; createdAt: string; suspended?: boolean }): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [row] = await ctx.database.db
    .insert(drivers)
    .values({ parkId: p.id, firstName: 'Jean', lastName: v.name, phone, createdAt: at(v.createdAt), blockedAt: v.suspended ? NOW : null })
    .returning({ id: drivers.id });
  return row.id;
}

async function vehicle(p: Park, v: { plate: string; createdAt: string; status?: 'active' | 'maintain' | 'deactivated'; configured?: boolean }): Promise<string> {
  const id = await insertVehicle(ctx.database.db, p.id, { registration: v.plate, createdAt: at(v.createdAt) });
  if (v.status && v.status !== 'active') await ctx.database.db.update(vehicles).set({ status: v.status }).where(eq(vehicles.id, id));
  if (v.configured) {
    await ctx.database.db.insert(vehicleConfigs).values({ vehicleId: id, parkId: p.id, workPlanning: 'daily', numberDrivers: 1, startTime: '08:00', endTime: '20:00' });
  }
  return id;
}

async function recipe(
  p: Park,
  v: { driverId: string; vehicleId: string; day: string; objective: number; collected?: number; kind?: 'expected' | 'debt'; deletedAt?: string },
): Promise<void> {
  const collected = v.collected ?? 0;
  await ctx.database.db.insert(recipes).values({
    parkId: p.id,
    kind: v.kind ?? 'expected',
    driverId: v.driverId,
    vehicleId: v.vehicleId,
    day: v.day,
    periodStart: v.day,
    periodEnd: v.day,
    objective: v.objective,
    collected,
    paidAt: collected >= v.objective && v.objective > 0 ? at(`${v.day}T20:30:00`) : null,
    deletedAt: v.deletedAt ? at(v.deletedAt) : null,
    deleteComment: v.deletedAt ? 'Erreur' : null,
  });
}

/** An operation as the operations module leaves it; a cancelled one with its reversing row. */
async function op(p: Park, v: { code?: string; name?: string; amount: number; date: string; driverId?: string; vehicleId?: string; cancelled?: boolean }): Promise<void> {
  const sub = await subAccount(ctx, p.id, v.code ? { code: v.code } : { name: v.name! });
  const type = v.code === 'carburant' ? 'perte' : 'profit';
  const when = at(v.date);
  const [row] = await ctx.database.db
    .insert(fundMovements)
    .values({
      parkId: p.id,
      type,
      subAccountId: sub.id,
      caisseId: p.cash,
      amount: v.amount,
      operationDate: when,
      driverId: v.driverId ?? null,
      vehicleId: v.vehicleId ?? null,
      confirmedAt: when,
      canceledAt: v.cancelled ? when : null,
    })
    .returning({ id: fundMovements.id });
  if (v.cancelled) {
    await ctx.database.db.insert(fundMovements).values({ parkId: p.id, type, subAccountId: sub.id, caisseId: p.cash, amount: -v.amount, operationDate: when, confirmedAt: when, reversesId: row.id });
  }
}

async function planned(p: Park, vehicleId: string, driverId: string, day: string): Promise<void> {
  await ctx.database.db.insert(planningEntries).values({ parkId: p.id, vehicleId, driverId, day, slot: 'full', startsAt: at(`${day}T08:00:00`), endsAt: at(`${day}T20:00:00`) });
}

describe('the fleet dashboard cards', () => {
  it('match a hand count of a small park, with their trends', async () => {
    const p = await freshPark();
    // People: 3 drivers (one suspended, one joined this month); 4 vehicles (one in maintenance, one
    // deactivated, two of them added this month).
    const d1 = await driver(p, { name: 'Un', createdAt: '2025-02-01T09:00:00' });
    const d2 = await driver(p, { name: 'Deux', createdAt: '2025-02-10T09:00:00', suspended: true });
    const d3 = await driver(p, { name: 'Trois', createdAt: '2025-03-05T09:00:00' });
    const v1 = await vehicle(p, { plate: 'LT-001-A', createdAt: '2025-01-01T09:00:00', configured: true });
    const v2 = await vehicle(p, { plate: 'LT-002-A', createdAt: '2025-01-01T09:00:00', status: 'maintain', configured: true });
    await vehicle(p, { plate: 'LT-003-A', createdAt: '2025-03-02T09:00:00', status: 'deactivated' });
    const v4 = await vehicle(p, { plate: 'LT-004-A', createdAt: '2025-03-03T09:00:00', configured: true });

    // Recipes. Today: 10,000 paid and 3,000 of 8,000; one deleted this morning.
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-03-15', objective: 10_000, collected: 10_000 });
    await recipe(p, { driverId: d3, vehicleId: v4, day: '2025-03-15', objective: 8_000, collected: 3_000 });
    await recipe(p, { driverId: d2, vehicleId: v1, day: '2025-03-15', objective: 5_000, deletedAt: '2025-03-15T09:00:00' });
    // Yesterday: 10,000 paid, 10,000 unpaid.
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-03-14', objective: 10_000, collected: 10_000 });
    await recipe(p, { driverId: d3, vehicleId: v4, day: '2025-03-14', objective: 10_000 });
    // Earlier: 5,000 left of a recipe, a 4,000 debt, deleted ones (this month, and in February).
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-03-10', objective: 6_000, collected: 1_000 });
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-03-01', objective: 4_000, kind: 'debt' });
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-03-04', objective: 7_000, deletedAt: '2025-03-05T12:00:00' });
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-02-09', objective: 7_000, deletedAt: '2025-02-10T12:00:00' });
    await recipe(p, { driverId: d1, vehicleId: v1, day: '2025-02-19', objective: 7_000, deletedAt: '2025-02-20T12:00:00' });

    // Collected money: recette operations today (13,000, and a cancelled one) and yesterday (10,000).
    await op(p, { code: 'recette', amount: 13_000, date: '2025-03-15T08:00:00', driverId: d1, vehicleId: v1 });
    await op(p, { code: 'recette', amount: 9_000, date: '2025-03-15T08:30:00', cancelled: true });
    await op(p, { code: 'recette', amount: 10_000, date: '2025-03-14T19:00:00' });
    await op(p, { name: 'Apport du propriétaire', amount: 50_000, date: '2025-03-15T07:00:00' });

    // Documents: v1's insurance ends 10 April, v2's on 14 April (today + 30), v4's card ended
    // yesterday; v1's card ending 20 March was renewed (only the latest counts).
    const doc = (vehicleId: string, documentTypeId: number, endDate: string) =>
      ctx.database.db.insert(vehicleDocuments).values({ parkId: p.id, vehicleId, documentTypeId, startDate: '2024-01-01', endDate });
    await doc(v1, 1, '2025-04-10');
    await doc(v2, 1, '2025-04-14');
    await doc(v4, 2, '2025-03-14');
    await doc(v1, 2, '2025-03-20');
    await doc(v1, 2, '2026-03-20');

    // Planning: v1 planned today and yesterday, v4 only yesterday; v2 is in maintenance.
    await planned(p, v1, d1, '2025-03-15');
    await planned(p, v1, d1, '2025-03-14');
    await planned(p, v4, d3, '2025-03-14');

    // Money held: 80,000 put in the cash account (the ledger's, whatever the operations above).
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      const cash = await caisseLedgerAccount(tx, p.id, p.cash);
      const outside = await ledgerAccount(tx, p.id, 'external', null);
      await post(tx, { parkId: p.id, sourceKind: 'test', lines: [{ accountId: cash, amount: 80_000 }, { accountId: outside, amount: -80_000 }] });
    });

    const f: TFleetDetails = await fleetDetails(db, p.actor, NOW);
    expect(f.currency).toBe('XAF');
    expect(f.date).toBe('2025-03-15');
    expect(f.number_recipe_expected_today).toEqual({ count: 2, previous: 2, trend: 'unchanged', compared_with: 'yesterday' });
    expect(f.receipts_expected_today).toEqual({ amount: 18_000, collected: 13_000, remaining: 5_000, count: 2, previous: 20_000, trend: 'down', compared_with: 'yesterday' });
    expect(f.actual_recipe).toEqual({ amount: 13_000, previous: 10_000, trend: 'up', compared_with: 'yesterday' });
    // Every unpaid recipe, as Encaissements counts them: 5,000 left today, 10,000 (yesterday),
    // 5,000 (10 March), 4,000 (the debt). What was owed before is not kept: no comparison.
    expect(f.previous_receipts_not_collected).toEqual({ amount: 24_000, count: 4, previous: null, trend: 'unchanged', compared_with: null });
    // The expiring list's rule: v4's card (ended yesterday, expired), v1's and v2's insurances;
    // seen from yesterday, v2's (today + 30) was outside the window.
    expect(f.future_expired_doc).toEqual({ count: 3, previous: 2, trend: 'up', compared_with: 'yesterday', expired: 1 });
    // At the end of February: 2 drivers (the suspended one included) and 2 vehicles.
    expect(f.driver).toEqual({ total: 3, active: 2, previous: 2, trend: 'up', compared_with: 'end_of_last_month' });
    expect(f.vehicle).toEqual({ total: 4, active: 2, previous: 2, trend: 'up', compared_with: 'end_of_last_month' });
    expect(f.breakdown).toEqual({ count: 1, previous: null, trend: 'unchanged', compared_with: null });
    expect(f.total_recipe_deleted).toEqual({ count: 4, previous: 3, trend: 'up', compared_with: 'yesterday' });
    // This month: this morning's and 5 March's; 1-15 February: 10 February's only.
    expect(f.total_recipe_deleted_this_month).toEqual({ count: 2, previous: 1, trend: 'up', compared_with: 'last_month' });
    expect(f.vehicles_without_planning_today).toEqual({ count: 1, previous: 0, trend: 'up', compared_with: 'yesterday', vehicles: [{ id: v4, label: null, registration_number: 'LT-004-A' }] });
    // No penalty trigger has acted in this park (issue 22's GPS card; trigger-job.test.ts counts some).
    expect(f.gps_events).toBe(0);
    expect(f.gps_locked_vehicles).toBe(0);
    // All of the ledger's entries are from "today" seen from 15 March 2025: held 80,000, 0 this morning.
    expect(f.balance).toEqual({ amount: 80_000, previous: 0, trend: 'up', compared_with: 'yesterday' });

    // Without READ_FINANCE no amount at all; the counts stay.
    const viewer = await fleetDetails(db, { ...p.actor, isOwner: false, permissions: new Set(['VIEW_DASHBOARD']) }, NOW);
    expect(viewer).toMatchObject({ receipts_expected_today: null, actual_recipe: null, previous_receipts_not_collected: null, balance: null });
    expect(viewer.number_recipe_expected_today.count).toBe(2);
    expect(viewer.future_expired_doc.count).toBe(3);
  });

  it('GET /api/dashboard/fleet/details needs VIEW_DASHBOARD and counts today in the park', async () => {
    const p = await freshPark();
    const d = await driver(p, { name: 'Route', createdAt: '2025-01-01T09:00:00' });
    const v = await vehicle(p, { plate: 'LT-010-A', createdAt: '2025-01-01T09:00:00' });
    const today = toWireDate(new Date(), TZ).slice(0, 10);
    await recipe(p, { driverId: d, vehicleId: v, day: today, objective: 12_000, collected: 2_000 });
    const r = await ctx.api('GET', '/api/dashboard/fleet/details', as(p.owner));
    expect(r.status, r.message).toBe(200);
    expect(r.data).toMatchObject({ date: today, number_recipe_expected_today: { count: 1 }, receipts_expected_today: { amount: 12_000, remaining: 10_000 } });

    const viewer = await memberWith(ctx, p.owner, p.id, ['VIEW_DASHBOARD']);
    const seen = await ctx.api('GET', '/api/dashboard/fleet/details', as(viewer));
    expect(seen.status).toBe(200);
    expect(seen.data).toMatchObject({ receipts_expected_today: null, actual_recipe: null, previous_receipts_not_collected: null, balance: null });
    expect(seen.data.number_recipe_expected_today.count).toBe(1);
    const other = await memberWith(ctx, p.owner, p.id, ['VIEW_OPERATIONS']);
    expect((await ctx.api('GET', '/api/dashboard/fleet/details', as(other))).status).toBe(403);
  });
});

describe('revenue figures', () => {
  async function revenuePark() {
    const p = await freshPark();
    const d1 = await driver(p, { name: 'Un', createdAt: '2025-01-01T09:00:00' });
    const v1 = await vehicle(p, { plate: 'LT-101-A', createdAt: '2025-01-01T09:00:00' });
    await op(p, { code: 'recette', amount: 10_000, date: '2025-01-15T10:00:00', driverId: d1, vehicleId: v1 });
    await op(p, { code: 'recette', amount: 8_000, date: '2025-02-05T10:00:00' });
    await op(p, { code: 'recette', amount: 10_000, date: '2025-03-14T19:00:00', driverId: d1, vehicleId: v1 });
    await op(p, { code: 'recette', amount: 13_000, date: '2025-03-15T08:00:00', driverId: d1, vehicleId: v1 });
    await op(p, { code: 'recette', amount: 99_000, date: '2025-03-15T09:00:00', driverId: d1, vehicleId: v1, cancelled: true });
    await op(p, { name: 'Apport du propriétaire', amount: 5_000, date: '2025-03-15T07:00:00' });
    await op(p, { code: 'carburant', amount: 3_000, date: '2025-03-10T07:00:00', driverId: d1, vehicleId: v1 });
    return { p, d1, v1 };
  }

  it('draws the evolution by month, ISO week and year: Autres, VTC (recette), Courses (zeros)', async () => {
    const { p } = await revenuePark();
    const month = (await ctx.api('GET', '/api/dashboard/park/revenue/evolution?year=2025', as(p.owner))).data as TRevenueEvolution;
    expect(month.graph).toBe('month');
    expect(month.periods).toHaveLength(12);
    expect(month.periods[2]).toEqual({ key: '2025-03', label: 'Mars', start_date: '2025-03-01', end_date: '2025-03-31' });
    const series = (e: TRevenueEvolution) => Object.fromEntries(e.series.map((s) => [s.name, s.data]));
    expect(series(month)).toEqual({
      Autres: [0, 0, 5_000, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      VTC: [10_000, 8_000, 23_000, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      Courses: Array(12).fill(0),
    });
    expect(month.total).toBe(46_000);

    const week = (await ctx.api('GET', '/api/dashboard/park/revenue/evolution?graph=week&year=2025', as(p.owner))).data as TRevenueEvolution;
    // ISO 2025: week 1 starts Monday 30 December 2024; 15 January is in week 3, 14-15 March in week 11.
    expect(week.periods).toHaveLength(52);
    expect(week.periods[0]).toMatchObject({ key: '2025-W01', label: 'S1', start_date: '2024-12-30', end_date: '2025-01-05' });
    const vtc = series(week).VTC;
    expect([vtc[2], vtc[5], vtc[10]]).toEqual([10_000, 8_000, 23_000]);
    expect(vtc.reduce((a, b) => a + b, 0)).toBe(41_000);

    const year = (await ctx.api('GET', '/api/dashboard/park/revenue/evolution?graph=year&year=2025', as(p.owner))).data as TRevenueEvolution;
    expect(year.periods.map((x) => x.key)).toEqual(['2021', '2022', '2023', '2024', '2025']);
    expect(series(year)).toEqual({ Autres: [0, 0, 0, 0, 5_000], VTC: [0, 0, 0, 0, 41_000], Courses: [0, 0, 0, 0, 0] });
  });

  it('gives the turnover of the park, of a driver and of a vehicle against the same days last month, and its series', async () => {
    const { p, d1, v1 } = await revenuePark();
    const q = 'start_date=2025-03-01&end_date=2025-03-15';
    const global = (await ctx.api('GET', `/api/dashboard/park/ca-global?${q}`, as(p.owner))).data as TCaTotals;
    expect(global.period).toEqual({ start_date: '2025-03-01T00:00:00', end_date: '2025-03-15T23:59:59' });
    expect(global.previous_period).toEqual({ start_date: '2025-02-01T00:00:00', end_date: '2025-02-15T23:59:59' });
    expect(global.total).toEqual({ amount: 28_000, previous: 8_000, percentage: 250, trend: 'up' });
    expect(global.vtc).toMatchObject({ amount: 23_000, previous: 8_000 });
    expect(global.autres).toMatchObject({ amount: 5_000, previous: 0 });
    expect(global.courses).toEqual({ amount: 0, previous: 0, percentage: 0, trend: 'unchanged' });

    const byDriver = (await ctx.api('GET', `/api/dashboard/park/ca-individual?${q}&driver_id=${d1}`, as(p.owner))).data as TCaTotals;
    expect(byDriver).toMatchObject({ driver_id: d1, vehicle_id: null, total: { amount: 23_000, previous: 0, trend: 'up' }, autres: { amount: 0 } });
    const byVehicle = (await ctx.api('GET', `/api/dashboard/park/ca-individual?${q}&vehicle_id=${v1}`, as(p.owner))).data as TCaTotals;
    expect(byVehicle.total.amount).toBe(23_000);
    const neither = await ctx.api('GET', `/api/dashboard/park/ca-individual?${q}`, as(p.owner));
    expect([neither.status, neither.message]).toEqual([400, 'Précisez un chauffeur ou un véhicule (un seul des deux)']);
    const both = await ctx.api('GET', `/api/dashboard/park/ca-individual?${q}&driver_id=${d1}&vehicle_id=${v1}`, as(p.owner));
    expect(both.status).toBe(400);

    const graph = (await ctx.api('GET', `/api/dashboard/park/graph-ca-global?${q}`, as(p.owner))).data as TCaGraph;
    expect(graph.unit).toBe('day');
    expect(graph.points).toHaveLength(15);
    expect(graph.points.at(-1)).toEqual({ key: '2025-03-15', total: 18_000, vtc: 13_000, autres: 5_000, courses: 0 });
    expect(graph.points.at(-2)).toMatchObject({ key: '2025-03-14', total: 10_000 });

    const yearly = (await ctx.api('GET', `/api/dashboard/park/graph-ca-individual?start_date=2025-01-01&end_date=2025-12-31&vehicle_id=${v1}`, as(p.owner))).data as TCaGraph;
    expect(yearly.unit).toBe('month');
    expect(yearly.points.map((x) => x.total)).toEqual([10_000, 0, 23_000, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    const parkYear = (await ctx.api('GET', '/api/dashboard/park/graph-ca-global?start_date=2025-01-10&end_date=2025-12-31', as(p.owner))).data as TCaGraph;
    expect(parkYear.points.slice(0, 3).map((x) => [x.key, x.total])).toEqual([['2025-01', 10_000], ['2025-02', 8_000], ['2025-03', 28_000]]);
  });
});
