import { forgetLiveBalances } from './yango-activity.ts';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TYangoActivity, TYangoReconciliation } from '@flotte/contract/yango';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { as, memberWith } from '../operations/operations-test-helpers.ts';
import { parks } from '../access/access.tables.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { apiKeyContext } from './yango-credentials.ts';
import type { YangoDeps } from './yango.deps.ts';
import { yangoConnections, yangoDriverLinks, yangoOrders, yangoTransactions } from './yango.tables.ts';

/**
 * A driver's Yango activity and the dashboard's reconciliation against hand-built copies
 * (yango_transactions and yango_orders written here, as the sync would), through the routes:
 * sums per part, work time, orders, the recipes beside them, the live balance (null when Yango
 * fails), the default period, and another park's driver never found.
 */
let ctx: TestContext;
let deps: YangoDeps;
let sim: YangoSimulator;
beforeAll(async () => {
  ctx = await createTestContext();
  deps = ctx.app.yango;
  sim = (await deps.api.simulator())!;
  sim.setRandom429Rate(0);
});
afterAll(() => ctx.close());

const TZ = 'Africa/Douala';
const at = (wire: string) => fromWireDate(wire, TZ);
const MARCH = 'start_date=2025-03-01T00:00:00&end_date=2025-03-31T23:59:59';

interface Park {
  id: string;
  owner: SignedIn;
  currency: string;
  /** The simulator's park it is connected to. */
  simPark: string | null;
}

async function freshPark(connected = true): Promise<Park> {
  const fx = await ctx.createPark({ name: 'Parc Activité Yango' });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  const [p] = await ctx.database.db.select({ currency: parks.currency }).from(parks).where(eq(parks.id, fx.park.id));
  let simParkId: string | null = null;
  if (connected) {
    const simPark = sim.addPark({ id: `act-${randomBytes(4).toString('hex')}` }, { drivers: 3 });
    await ctx.database.db.insert(yangoConnections).values({
      parkId: fx.park.id,
      clientId: simPark.clientId,
      yangoParkId: simPark.id,
      apiKeySealed: deps.box.seal(simPark.apiKey, apiKeyContext(fx.park.id)),
      apiKeyLast4: simPark.apiKey.slice(-4),
    });
    simParkId = simPark.id;
  }
  return { id: fx.park.id, owner, currency: p.currency, simPark: simParkId };
}

async function driver(p: Park, yangoId?: string): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [d] = await ctx.database.db.insert(drivers).values({ parkId: p.id, firstName: 'Moussa', lastName: 'Traoré', phone }).returning({ id: drivers.id });
  if (yangoId) await ctx.database.db.insert(yangoDriverLinks).values({ driverId: d.id, parkId: p.id, yangoId, recipesSince: '2020-01-01' });
  return d.id;
}

let txN = 0;
async function tx(p: Park, driverId: string, wire: string, categoryId: string, amount: number, vehicleId: string | null = null) {
  txN += 1;
  await ctx.database.db.insert(yangoTransactions).values({ parkId: p.id, yangoTxId: `tx-${txN}`, driverId, eventAt: at(wire), categoryId, amount, currency: 'XOF', vehicleId });
}

async function order(p: Park, driverId: string, v: { booked: string; ended: string; price: number; mileageM?: number; status?: string }) {
  txN += 1;
  await ctx.database.db
    .insert(yangoOrders)
    .values({ parkId: p.id, yangoOrderId: `o-${txN}`, driverId, status: v.status ?? 'complete', bookedAt: at(v.booked), endedAt: at(v.ended), price: v.price, currency: 'XOF', mileageM: v.mileageM ?? null });
}

async function recipe(p: Park, driverId: string, v: { day: string; objective: number; collected: number; vehicleId?: string | null; kind?: 'expected' | 'debt'; deleted?: boolean }) {
  await ctx.database.db.insert(recipes).values({
    parkId: p.id,
    kind: v.kind ?? 'expected',
    driverId,
    vehicleId: v.vehicleId ?? null,
    day: v.day,
    periodStart: v.day,
    periodEnd: v.day,
    objective: v.objective,
    collected: v.collected,
    deletedAt: v.deleted ? new Date() : null,
  });
}

