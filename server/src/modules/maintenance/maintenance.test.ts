import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAINTENANCE_MESSAGES as M } from '@flotte/contract';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { vehicles } from '../vehicles/vehicles.tables.ts';
import { as, dayFromNow, insertComponent, insertSupplier, maintenanceCalls, REPAIR, scheduleBody } from './maintenance-test-helpers.ts';
import { maintenances } from './maintenance.tables.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
let vehicle: string;
let pads: number;
let filter: number;
const { schedule, update, get, scheduled } = maintenanceCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Entretiens ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}00-MA`, label: 'Corolla grise' });
  pads = await insertComponent(ctx, fx.park.id, 'Plaquettes de frein');
  filter = await insertComponent(ctx, fx.park.id, 'Filtre à huile');
});
afterAll(() => ctx?.close());

describe('the scheduling warnings of spec 002 section 5, in the form’s order', () => {
  it('answers each warning in turn as the body is completed', async () => {
    const groups = [{ repair_type_id: REPAIR.maintain, maintenanceCarComponent: [{ component_id: pads, amount: 2000 }] }];
    const day = dayFromNow(3).slice(0, 10);
    const steps: [Record<string, unknown>, string][] = [
      [{}, M.vehicle],
      [{ vehicle_id: vehicle, duration_choice: 1, start_date: `${day}T10:00:00` }, M.hours],
      [{ vehicle_id: vehicle, duration_choice: 1, start_date: `${day}T10:00:00`, end_date: `${day}T09:00:00` }, M.hours],
      [{ vehicle_id: vehicle, duration_choice: 2 }, M.date],
      [{ vehicle_id: vehicle, duration_choice: 3, end_date: day }, M.startDate],
      [{ vehicle_id: vehicle, duration_choice: 3, start_date: day }, M.date],
      [{ vehicle_id: vehicle, duration_choice: 2, start_date: day }, M.repairType],
      [{ vehicle_id: vehicle, duration_choice: 2, start_date: day, maintenances: [{ repair_type_id: REPAIR.maintain }] }, M.components],
    ];
    for (const [body, message] of steps) {
      const r = await schedule(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
    }
    // Missing everything but the vehicle: the dates are named first.
    expect((await schedule({ vehicle_id: vehicle, duration_choice: 1 })).message).toBe(M.hours);
    expect((await schedule({ vehicle_id: vehicle, duration_choice: 2, start_date: day, maintenances: groups })).code).toBe(5000);
  });

  it('refuses amounts the currency can not hold, and twice the same type or component', async () => {
    const body = (maintenances: unknown) => scheduleBody(vehicle, [], { maintenances });
    expect((await schedule(body([{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: pads, amount: 12.5 }] }]))).message).toBe(M.amount);
    expect((await schedule(body([{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: pads, amount: -1 }] }]))).message).toBe(M.amount);
    const one = { repair_type_id: 1, maintenanceCarComponent: [{ component_id: pads }] };
    expect((await schedule(body([one, one]))).message).toBe(M.repairTypeTwice);
    expect((await schedule(body([{ repair_type_id: 1, maintenanceCarComponent: [{ component_id: pads }, { component_id: pads }] }]))).message).toBe(M.componentTwice);
  });
});

describe('scheduling', () => {
  it('answers the maintenance, its estimate (2,000 a component by default) and "Entretien programmé"', async () => {
    const supplier = await insertSupplier(ctx, fx.park.id, { name: 'Garage du Port' });
    const up = await ctx.api('POST', '/api/file/upload', { ...as(owner), ...formData({}, [{ field: 'file', filename: 'avant.png', content: TINY_PNG }]) });
    const r = await schedule({
      vehicle_id: vehicle,
      duration_choice: 3,
      start_date: dayFromNow(5).slice(0, 10),
      end_date: dayFromNow(7).slice(0, 10),
      supplier_id: supplier,
      description: 'Freins qui sifflent',
      images: [up.data.path],
      maintenances: [
        { repair_type_id: REPAIR.reparation, maintenanceCarComponent: [{ component_id: pads, amount: '15000' }, { component_id: filter }] },
        { repair_type_id: REPAIR.vidange, maintenanceCarComponent: [{ component_id: filter, amount: 8000 }] },
      ],
    });
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Entretien programmé');
    expect(r.data).toMatchObject({
      vehicle: { id: vehicle, label: 'Corolla grise' },
      supplier: { id: supplier, name: 'Garage du Port' },
      description: 'Freins qui sifflent',
      estimated_amount: 25000,
      amount: 25000,
      status: 'available',
      state: 'scheduled',
      available: true,
      duration_choice: 3,
      start_date: `${dayFromNow(5).slice(0, 10)}T00:00:00`,
      end_date: `${dayFromNow(7).slice(0, 10)}T23:59:59`,
      facture_image: null,
      operations: [],
      lost_days: [],
    });
    expect(r.data.images[0]).toMatch(new RegExp(`^/api/file/signed/${up.data.id}\\?exp=`));
    const byType = Object.fromEntries(r.data.components.map((g: { repair_type_id: number }) => [g.repair_type_id, g]));
    expect(byType[REPAIR.reparation].repair_type.name).toBe('Réparation');
    expect(byType[REPAIR.reparation].car_component).toEqual(
      expect.arrayContaining([
        { id: pads, component_id: pads, name: 'Plaquettes de frein', amount: 15000, estimated_amount: 15000 },
        { id: filter, component_id: filter, name: 'Filtre à huile', amount: 2000, estimated_amount: 2000 },
      ]),
    );
    expect((await get(`/api/entretien/${r.data.id}`)).data).toMatchObject({ id: r.data.id, estimated_amount: 25000 });
  });

  it('spans a whole day for choice 2 and the given hours for choice 1, choice inferred when not sent', async () => {
    const day = dayFromNow(20).slice(0, 10);
    const oneDay = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 2, start_date: `${day}T14:00:00`, end_date: undefined }));
    expect([oneDay.start_date, oneDay.end_date]).toEqual([`${day}T00:00:00`, `${day}T23:59:59`]);
    const next = dayFromNow(21).slice(0, 10);
    const hours = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: undefined, start_date: `${next}T08:00:00`, end_date: `${next}T11:30:00` }));
    expect(hours).toMatchObject({ duration_choice: 1, start_date: `${next}T08:00:00`, end_date: `${next}T11:30:00` });
  });

  it('refuses a span meeting another open maintenance of the vehicle, not one canceled', async () => {
    const first = await scheduled(scheduleBody(vehicle, [pads], { start_date: dayFromNow(10), end_date: dayFromNow(12) }));
    const again = await schedule(scheduleBody(vehicle, [pads], { start_date: dayFromNow(12), end_date: dayFromNow(13) }));
    expect([again.status, again.message]).toEqual([409, 'Ce véhicule a déjà un entretien programmé sur cette période']);
    // The day after the first ends is free.
    expect((await schedule(scheduleBody(vehicle, [pads], { start_date: dayFromNow(13), end_date: dayFromNow(13) }))).code).toBe(5000);
    expect((await update(first.id, { status: 'canceled' })).code).toBe(5000);
    expect((await schedule(scheduleBody(vehicle, [pads], { start_date: dayFromNow(11), end_date: dayFromNow(12) }))).code).toBe(5000);
  });

  it('schedules one of two overlapping requests sent at once', async () => {
    const body = scheduleBody(vehicle, [pads], { start_date: dayFromNow(40), end_date: dayFromNow(41) });
    const answers = await Promise.all([schedule(body), schedule(body), schedule(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
  });

  it('refuses a deactivated vehicle and a suspended supplier', async () => {
    await ctx.database.db.update(vehicles).set({ status: 'deactivated' }).where(eq(vehicles.id, vehicle));
    const r = await schedule(scheduleBody(vehicle, [pads]));
    expect([r.status, r.message]).toEqual([422, 'Ce véhicule est désactivé\u00a0: réactivez-le pour programmer un entretien']);
    const other = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}01-MA` });
    const suspended = await insertSupplier(ctx, fx.park.id, { suspended: true });
    expect((await schedule(scheduleBody(other, [pads], { supplier_id: suspended }))).status).toBe(422);
    expect(await ctx.database.db.select().from(maintenances).where(eq(maintenances.parkId, fx.park.id))).toEqual([]);
  });

  it('says who loses which planned days, before (planning-impact) and on scheduling, and frees them', async () => {
    const driver = await insertDriver(ctx, fx.park.id, { firstName: 'Samuel', lastName: 'Eto' });
    const day = dayFromNow(4).slice(0, 10);
    await ctx.database.db.insert(planningEntries).values({
      parkId: fx.park.id,
      vehicleId: vehicle,
      driverId: driver,
      day,
      slot: 'full',
      startsAt: fromWireDate(`${day}T08:30:00`),
      endsAt: fromWireDate(`${day}T18:30:00`),
    });
    const lost = [{ driver_id: driver, driver_name: 'Samuel Eto', days: [day] }];
    const impact = await get(`/api/entretien/planning-impact?vehicle_id=${vehicle}&duration_choice=2&start_date=${day}T00:00:00`);
    expect(impact.data).toEqual(lost);
    // A few hours after the driver's day: nobody loses anything.
    expect((await get(`/api/entretien/planning-impact?vehicle_id=${vehicle}&start_date=${day}T19:00:00&end_date=${day}T21:00:00`)).data).toEqual([]);
    const m = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 2, start_date: day }));
    expect(m.lost_days).toEqual(lost);
    expect(await ctx.database.db.select().from(planningEntries).where(eq(planningEntries.vehicleId, vehicle))).toEqual([]);
  });

  it('needs MANAGE_MAINTENANCE to schedule; the tab view reads', async () => {
    const viewer = await memberWith(ctx, owner, fx.park.id, ['VIEW_MAINTENANCE']);
    expect((await schedule(scheduleBody(vehicle, [pads]), viewer)).status).toBe(403);
    expect((await get('/api/entretien', viewer)).code).toBe(5000);
    const manager = await memberWith(ctx, owner, fx.park.id, ['MANAGE_MAINTENANCE']);
    const m = await scheduled(scheduleBody(vehicle, [pads]), manager);
    expect((await get(`/api/entretien/${m.id}`, manager)).code).toBe(5000);
  });
});

