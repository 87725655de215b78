import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { addDriver, as, freshPhone, insertPlanning, insertVehicle, referenceIds, weekday } from './driver-test-helpers.ts';

// GET /api/driver reads a page in one statement, a single driver the other way (drivers.service.ts,
// driverViews): every row of a page must be that driver's own answer, field for field.

let parks = 0;
let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let refs: Awaited<ReturnType<typeof referenceIds>>;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await referenceIds(ctx.database.db);
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Liste Chauffeurs ${++parks}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const get = (url: string) => ctx.api('GET', url, as(owner));
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];

/** Drivers with licences, a photo-less vehicle of the day, another vehicle on other days, a suspended one. */
async function park() {
  const driver = async (last_name: string, first_name: string, extra: Record<string, unknown> = {}) =>
    addDriver(ctx, owner, { first_name, last_name, phone: freshPhone(), driver_type_id: refs.titulaire, ...extra });
  const licences = [
    { type: 'D', driver_licence_number: 'CM-D-9', permanent: true, delivery_at: '2021-06-30' },
    { type: 'B', driver_licence_number: 'CM-B-1', permanent: false, delivery_at: '2019-04-01', expire_at: '2029-04-01', country_delivery: 'CM' },
  ];
  const mbarga = await driver('Mbarga', 'Serge', { permis: licences, days_off: [7], cni_number: 'CNI-42', birthday: '1990-05-17', sex: 'men', start_work_at: '2024-01-02' });
  const mbarta = await driver('Mbarta', 'Alain', { email: 'alain@example.cm', place_birth: 'Douala', tag: 'nuit' });
  const essomba = await driver('Essomba', 'Jean');
  const suspended = await driver('Mbala', 'Paul');
  expect((await ctx.api('POST', '/api/driver/suspended', { ...as(owner), body: { driver_id: suspended.id, reason: 'Retards' } })).code).toBe(5000);
  const db = ctx.database.db;
  const today = weekday(toWireDate(new Date()).slice(0, 10));
  const todays = await insertVehicle(db, fx.park.id, { registration: 'LT-501-AA', label: 'Corolla 5', images: ['/api/file/00000000-0000-7000-8000-000000000005'] });
  const other = await insertVehicle(db, fx.park.id, { registration: 'LT-502-AA', createdAt: new Date('2025-01-01T00:00:00Z') });
  await insertPlanning(db, fx.park.id, todays, [{ driverId: mbarga.id, workDays: [today] }]);
  await insertPlanning(db, fx.park.id, other, [{ driverId: mbarga.id, workDays: ALL_DAYS.filter((d) => d !== today) }, { driverId: mbarta.id, workDays: ALL_DAYS }]);
  return { mbarga, mbarta, essomba, suspended };
}

/** Each row of the page equals GET /api/driver/{id} for that driver. */
async function expectRowsAreTheDrivers(url: string) {
  const page = await get(url);
  expect(page.code, page.message).toBe(5000);
  for (const item of page.data.items) {
    const one = await get(`/api/driver/${item.id}`);
    expect(item).toEqual(one.data);
  }
  return page.data;
}

describe('GET /api/driver (a page in one statement)', () => {
  it('answers every row as the driver is answered alone, with or without a search, on any page', async () => {
    const d = await park();
    const all = await expectRowsAreTheDrivers('/api/driver?page=1&itemPerPage=10');
    expect(all.items.map((x: { id: string }) => x.id)).toEqual([d.essomba.id, d.suspended.id, d.mbarga.id, d.mbarta.id]);
    expect(all.meta).toEqual({ page: 1, itemPerPage: 10, total: 4 });
    const mbarga = all.items[2];
    expect(mbarga.permis.map((l: { type: string }) => l.type)).toEqual(['B', 'D']);
    expect(mbarga.current_vehicle).toMatchObject({ registration_number: 'LT-501-AA', label: 'Corolla 5', brand: 'Toyota', model: 'Corolla' });
    expect(mbarga.current_vehicle.image).toMatch(/^\/api\/file\/signed\/00000000-0000-7000-8000-000000000005\?/);
    expect(all.items[3].current_vehicle).toMatchObject({ registration_number: 'LT-502-AA', image: null });

    const search = await expectRowsAreTheDrivers('/api/driver?page=1&itemPerPage=2&search=mbar');
    expect(search.items.map((x: { id: string }) => x.id)).toEqual([d.mbarga.id, d.mbarta.id]);
    expect(search.meta.total).toBe(2);
    const second = await expectRowsAreTheDrivers('/api/driver?page=2&itemPerPage=2');
    expect(second.items.map((x: { id: string }) => x.id)).toEqual([d.mbarga.id, d.mbarta.id]);
    expect(second.meta.total).toBe(4);
    const suspended = await expectRowsAreTheDrivers('/api/driver?status=suspended&search=mb');
    expect(suspended.items.map((x: { id: string }) => x.id)).toEqual([d.suspended.id]);
  });

  it('still counts every match on a page past the end, with a search or without', async () => {
    await park();
    expect((await get('/api/driver?page=9&itemPerPage=2')).data).toEqual({ items: [], meta: { page: 9, itemPerPage: 2, total: 4 } });
    expect((await get('/api/driver?page=9&itemPerPage=2&search=mbar')).data).toEqual({ items: [], meta: { page: 9, itemPerPage: 2, total: 2 } });
    expect((await get('/api/driver?search=zzzz')).data.meta.total).toBe(0);
  });
});