describe('GET /yango/yango-transaction/:yango_id', () => {
  it('sums the copied activity per part, with work time, orders, recipes and the live balance', async () => {
    const p = await freshPark();
    const yangoDriver = sim.addDriver(p.simPark!, { phone: '+2250799887766', balance: 150_000, balanceLimit: 5_000 });
    const d = await driver(p, yangoDriver.id);
    await tx(p, d, '2025-03-02T09:00:00', 'cash_collected', 10_000);
    await tx(p, d, '2025-03-02T09:00:01', 'platform_ride_card', 5_000);
    await tx(p, d, '2025-03-02T09:00:02', 'platform_ride_fee', -2_700);
    await tx(p, d, '2025-03-02T09:00:03', 'platform_ride_tips', 500);
    await tx(p, d, '2025-03-02T09:00:04', 'promotion_discount', 300);
    await tx(p, d, '2025-03-20T22:00:00', 'platform_bonus', 2_000);
    await tx(p, d, '2025-03-20T23:00:00', 'partner_service_manual', -1_000); // not revenue
    await tx(p, d, '2025-04-01T00:00:00', 'cash_collected', 99_999); // after the period
    await order(p, d, { booked: '2025-03-02T10:00:00', ended: '2025-03-02T10:30:00', price: 3_000, mileageM: 5_200 });
    await order(p, d, { booked: '2025-03-03T12:00:00', ended: '2025-03-03T13:00:00', price: 4_500, mileageM: 10_450 });
    await order(p, d, { booked: '2025-03-03T14:00:00', ended: '2025-03-03T14:05:00', price: 0, status: 'cancelled' });
    await recipe(p, d, { day: '2025-03-10', objective: 8_000, collected: 5_000 });
    await recipe(p, d, { day: '2025-03-11', objective: 4_000, collected: 0, deleted: true });
    await recipe(p, d, { day: '2025-03-12', objective: 3_000, collected: 0, kind: 'debt' });
    await recipe(p, d, { day: '2025-04-01', objective: 6_000, collected: 6_000 });

    const r = await ctx.api('GET', `/api/yango/yango-transaction/${yangoDriver.id}?${MARCH}`, as(p.owner));
    expect(r.status).toBe(200);
    const a = r.data as TYangoActivity;
    expect(a.currency).toBe('XOF');
    expect(a.balance).toEqual({
      total: 15_100,
      cash_collected: 10_000,
      platform_card: 5_000,
      platform_corporate: 0,
      platform_tip: 500,
      platform_promotion: 300,
      platform_bonus: 2_000,
      platform_fees: -2_700,
    });
    // 30 + 60 minutes on completed orders: 15,100 over 1.5 hours.
    expect(a.work_time).toEqual({ seconds: 5_400, mph: 10_067 });
    expect(a.orders).toEqual({ count_completed: 2, price: 7_500, mileage: 15.7 });
    expect(a.recipes).toEqual({ currency: p.currency, expected: 8_000, collected: 5_000 });
    expect(a.yango_balance).toEqual({ balance: 150_000, balance_limit: 5_000, currency: 'XOF' });
    expect([a.start_date, a.end_date, a.driver_id, a.synced_at, a.sync_error]).toEqual(['2025-03-01T00:00:00', '2025-03-31T23:59:59', d, null, null]);

    // The driver's detail reads the same by his id.
    const byDriver = await ctx.api('GET', `/api/yango/activity/${d}?${MARCH}`, as(p.owner));
    expect(byDriver.data).toEqual(a);

    // Yango down: the balance read a moment ago is kept a minute; once forgotten, the activity
    // still answers, without the live balance.
    sim.failNext(2, 500);
    const kept = await ctx.api('GET', `/api/yango/yango-transaction/${yangoDriver.id}?${MARCH}`, as(p.owner));
    expect(kept.data.yango_balance).toEqual({ balance: 150_000, balance_limit: 5_000, currency: 'XOF' });
    forgetLiveBalances();
    const down = await ctx.api('GET', `/api/yango/yango-transaction/${yangoDriver.id}?${MARCH}`, as(p.owner));
    expect(down.status).toBe(200);
    expect(down.data.yango_balance).toBeNull();
    expect(down.data.balance.total).toBe(15_100);
  });

  it('defaults to the current month up to now, refuses an end before the start, and needs VIEW_DRIVERS', async () => {
    const p = await freshPark(false);
    const d = await driver(p, 'yango-default-period');
    const now = new Date();
    const nowWire = toWireDate(now, TZ);
    const monthStart = `${nowWire.slice(0, 8)}01T00:00:00`;
    await tx(p, d, toWireDate(new Date(now.getTime() - 60_000), TZ) < monthStart ? monthStart : toWireDate(new Date(now.getTime() - 60_000), TZ), 'cash_collected', 1_000);
    await tx(p, d, toWireDate(new Date(at(monthStart).getTime() - 3_600_000), TZ), 'cash_collected', 50_000); // last month
    const r = await ctx.api('GET', '/api/yango/yango-transaction/yango-default-period', as(p.owner));
    expect(r.status).toBe(200);
    expect(r.data.start_date).toBe(monthStart);
    expect(r.data.end_date >= nowWire).toBe(true);
    expect(r.data.balance.total).toBe(1_000);
    // Not connected: no live balance, never a failure.
    expect(r.data.yango_balance).toBeNull();

    const reversed = await ctx.api('GET', '/api/yango/yango-transaction/yango-default-period?start_date=2025-03-31T00:00:00&end_date=2025-03-01T00:00:00', as(p.owner));
    expect([reversed.status, reversed.message]).toEqual([400, 'La date de fin doit être postérieure ou égale à la date de début']);

    const stranger = await memberWith(ctx, p.owner, p.id, ['VIEW_PLANNING']);
    expect((await ctx.api('GET', '/api/yango/yango-transaction/yango-default-period', as(stranger))).status).toBe(403);
    const reader = await memberWith(ctx, p.owner, p.id, ['VIEW_DRIVERS']);
    expect((await ctx.api('GET', '/api/yango/yango-transaction/yango-default-period', as(reader))).status).toBe(200);
  });

  it('never finds another park’s driver, by Yango id or by driver id', async () => {
    const a = await freshPark(false);
    const b = await freshPark(false);
    const dB = await driver(b, 'yango-of-park-b');
    await tx(b, dB, '2025-03-02T09:00:00', 'cash_collected', 10_000);
    for (const url of ['/api/yango/yango-transaction/yango-of-park-b', `/api/yango/activity/${dB}`, '/api/yango/activity/not-an-id']) {
      const r = await ctx.api('GET', `${url}?${MARCH}`, as(a.owner));
      expect([r.status, r.code, r.data ?? null]).toEqual([404, 4841, null]);
    }
    // An unlinked driver of one's own park: not linked either.
    const plain = await driver(a);
    expect((await ctx.api('GET', `/api/yango/activity/${plain}`, as(a.owner))).code).toBe(4841);
  });
});