describe('another park', () => {
  it('reads its vehicle, supplier, component, maintenance and files as unknown', async () => {
    const b = await ctx.createPark({ name: `Parc B ${parkNo}` });
    const ownerB = await ctx.signIn({ email: b.owner.email, password: b.owner.password, type: 'proprietaire' });
    const vehicleB = await insertVehicle(ctx.database.db, b.park.id, { registration: `LT-${parkNo}99-BB` });
    const supplierB = await insertSupplier(ctx, b.park.id);
    const componentB = await insertComponent(ctx, b.park.id);
    expect((await schedule(scheduleBody(vehicleB, [pads]))).status).toBe(404);
    expect((await schedule(scheduleBody(vehicle, [pads], { supplier_id: supplierB }))).status).toBe(404);
    expect((await schedule(scheduleBody(vehicle, [componentB]))).status).toBe(404);
    expect((await schedule(scheduleBody(vehicle, [pads], { maintenances: [{ repair_type_id: 99, maintenanceCarComponent: [{ component_id: pads }] }] }))).status).toBe(404);
    const upB = await ctx.api('POST', '/api/file/upload', { ...as(ownerB), ...formData({}, [{ field: 'file', filename: 'b.png', content: TINY_PNG }]) });
    const withImage = await schedule(scheduleBody(vehicle, [pads], { images: [upB.data.path] }));
    expect([withImage.status, withImage.data?.[0]?.field ?? withImage.message]).toEqual([400, expect.anything()]);
    const mB = await scheduled(scheduleBody(vehicleB, [componentB]), ownerB);
    expect((await get(`/api/entretien/${mB.id}`)).status).toBe(404);
    expect((await update(mB.id, { status: 'canceled' })).status).toBe(404);
    expect((await get(`/api/entretien/planning-impact?vehicle_id=${vehicleB}&start_date=${dayFromNow(2)}`)).status).toBe(404);
    expect((await get('/api/entretien')).data.items).toEqual([]);
    expect((await get(`/api/entretien/${mB.id}`, ownerB)).data.status).toBe('available');
  });
});

