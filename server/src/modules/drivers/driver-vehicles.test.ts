import { eq } from 'drizzle-orm';
import { vehicleConfigs } from '../vehicles/vehicles.tables.ts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { addDriver, as, freshPhone, insertPlanning, insertVehicle, referenceIds, weekday } from './driver-test-helpers.ts';
import { assignableDrivers } from './drivers.service.ts';

let parks = 0;
const uniquePark = (name: string) => `${name} ${++parks}`;

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let refs: Awaited<ReturnType<typeof referenceIds>>;

beforeAll(async () => {
  ctx = await createTestContext();
  refs = await referenceIds(ctx.database.db);
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: uniquePark('Parc Affectations') });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
});
afterAll(() => ctx.close());

const driver = (last_name: string, extra: Record<string, unknown> = {}) =>
  addDriver(ctx, owner, { first_name: 'Test', last_name, phone: freshPhone(), driver_type_id: refs.titulaire, ...extra });
const get = (url: string) => ctx.api('GET', url, as(owner));
const names = (r: { data: { items: { last_name: string }[] } }) => r.data.items.map((d) => d.last_name);
const ALL_DAYS = [1, 2, 3, 4, 5, 6, 7];
/** A Monday and the day after. */
const MONDAY = '2026-03-02';
const TUESDAY = '2026-03-03';

describe('the vehicle of a driver', () => {
  it('is the vehicle whose planning lists them, with its brand, model and first photo', async () => {
    const d = await driver('Fotso');
    const free = await driver('Libre');
    const db = ctx.database.db;
    const vehicleId = await insertVehicle(db, fx.park.id, { registration: 'LT-123-AB', label: 'Corolla 12', images: ['/api/file/00000000-0000-7000-8000-000000000001'] });
    await insertPlanning(db, fx.park.id, vehicleId, [{ driverId: d.id, workDays: ALL_DAYS }]);

    const read = await get(`/api/driver/${d.id}`);
    expect(read.data.current_vehicle).toMatchObject({ id: vehicleId, label: 'Corolla 12', registration_number: 'LT-123-AB', brand: 'Toyota', model: 'Corolla' });
    expect(read.data.current_vehicle.image).toMatch(/^\/api\/file\/signed\/00000000-0000-7000-8000-000000000001\?/);
    expect((await get(`/api/driver/${free.id}`)).data.current_vehicle).toBeNull();
    const list = await get('/api/driver?itemPerPage=10');
    expect(list.data.items.map((x: { current_vehicle: { id: string } | null }) => x.current_vehicle?.id ?? null)).toEqual([vehicleId, null]);
  });

  it("prefers, of two vehicles on different days, the one they drive today", async () => {
    const d = await driver('Mvondo');
    const db = ctx.database.db;
    const today = weekday(toWireDate(new Date()).slice(0, 10));
    const otherDays = ALL_DAYS.filter((x) => x !== today);
    const older = await insertVehicle(db, fx.park.id, { registration: 'LT-001-AA', createdAt: new Date('2025-01-01T00:00:00Z') });
    const todays = await insertVehicle(db, fx.park.id, { registration: 'LT-002-AA', createdAt: new Date('2025-06-01T00:00:00Z') });
    await insertPlanning(db, fx.park.id, older, [{ driverId: d.id, workDays: otherDays }]);
    await insertPlanning(db, fx.park.id, todays, [{ driverId: d.id, workDays: [today] }]);
    expect((await get(`/api/driver/${d.id}`)).data.current_vehicle.registration_number).toBe('LT-002-AA');

    const all = await get(`/api/driver/all-data/${d.id}`);
    expect(all.status).toBe(200);
    expect(all.data.permis).toEqual([]);
    expect(all.data.configs).toEqual([
      {
        vehicle: expect.objectContaining({ id: older, registration_number: 'LT-001-AA', status: 'active' }),
        position: 1,
        work_day: otherDays,
        start_work_at: null,
        hour_interval_id: null,
        work_planning: 'daily',
        number_drivers: 1,
        start_date: '08:30',
        end_date: '18:30',
        passation_date: null,
        salary_day_id: null,
      },
      expect.objectContaining({ vehicle: expect.objectContaining({ id: todays }), work_day: [today] }),
    ]);
  });
});