describe('GET /yango/reconciliation', () => {
  it('sets Yango revenue beside the linked drivers’ recipes, for the park and per vehicle', async () => {
    const p = await freshPark();
    const v1 = await insertVehicle(ctx.database.db, p.id, { registration: `AB-${randomBytes(2).toString('hex')}-01`, label: 'Corolla 1' });
    const v2 = await insertVehicle(ctx.database.db, p.id, { registration: `CD-${randomBytes(2).toString('hex')}-02` });
    const d1 = await driver(p, 'rec-1');
    const d2 = await driver(p, 'rec-2');
    const d3 = await driver(p); // not linked: his recipes are not compared
    await tx(p, d1, '2025-03-05T10:00:00', 'cash_collected', 10_000, v1);
    await tx(p, d1, '2025-03-05T10:00:01', 'platform_ride_fee', -1_800, v1);
    await tx(p, d1, '2025-03-05T11:00:00', 'partner_service_manual', -500, v1); // not revenue
    await tx(p, d1, '2025-03-06T22:00:00', 'platform_bonus', 2_000, null); // no vehicle: the park's total only
    await tx(p, d2, '2025-03-07T10:00:00', 'platform_ride_card', 20_000, v2);
    await tx(p, d1, '2025-02-28T10:00:00', 'cash_collected', 99_999, v1); // before the period
    await recipe(p, d1, { day: '2025-03-05', objective: 8_000, collected: 8_000, vehicleId: v1 });
    await recipe(p, d1, { day: '2025-03-06', objective: 5_000, collected: 0, vehicleId: v1, deleted: true });
    await recipe(p, d2, { day: '2025-03-07', objective: 15_000, collected: 10_000, vehicleId: v2 });
    await recipe(p, d3, { day: '2025-03-07', objective: 7_000, collected: 7_000, vehicleId: v1 });
    await recipe(p, d2, { day: '2025-04-01', objective: 9_000, collected: 9_000, vehicleId: v2 });

    const r = await ctx.api('GET', `/api/yango/reconciliation?${MARCH}`, as(p.owner));
    expect(r.status).toBe(200);
    const rec = r.data as TYangoReconciliation;
    expect([rec.connected, rec.linked_drivers, rec.yango_currency, rec.currency]).toEqual([true, 2, 'XOF', p.currency]);
    expect(rec.totals).toEqual({ yango_revenue: 30_200, expected: 23_000, collected: 18_000 });
    expect(rec.vehicles.map((v) => [v.vehicle_id, v.label, v.yango_revenue, v.expected, v.collected])).toEqual([
      [v2, null, 20_000, 15_000, 10_000],
      [v1, 'Corolla 1', 8_200, 8_000, 8_000],
    ]);

    const noFinance = await memberWith(ctx, p.owner, p.id, ['VIEW_DASHBOARD']);
    expect((await ctx.api('GET', '/api/yango/reconciliation', as(noFinance))).status).toBe(403);
  });

  it('answers zeros for a park without Yango', async () => {
    const p = await freshPark(false);
    const r = await ctx.api('GET', '/api/yango/reconciliation', as(p.owner));
    expect(r.status).toBe(200);
    expect([r.data.connected, r.data.linked_drivers, r.data.totals, r.data.vehicles]).toEqual([false, 0, { yango_revenue: 0, expected: 0, collected: 0 }, []]);
  });
});