describe('canceling', () => {
  it('only while available, with its confirmation texts and "Entretien annulé"', async () => {
    expect([M.cancelConfirm, M.cancelKeep, M.cancelButton]).toEqual(['Êtes-vous sûr de vouloir annuler cet entretien\u00a0?', 'Ne pas annuler', "Annuler l'entretien"]);
    const m = await scheduled(scheduleBody(vehicle, [pads]));
    const r = await update(m.id, { status: 'canceled' });
    expect([r.code, r.message]).toEqual([5000, 'Entretien annulé']);
    expect(r.data).toMatchObject({ status: 'canceled', state: 'canceled', available: false });
    expect(r.data.canceled_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    const twice = await update(m.id, { status: 'canceled' });
    expect([twice.status, twice.message]).toEqual([409, 'Cet entretien est déjà annulé']);
    const done = await scheduled(scheduleBody(vehicle, [pads], { start_date: dayFromNow(30), end_date: dayFromNow(30) }));
    await ctx.database.db.update(maintenances).set({ status: 'finished', finishedAt: new Date() }).where(eq(maintenances.id, done.id));
    const late = await update(done.id, { status: 'canceled' });
    expect([late.status, late.message]).toEqual([409, 'Cet entretien est déjà terminé\u00a0: il ne peut plus être annulé']);
  });

  it('refuses a status other than finished or canceled', async () => {
    const m = await scheduled(scheduleBody(vehicle, [pads]));
    expect((await update(m.id, { status: 'available' })).status).toBe(400);
  });
});

describe('GET /repair-type', () => {
  it('lists the five shared types with their P&L codes', async () => {
    const r = await get('/api/repair-type');
    expect(r.data).toEqual([
      { id: 1, name: 'Entretien courant', code: 'maintain' },
      { id: 2, name: 'Vidange', code: 'vidange' },
      { id: 3, name: 'Réparation', code: 'reparation' },
      { id: 4, name: 'Changement de pièces', code: 'change' },
      { id: 5, name: 'Entretien et réparation', code: 'repair_maintain' },
    ]);
  });
});
