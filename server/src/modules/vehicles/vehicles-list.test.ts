import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { vehicleGroups, vehicles } from './vehicles.tables.ts';
import { ALL_DAYS, insertDriver, REF, todayWeekday, vehicleCalls } from './vehicle-test-helpers.ts';

// GET /api/vehicle: pages, search, filters and the driver of the day shown on each row.

let parks = 0;
let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Liste ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const { update, get, vehicle, planEveryDay } = vehicleCalls(() => ctx, () => owner);

describe('GET /api/vehicle (list)', () => {
  it('pages newest first with the total, and searches label, registration, brand and model', async () => {
    const a = await vehicle({ label: 'Berline Élégante', registration_number: 'LT-100-AA' });
    const b = await vehicle({ brand_id: REF.hyundai, model_id: REF.accent, registration_number: 'CE-200-BB' });
    const c = await vehicle({ model_id: REF.yaris, registration_number: 'OU-300-CC' });
    const page1 = await get('/api/vehicle?page=1&itemPerPage=2');
    expect(page1.data.meta).toEqual({ page: 1, itemPerPage: 2, total: 3 });
    expect(page1.data.items.map((v: { id: string }) => v.id)).toEqual([c.id, b.id]);
    expect((await get('/api/vehicle?page=2&itemPerPage=2')).data.items.map((v: { id: string }) => v.id)).toEqual([a.id]);

    const ids = async (search: string) => (await get(`/api/vehicle?itemPerPage=10&search=${encodeURIComponent(search)}`)).data.items.map((v: { id: string }) => v.id);
    expect(await ids('elegante')).toEqual([a.id]);
    expect(await ids('ce200')).toEqual([b.id]);
    expect(await ids('hyundai')).toEqual([b.id]);
    expect(await ids('yaris')).toEqual([c.id]);
    expect(await ids('toyota')).toEqual([c.id, a.id]);
    expect((await get('/api/vehicle?search=toyota&itemPerPage=1')).data.meta.total).toBe(2);
  });

  it('pages a search newest first with the total of every match, and keeps the other filters', async () => {
    const a = await vehicle({ model_id: REF.yaris, registration_number: 'LT-401-AA' });
    const b = await vehicle({ label: 'Yaris du parc', registration_number: 'LT-402-AA' });
    const c = await vehicle({ model_id: REF.yaris, registration_number: 'LT-403-AA' });
    await vehicle({ brand_id: REF.hyundai, model_id: REF.accent, registration_number: 'LT-404-AA' });
    const page = async (n: number) => (await get(`/api/vehicle?search=yaris&page=${n}&itemPerPage=2`)).data;
    const p1 = await page(1);
    expect(p1.meta).toEqual({ page: 1, itemPerPage: 2, total: 3 });
    expect(p1.items.map((v: { id: string }) => v.id)).toEqual([c.id, b.id]);
    expect((await page(2)).items.map((v: { id: string }) => v.id)).toEqual([a.id]);
    expect(await page(3)).toEqual({ items: [], meta: { page: 3, itemPerPage: 2, total: 3 } });
    await get(`/api/vehicle/deactivate/${c.id}`);
    const active = await get('/api/vehicle?search=yaris&status=active&itemPerPage=10');
    expect(active.data.meta.total).toBe(2);
    expect(active.data.items.map((v: { id: string }) => v.id)).toEqual([b.id, a.id]);
  });

  it('filters by stored status and by group', async () => {
    const a = await vehicle();
    const b = await vehicle();
    await get(`/api/vehicle/deactivate/${b.id}`);
    const [group] = await ctx.database.db.insert(vehicleGroups).values({ parkId: fx.park.id, title: 'Nord' }).returning();
    await ctx.database.db.update(vehicles).set({ groupId: group.id }).where(eq(vehicles.id, a.id));

    const active = await get('/api/vehicle?status=active');
    expect(active.data.items.map((v: { id: string }) => v.id)).toEqual([a.id]);
    expect((await get('/api/vehicle?status=deactivated')).data.items.map((v: { id: string }) => v.id)).toEqual([b.id]);
    const grouped = await get(`/api/vehicle?group=${group.id}`);
    expect(grouped.data.items).toHaveLength(1);
    expect(grouped.data.items[0].group).toEqual({ id: group.id, title: 'Nord' });
    expect((await get('/api/vehicle?status=perdu')).status).toBe(400);
  });

  it('shows the current driver, and neutral for an active vehicle nobody drives today', async () => {
    const driven = await vehicle();
    const idle = await vehicle();
    const offToday = await vehicle();
    const d1 = await insertDriver(ctx, fx.park.id, { firstName: 'Awa', lastName: 'Fotso' });
    const d2 = await insertDriver(ctx, fx.park.id, { lastName: 'Mvondo' });
    await planEveryDay(driven.id, d1);
    const otherDays = ALL_DAYS.filter((d) => d !== todayWeekday());
    const r = await update(offToday.id, { update_type: 'planning', config: { work_planning: 'daily', number_drivers: 1, profiles: [{ driver_id: d2, work_day: otherDays }] } });
    expect(r.code, r.message).toBe(5000);

    const list = await get('/api/vehicle?itemPerPage=10');
    const byId = Object.fromEntries(list.data.items.map((v: { id: string }) => [v.id, v]));
    expect(byId[driven.id]).toMatchObject({ status: 'active', display_status: 'active', has_config: true, current_driver: { id: d1, first_name: 'Awa', last_name: 'Fotso' } });
    expect(byId[idle.id]).toMatchObject({ status: 'active', display_status: 'neutral', has_config: false, current_driver: null });
    expect(byId[offToday.id]).toMatchObject({ status: 'active', display_status: 'neutral', has_config: true, current_driver: null });
  });

  it('answers every row as the vehicle detail shows it (a page is one statement, a vehicle another)', async () => {
    const driven = await vehicle({ label: 'Corolla du jour' });
    const shared = await vehicle({ model_id: REF.yaris });
    const off = await vehicle();
    const d1 = await insertDriver(ctx, fx.park.id, { firstName: 'Awa', lastName: 'Fotso' });
    await planEveryDay(driven.id, d1);
    const morning = await insertDriver(ctx, fx.park.id, { lastName: 'Matin' });
    const evening = await insertDriver(ctx, fx.park.id, { lastName: 'Soir' });
    const r = await update(shared.id, {
      update_type: 'planning',
      config: { work_planning: 'hourly', number_drivers: 2, start_date: '00:00', end_date: '23:59', passation_date: '12:00', profiles: [{ driver_id: morning, work_day: ALL_DAYS, hour_interval_id: 1 }, { driver_id: evening, work_day: ALL_DAYS, hour_interval_id: 2 }] },
    });
    expect(r.code, r.message).toBe(5000);
    const [group] = await ctx.database.db.insert(vehicleGroups).values({ parkId: fx.park.id, title: 'Sud' }).returning();
    await ctx.database.db.update(vehicles).set({ groupId: group.id }).where(eq(vehicles.id, off.id));
    await get(`/api/vehicle/deactivate/${off.id}`);
    for (const url of ['/api/vehicle?itemPerPage=10', '/api/vehicle?itemPerPage=2&page=2', '/api/vehicle?itemPerPage=10&search=toyota']) {
      const page = await get(url);
      expect(page.code, page.message).toBe(5000);
      expect(page.data.items.length).toBeGreaterThan(0);
      for (const item of page.data.items) {
        const detail = (await get(`/api/vehicle/${item.id}`)).data;
        expect(item).toEqual(Object.fromEntries(Object.keys(item).map((k) => [k, detail[k]])));
      }
    }
    const all = (await get('/api/vehicle?itemPerPage=10')).data.items;
    expect(all.find((v: { id: string }) => v.id === driven.id).current_driver).toMatchObject({ id: d1 });
    expect(all.find((v: { id: string }) => v.id === off.id)).toMatchObject({ group: { id: group.id, title: 'Sud' }, status: 'deactivated' });
  });

  it('lists, for available_on_date, the active vehicles no planning makes work that weekday', async () => {
    const monday = '2026-03-02';
    const free = await vehicle();
    const mondays = await vehicle();
    const tuesdays = await vehicle();
    const off = await vehicle();
    const d1 = await insertDriver(ctx, fx.park.id, { lastName: 'Un' });
    const d2 = await insertDriver(ctx, fx.park.id, { lastName: 'Deux' });
    const plan = (id: string, driver: string, days: number[]) =>
      update(id, { update_type: 'planning', config: { work_planning: 'daily', number_drivers: 1, profiles: [{ driver_id: driver, work_day: days }] } });
    expect((await plan(mondays.id, d1, [1])).code).toBe(5000);
    expect((await plan(tuesdays.id, d2, [2])).code).toBe(5000);
    await get(`/api/vehicle/deactivate/${off.id}`);
    const r = await get(`/api/vehicle?available_on_date=${monday}&itemPerPage=10`);
    expect(r.data.items.map((v: { id: string }) => v.id).sort()).toEqual([free.id, tuesdays.id].sort());
    expect((await get('/api/vehicle?available_on_date=2026-02-30')).status).toBe(400);
  });
});