describe('GET /api/driver?available_on_date', () => {
  it('lists active drivers with no planning that weekday and no day off', async () => {
    const db = ctx.database.db;
    const mondays = await driver('Alima');
    const hourly = await driver('Bassek');
    await driver('Chouapi', { days_off: [1] });
    await driver('Dooh');
    const suspended = await driver('Essomba');
    await ctx.api('POST', '/api/driver/suspended', { ...as(owner), body: { driver_id: suspended.id } });
    const v1 = await insertVehicle(db, fx.park.id, { registration: 'LT-100-AA' });
    await insertPlanning(db, fx.park.id, v1, [{ driverId: mondays.id, workDays: [1, 3, 5] }]);
    // An hourly driver holds a slot on his work days: busy those days, whatever the slot.
    const v2 = await insertVehicle(db, fx.park.id, { registration: 'LT-200-AA' });
    await insertPlanning(db, fx.park.id, v2, [{ driverId: hourly.id, workDays: [1, 2], hourIntervalId: 1 }], 'hourly');

    expect(names(await get(`/api/driver?available_on_date=${MONDAY}&itemPerPage=10`))).toEqual(['Dooh']);
    expect(names(await get(`/api/driver?available_on_date=${TUESDAY}&itemPerPage=10`))).toEqual(['Alima', 'Chouapi', 'Dooh']);
    expect((await get(`/api/driver?available_on_date=${TUESDAY}&itemPerPage=10`)).data.meta.total).toBe(3);
    expect((await get('/api/driver?available_on_date=2026-02-30')).message).toBe('Date invalide (format attendu yyyy-MM-dd)');
  });

  it('counts days as the vehicles module does: automatic alternation every day, no work days never', async () => {
    const db = ctx.database.db;
    const first = await driver('Fanta');
    const second = await driver('Gweth');
    const spare = await driver('Haman');
    const idle = await driver('Ikoli');
    // Two drivers alternating automatically: both may be at the wheel any day.
    const v1 = await insertVehicle(db, fx.park.id, { registration: 'LT-300-AA' });
    await insertPlanning(db, fx.park.id, v1, [{ driverId: first.id, workDays: [] }, { driverId: second.id, workDays: [] }]);
    await db.update(vehicleConfigs).set({ alternation: true, alternatingDays: 1, startAlternationAt: MONDAY, firstDriverAlternationId: first.id }).where(eq(vehicleConfigs.vehicleId, v1));
    // A daily planning where the second driver has no work day: he never drives this vehicle.
    const v2 = await insertVehicle(db, fx.park.id, { registration: 'LT-400-AA' });
    await insertPlanning(db, fx.park.id, v2, [{ driverId: spare.id, workDays: [1, 2, 3] }, { driverId: idle.id, workDays: [] }]);

    const free = names(await get(`/api/driver?available_on_date=${TUESDAY}&itemPerPage=50`));
    expect(free).not.toContain('Fanta');
    expect(free).not.toContain('Gweth');
    expect(free).not.toContain('Haman');
    expect(free).toContain('Ikoli');
  });
});

describe('assignableDrivers (for the vehicles module)', () => {
  it('answers the drivers of the park among the ids, with their status', async () => {
    const a = await driver('Active');
    const s = await driver('Suspendu');
    await ctx.api('POST', '/api/driver/suspended', { ...as(owner), body: { driver_id: s.id } });
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const foreign = await addDriver(ctx, otherOwner, { first_name: 'X', last_name: 'Y', phone: freshPhone(), driver_type_id: refs.titulaire });

    const found = await assignableDrivers(ctx.database.db, fx.park.id, [a.id, s.id, foreign.id, a.id, 'not-a-uuid']);
    expect(found.sort((x, y) => x.last_name.localeCompare(y.last_name))).toEqual([
      { id: a.id, first_name: 'Test', last_name: 'Active', status: 'active' },
      { id: s.id, first_name: 'Test', last_name: 'Suspendu', status: 'suspended' },
    ]);
    expect(await assignableDrivers(ctx.database.db, fx.park.id, [])).toEqual([]);
  });
});

describe("resetting the park's drivers", () => {
  it('removes the drivers and their licences, and sends their vehicles back to "not configured", in that park only', async () => {
    const d = await driver('Essomba', { permis: [{ type: 'B', driver_licence_number: 'CM-B-7', permanent: true, delivery_at: '2020-01-01', country_delivery: 'CM' }] });
    const db = ctx.database.db;
    const vehicleId = await insertVehicle(db, fx.park.id, { registration: 'LT-777-RS' });
    await insertPlanning(db, fx.park.id, vehicleId, [{ driverId: d.id, workDays: ALL_DAYS }]);
    const other = await ctx.createPark({ name: uniquePark('Autre parc') });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    const kept = await addDriver(ctx, otherOwner, { first_name: 'Reste', last_name: 'Là', phone: freshPhone(), driver_type_id: refs.titulaire });
    // Setting the PIN also verifies it for this session (reset is a step-up action).
    expect((await ctx.api('POST', '/api/update-pin-code', { token: owner.token, body: { code: '24680' } })).code).toBe(5000);

    const options = await get('/api/park/reset-options');
    expect(options.data).toContainEqual({ code: 'drivers', label: 'Chauffeurs', description: expect.stringContaining('permis') });
    const r = await ctx.api('PUT', `/api/park/reset/${fx.park.id}`, { ...as(owner), body: { options: ['drivers'] } });
    expect(r.code).toBe(5000);
    expect((await get('/api/driver?itemPerPage=10')).data.meta.total).toBe(0);
    const vehicle = await get(`/api/vehicle/${vehicleId}`);
    expect(vehicle.status).toBe(200);
    expect(await db.select().from(vehicleConfigs).where(eq(vehicleConfigs.vehicleId, vehicleId))).toEqual([]);
    expect((await ctx.api('GET', `/api/driver/${kept.id}`, as(otherOwner))).status).toBe(200);
  });
});
