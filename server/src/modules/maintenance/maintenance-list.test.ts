import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TMaintenance, TMaintenanceStatus } from '@flotte/contract';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { dayFromNow, insertComponent, insertSupplier, maintenanceCalls, REPAIR } from './maintenance-test-helpers.ts';
import { maintenanceItems, maintenances } from './maintenance.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
let car: string;
let van: string;
let garage: string;
let pads: number;
const { get } = maintenanceCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Liste ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  car = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}00-LI` });
  van = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}01-LI` });
  garage = await insertSupplier(ctx, fx.park.id, { name: 'Garage Bonamoussadi' });
  pads = await insertComponent(ctx, fx.park.id, 'Plaquettes');
});
afterAll(() => ctx?.close());

/** A maintenance written straight into its table, from `from` to `to` days from now (whole days). */
async function insert(vehicleId: string, from: number, to: number, v: { status?: TMaintenanceStatus; supplierId?: string; amount?: number; estimated?: number } = {}) {
  const [row] = await ctx.database.db
    .insert(maintenances)
    .values({
      parkId: fx.park.id,
      vehicleId,
      supplierId: v.supplierId ?? null,
      durationChoice: 3,
      startAt: fromWireDate(dayFromNow(from)),
      endAt: fromWireDate(dayFromNow(to, '23:59:59')),
      status: v.status ?? 'available',
      estimatedAmount: v.estimated ?? 2000,
      amount: v.amount ?? null,
      finishedAt: v.status === 'finished' ? new Date() : null,
      canceledAt: v.status === 'canceled' ? new Date() : null,
    })
    .returning({ id: maintenances.id });
  await ctx.database.db.insert(maintenanceItems).values({ maintenanceId: row.id, repairTypeId: REPAIR.maintain, componentId: pads, estimatedAmount: v.estimated ?? 2000, amount: v.amount ?? null });
  return row.id;
}

const ids = (items: TMaintenance[]) => items.map((m) => m.id);
const list = async (query = '') => {
  const r = await get(`/api/entretien?itemPerPage=50${query}`);
  expect(r.code, r.message).toBe(5000);
  return r.data as { items: TMaintenance[]; meta: { page: number; itemPerPage: number; total: number; total_is_lower_bound: boolean } };
};

describe('GET /entretien', () => {
  it('lists the latest start first, with its state computed from now', async () => {
    const toClose = await insert(car, -10, -8);
    const running = await insert(car, -1, 1);
    const scheduled = await insert(van, 5, 6, { supplierId: garage });
    const finished = await insert(van, -20, -19, { status: 'finished', amount: 3500, estimated: 2000 });
    const canceled = await insert(car, -30, -29, { status: 'canceled' });
    const page = await list();
    expect(ids(page.items)).toEqual([scheduled, running, toClose, finished, canceled]);
    expect(page.items.map((m) => m.state)).toEqual(['scheduled', 'in_progress', 'to_close', 'finished', 'canceled']);
    expect(page.meta).toEqual({ page: 1, itemPerPage: 50, total: 5, total_is_lower_bound: false });
    const done = page.items.find((m) => m.id === finished)!;
    // The amount is what was paid once finished, the estimate before.
    expect([done.amount, done.estimated_amount, done.available]).toEqual([3500, 2000, false]);
    expect(done.components[0].car_component[0]).toMatchObject({ component_id: pads, amount: 3500, estimated_amount: 2000 });
    expect(page.items.find((m) => m.id === scheduled)!.supplier).toEqual({ id: garage, name: 'Garage Bonamoussadi' });
  });

  it('filters by state, vehicle, supplier and period', async () => {
    const toClose = await insert(car, -10, -8);
    const running = await insert(car, -1, 1);
    const scheduled = await insert(van, 5, 6, { supplierId: garage });
    const finished = await insert(van, -20, -19, { status: 'finished', amount: 3500 });
    const canceled = await insert(car, -30, -29, { status: 'canceled' });
    expect(ids((await list('&status=scheduled')).items)).toEqual([scheduled]);
    expect(ids((await list('&status=in_progress')).items)).toEqual([running]);
    expect(ids((await list('&status=to_close')).items)).toEqual([toClose]);
    expect(ids((await list('&status=available')).items)).toEqual([scheduled, running, toClose]);
    expect(ids((await list('&status=finished')).items)).toEqual([finished]);
    expect(ids((await list('&status=canceled')).items)).toEqual([canceled]);
    expect(ids((await list(`&vehicle_id=${van}`)).items)).toEqual([scheduled, finished]);
    expect(ids((await list(`&supplier_id=${garage}`)).items)).toEqual([scheduled]);
    expect(ids((await list(`&vehicle_id=${car}&status=to_close`)).items)).toEqual([toClose]);
    // A period holds what meets it: the running one (from yesterday) and the one ended 8 days ago.
    const from = dayFromNow(-9).slice(0, 10);
    const to = dayFromNow(0).slice(0, 10);
    expect(ids((await list(`&start_date=${from}&end_date=${to}`)).items)).toEqual([running, toClose]);
    expect(ids((await list(`&start_date=${dayFromNow(7).slice(0, 10)}`)).items)).toEqual([]);
  });

  it('pages through them', async () => {
    const all: string[] = [];
    for (let i = 0; i < 7; i++) all.unshift(await insert(car, i * 2, i * 2));
    const first = await get('/api/entretien?page=1&itemPerPage=5');
    expect(ids(first.data.items)).toEqual(all.slice(0, 5));
    expect(first.data.meta).toEqual({ page: 1, itemPerPage: 5, total: 7, total_is_lower_bound: false });
    const second = await get('/api/entretien?page=2&itemPerPage=5');
    expect(ids(second.data.items)).toEqual(all.slice(5));
    const beyond = await get('/api/entretien?page=4&itemPerPage=5');
    expect(beyond.data).toEqual({ items: [], meta: { page: 4, itemPerPage: 5, total: 7, total_is_lower_bound: false } });
  });

  it('answers bad filters in French', async () => {
    expect((await get('/api/entretien?status=open')).message).toBe('Statut invalide');
    expect((await get('/api/entretien?vehicle_id=abc')).message).toBe('Identifiant invalide');
    expect((await get('/api/entretien?start_date=2026-02-30')).status).toBe(400);
    expect((await get('/api/entretien/not-an-id')).status).toBe(404);
  });
});
