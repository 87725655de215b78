import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { referencedFiles, resetOptions } from '../park/reset-registry.ts';
import '../registrations.ts';
import { syncAllVehicleMaintenanceStatuses } from '../vehicles/vehicle-maintenance-status.ts';
import { vehicles, type VehicleStatus } from '../vehicles/vehicles.tables.ts';
import { dayFromNow, insertComponent, maintenanceCalls, scheduleBody } from './maintenance-test-helpers.ts';
import { maintenances } from './maintenance.tables.ts';
import { maintenanceStatusJob } from './maintenance-status.job.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
let vehicle: string;
let pads: number;
const { update, scheduled } = maintenanceCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Statuts ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  vehicle = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}00-ST` });
  pads = await insertComponent(ctx, fx.park.id, 'Plaquettes');
});
afterAll(() => ctx?.close());

const statusOf = async (id = vehicle) => (await ctx.database.db.select({ s: vehicles.status }).from(vehicles).where(eq(vehicles.id, id)))[0].s;
const setStatus = (status: VehicleStatus, id = vehicle) => ctx.database.db.update(vehicles).set({ status }).where(eq(vehicles.id, id));
const before = async (id: string) => (await ctx.database.db.select({ b: maintenances.vehicleStatusBefore }).from(maintenances).where(eq(maintenances.id, id)))[0].b;
/** The job's work at a wall-clock time of the park. */
const jobAt = (wire: string) => syncAllVehicleMaintenanceStatuses(ctx.database.db, fromWireDate(wire));

describe('the vehicle while a maintenance runs', () => {
  it('goes to maintain at once when scheduled over the present, and gets its status back when canceled', async () => {
    await setStatus('reserve');
    const m = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 3, start_date: dayFromNow(-1), end_date: dayFromNow(1) }));
    expect(m.state).toBe('in_progress');
    expect(await statusOf()).toBe('maintain');
    expect(await before(m.id)).toBe('reserve');
    expect((await update(m.id, { status: 'canceled' })).code).toBe(5000);
    expect(await statusOf()).toBe('reserve');
    expect(await before(m.id)).toBeNull();
  });

  it('is left alone by a maintenance in the future until the job sees it start, then end', async () => {
    const m = await scheduled(scheduleBody(vehicle, [pads], { start_date: dayFromNow(10), end_date: dayFromNow(11) }));
    expect(await statusOf()).toBe('active');
    const day10 = m.start_date.slice(0, 10);
    await jobAt(`${day10}T09:00:00`);
    expect(await statusOf()).toBe('maintain');
    // Twice at the same instant: nothing more changes.
    const again = await jobAt(`${day10}T09:00:00`);
    expect(await statusOf()).toBe('maintain');
    expect(again.failed).toBe(0);
    await jobAt(`${m.end_date.slice(0, 10)}T23:59:59`);
    expect(await statusOf()).toBe('active');
    expect(await before(m.id)).toBeNull();
  });

  it('hands the remembered status on between back-to-back maintenances', async () => {
    await setStatus('assign');
    const first = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 2, start_date: dayFromNow(10), end_date: undefined }));
    const second = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 2, start_date: dayFromNow(11), end_date: undefined }));
    await jobAt(`${first.start_date.slice(0, 10)}T12:00:00`);
    expect([await statusOf(), await before(first.id)]).toEqual(['maintain', 'assign']);
    await jobAt(`${second.start_date.slice(0, 10)}T12:00:00`);
    expect([await statusOf(), await before(first.id), await before(second.id)]).toEqual(['maintain', null, 'assign']);
    await jobAt(dayFromNow(12, '12:00:00'));
    expect(await statusOf()).toBe('assign');
  });

  it('never undoes a maintain status set by hand, nor a status changed meanwhile, and leaves a deactivated vehicle so', async () => {
    await setStatus('maintain');
    const m = await scheduled(scheduleBody(vehicle, [pads], { start_date: dayFromNow(10), end_date: dayFromNow(10) }));
    await jobAt(`${m.start_date.slice(0, 10)}T12:00:00`);
    await jobAt(dayFromNow(11, '12:00:00'));
    expect(await statusOf()).toBe('maintain');

    const other = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}01-ST` });
    const running = await scheduled(scheduleBody(other, [pads], { duration_choice: 3, start_date: dayFromNow(-1), end_date: dayFromNow(0) }));
    expect(await statusOf(other)).toBe('maintain');
    await setStatus('active', other);
    await jobAt(dayFromNow(3, '12:00:00'));
    expect(await statusOf(other)).toBe('active');
    expect(await before(running.id)).toBeNull();

    const third = await insertVehicle(ctx.database.db, fx.park.id, { registration: `LT-${parkNo}02-ST` });
    const later = await scheduled(scheduleBody(third, [pads], { start_date: dayFromNow(10), end_date: dayFromNow(10) }));
    await setStatus('deactivated', third);
    await jobAt(`${later.start_date.slice(0, 10)}T12:00:00`);
    expect(await statusOf(third)).toBe('deactivated');
  });

  it('runs as a pg-boss job every 5 minutes', () => {
    expect(maintenanceStatusJob(ctx.database.db)).toMatchObject({ name: 'maintenance-vehicle-status', cron: '*/5 * * * *' });
  });
});

describe('resetting the account', () => {
  it("erases the park's maintenances, gives vehicles their status back, and keeps their files while they exist", async () => {
    await setStatus('reserve');
    const up = await ctx.api('POST', '/api/file/upload', { token: owner.token, profileId: owner.profile_id, ...formData({}, [{ field: 'file', filename: 'a.png', content: TINY_PNG }]) });
    const m = await scheduled(scheduleBody(vehicle, [pads], { duration_choice: 3, start_date: dayFromNow(-1), end_date: dayFromNow(1), images: [up.data.path] }));
    expect(await statusOf()).toBe('maintain');
    const db = ctx.database.db;
    expect(await db.transaction((tx) => referencedFiles(tx, fx.park.id))).toContain(up.data.path);
    const option = resetOptions().find((o) => o.code === 'maintenances')!;
    expect(option.label).toBe('Entretiens');
    await db.transaction((tx) => option.reset(tx, fx.park.id, { storage: null as never, keepFileIds: new Set(), afterCommit: () => undefined }));
    expect(await statusOf()).toBe('reserve');
    expect(await db.select().from(maintenances).where(eq(maintenances.id, m.id))).toEqual([]);
    expect(await db.transaction((tx) => referencedFiles(tx, fx.park.id))).not.toContain(up.data.path);
  });
});
