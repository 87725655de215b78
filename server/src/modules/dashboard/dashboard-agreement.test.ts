import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TFleetDetails } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { drivers } from '../drivers/drivers.tables.ts';
import { as, memberWith } from '../operations/operations-test-helpers.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { vehicleDocuments } from '../vehicles/vehicles.tables.ts';
import { addDays, monthStart } from './dashboard.days.ts';

/**
 * Issue 17 section 4: a dashboard card says what the screen it opens says. Each test writes a
 * park, then asks both endpoints as a person would (today is the real today of the park) and
 * compares: the uncollected total with Encaissements' list, the documents to renew with their
 * list (the expired ones apart), the drivers and vehicles with their lists, and the trend of those
 * with the count at the end of last month.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const TZ = 'Africa/Douala';

async function freshPark(): Promise<{ id: string; owner: SignedIn; today: string }> {
  const fx = await ctx.createPark({ name: 'Parc des cartes justes' });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { id: fx.park.id, owner, today: toWireDate(new Date(), TZ).slice(0, 10) };
}

async function driver(parkId: string, createdAt?: Date, deactivated = false): Promise<string> {
  const phone = `+2376${(randomBytes(4).readUInt32BE(0) % 100_000_000).toString().padStart(8, '0')}`;
  const [row] = await ctx.database.db
    .insert(drivers)
    .values({ parkId, firstName: 'Awa', lastName: 'Diallo', phone, desactivateAt: deactivated ? new Date() : null, ...(createdAt ? { createdAt } : {}) })
    .returning({ id: drivers.id });
  return row.id;
}

async function recipe(parkId: string, v: { driverId: string; vehicleId: string; day: string; objective: number; collected?: number; kind?: 'expected' | 'debt'; deleted?: boolean }) {
  const collected = v.collected ?? 0;
  await ctx.database.db.insert(recipes).values({
    parkId,
    kind: v.kind ?? 'expected',
    driverId: v.driverId,
    vehicleId: v.vehicleId,
    day: v.day,
    periodStart: v.day,
    periodEnd: v.day,
    objective: v.objective,
    collected,
    paidAt: collected >= v.objective ? new Date() : null,
    deletedAt: v.deleted ? new Date() : null,
    deleteComment: v.deleted ? 'Doublon' : null,
  });
}

const details = async (who: SignedIn) => {
  const r = await ctx.api('GET', '/api/dashboard/fleet/details', as(who));
  expect(r.status, r.message).toBe(200);
  return r.data as TFleetDetails;
};

describe('the dashboard agrees with the screens it opens', () => {
  it("'Recettes non encaissées' is Encaissements' 'Non encaissées' total", async () => {
    const p = await freshPark();
    const d1 = await driver(p.id);
    const d2 = await driver(p.id);
    const v1 = await insertVehicle(ctx.database.db, p.id, { registration: 'AG-001-A' });
    // Today's partly collected, yesterday's untouched, an old one partly paid, a debt, one dated
    // tomorrow (a weekly collection); a paid one and a deleted one, which owe nothing.
    await recipe(p.id, { driverId: d1, vehicleId: v1, day: p.today, objective: 8_000, collected: 3_000 });
    await recipe(p.id, { driverId: d2, vehicleId: v1, day: addDays(p.today, -1), objective: 10_000 });
    await recipe(p.id, { driverId: d1, vehicleId: v1, day: addDays(p.today, -20), objective: 6_000, collected: 1_000 });
    await recipe(p.id, { driverId: d2, vehicleId: v1, day: addDays(p.today, -3), objective: 4_000, kind: 'debt' });
    await recipe(p.id, { driverId: d2, vehicleId: v1, day: addDays(p.today, 1), objective: 2_000 });
    await recipe(p.id, { driverId: d1, vehicleId: v1, day: addDays(p.today, -2), objective: 9_000, collected: 9_000 });
    await recipe(p.id, { driverId: d1, vehicleId: v1, day: addDays(p.today, -4), objective: 7_000, deleted: true });

    const card = (await details(p.owner)).previous_receipts_not_collected;
    const unpaid = await ctx.api('GET', '/api/transaction/unpaid/recipes/history?page=1&itemPerPage=100', as(p.owner));
    expect(unpaid.status, unpaid.message).toBe(200);
    expect(card?.amount).toBe(unpaid.data.total_remaining);
    expect(card?.amount).toBe(5_000 + 10_000 + 5_000 + 4_000 + 2_000);
    const listed = unpaid.data.items.flatMap((day: { recipes: unknown[] }) => day.recipes);
    expect(card?.count).toBe(listed.length);
  });

  it("'Documents à renouveler' is the count of the expiring list, the expired ones told apart", async () => {
    const p = await freshPark();
    const v1 = await insertVehicle(ctx.database.db, p.id, { registration: 'AG-101-A' });
    const v2 = await insertVehicle(ctx.database.db, p.id, { registration: 'AG-102-A' });
    const doc = (vehicleId: string, documentTypeId: number, endDate: string) =>
      ctx.database.db.insert(vehicleDocuments).values({ parkId: p.id, vehicleId, documentTypeId, startDate: '2020-01-01', endDate });
    await doc(v1, 1, addDays(p.today, -90)); // expired long ago, never renewed
    await doc(v1, 2, addDays(p.today, -1)); // expired yesterday
    await doc(v1, 3, p.today); // its last valid day: not expired yet
    await doc(v2, 1, addDays(p.today, 30)); // the window's last day
    await doc(v2, 2, addDays(p.today, 31)); // outside the window
    await doc(v2, 3, addDays(p.today, -10)); // renewed: the old one is history ...
    await doc(v2, 3, addDays(p.today, 200)); // ... and the new one far away

    const card = (await details(p.owner)).future_expired_doc;
    const list = await ctx.api('GET', '/api/vehicle-document/future-expired?itemPerPage=100', as(p.owner));
    expect(list.status, list.message).toBe(200);
    expect(card.count).toBe(list.data.meta.total);
    expect(card.count).toBe(4);
    expect(card.expired).toBe(list.data.items.filter((d: { status: string }) => d.status === 'expired').length);
    expect(card.expired).toBe(2);
  });

  it('counts the drivers and vehicles of their lists, against the count at the end of last month', async () => {
    const p = await freshPark();
    const thisMonth = fromWireDate(`${monthStart(p.today)}T00:00:00`, TZ);
    const lastMonth = new Date(thisMonth.getTime() - 86_400_000);
    const longAgo = new Date(thisMonth.getTime() - 90 * 86_400_000);
    // At the end of last month: 2 drivers (one deactivated since; he still counts, as in the
    // list) and 1 vehicle. This month: one more driver, two more vehicles (one deactivated).
    await driver(p.id, longAgo);
    await driver(p.id, lastMonth, true);
    await driver(p.id, thisMonth);
    await insertVehicle(ctx.database.db, p.id, { registration: 'AG-201-A', createdAt: lastMonth });
    await insertVehicle(ctx.database.db, p.id, { registration: 'AG-202-A', createdAt: thisMonth });
    await insertVehicle(ctx.database.db, p.id, { registration: 'AG-203-A', createdAt: thisMonth, status: 'deactivated' });

    const d = await details(p.owner);
    const driverList = await ctx.api('GET', '/api/driver?itemPerPage=5', as(p.owner));
    const vehicleList = await ctx.api('GET', '/api/vehicle?itemPerPage=5', as(p.owner));
    expect(d.driver.total).toBe(driverList.data.meta.total);
    expect(d.vehicle.total).toBe(vehicleList.data.meta.total);
    expect(d.driver).toMatchObject({ total: 3, active: 2, previous: 2, trend: 'up', compared_with: 'end_of_last_month' });
    expect(d.vehicle).toMatchObject({ total: 3, active: 2, previous: 1, trend: 'up', compared_with: 'end_of_last_month' });
  });

  it('sends no amount to a profile without READ_FINANCE, and refuses it the revenue figures', async () => {
    const p = await freshPark();
    const cashier = await memberWith(ctx, p.owner, p.id, ['VIEW_DASHBOARD', 'ENCAISSER']);
    const d = await details(cashier);
    expect(d).toMatchObject({ receipts_expected_today: null, actual_recipe: null, previous_receipts_not_collected: null, balance: null });
    for (const url of ['/api/dashboard/park/revenue/evolution', '/api/dashboard/park/ca-global', '/api/dashboard/park/graph-ca-global']) {
      expect((await ctx.api('GET', url, as(cashier))).status, url).toBe(403);
    }

    const accountant = await memberWith(ctx, p.owner, p.id, ['VIEW_DASHBOARD', 'READ_FINANCE']);
    const seen = await details(accountant);
    expect(seen.previous_receipts_not_collected).toMatchObject({ amount: 0, count: 0 });
    expect(seen.balance).not.toBeNull();
    expect((await ctx.api('GET', '/api/dashboard/park/revenue/evolution', as(accountant))).status).toBe(200);
  });
});
