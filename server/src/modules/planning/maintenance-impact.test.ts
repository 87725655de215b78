import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { fromWireDate, toWireDate } from '../../platform/dates.ts';
import { maintenances, type MaintenanceStatus } from '../maintenance/maintenance.tables.ts';
import { insertRecipe } from '../recipes/recipes-test-helpers.ts';
import { recipes } from '../recipes/recipes.tables.ts';
import { planningLostDays, releasePlanningDays } from './maintenance-impact.ts';
import { planningEntries } from './planning.tables.ts';
import { ALL_DAYS, planningCalls, type Park } from './planning-test-helpers.ts';

/**
 * The planning and the recipes during a maintenance (issue 18 section 1): who loses which days,
 * what releasing them deletes and keeps, and the calendar, the generation, the confirmation and
 * the unavailable vehicles with maintenance records. Maintenances are written straight into their
 * table (the maintenance module is another's). Dates in 2030: 2030-03-29 is a Friday.
 */

const TZ = 'Africa/Douala';
let ctx: TestContext;
let parks = 0;
let p: Park;
const h = planningCalls(() => ctx);
const get = (url: string) => h.call(p.owner, 'GET', url);
const at = (wire: string) => fromWireDate(wire, TZ);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  p = await h.newPark(`Parc Entretien ${++parks}`);
});
afterAll(() => ctx.close());

async function maintenance(vehicleId: string, start: string, end: string, status: MaintenanceStatus = 'available', finishedAt?: string): Promise<string> {
  const [row] = await ctx.database.db
    .insert(maintenances)
    .values({
      parkId: p.fx.park.id,
      vehicleId,
      durationChoice: 3,
      startAt: at(start),
      endAt: at(end),
      status,
      estimatedAmount: 2_000,
      finishedAt: finishedAt ? at(finishedAt) : null,
    })
    .returning({ id: maintenances.id });
  return row.id;
}

/** A vehicle driven by Atangana on Mondays, Wednesdays, Fridays, Sundays and by Bella the other days. */
async function sharedVehicle() {
  const v = await h.vehicle(p);
  const a = await h.driver(p, 'Atangana');
  const b = await h.driver(p, 'Bella');
  await h.configure(p, v.id, {
    work_planning: 'daily',
    number_drivers: 2,
    profiles: [
      { driver_id: a, work_day: [1, 3, 5, 7] },
      { driver_id: b, work_day: [2, 4, 6] },
    ],
  });
  return { v, a, b };
}

const storedDays = async (vehicleId: string) =>
  (
    await ctx.database.db
      .select({ day: planningEntries.day, slot: planningEntries.slot })
      .from(planningEntries)
      .where(and(eq(planningEntries.parkId, p.fx.park.id), eq(planningEntries.vehicleId, vehicleId)))
      .orderBy(planningEntries.day, planningEntries.slot)
  ).map((e) => (e.slot === 'full' ? e.day : `${e.day} ${e.slot}`));

describe('who loses which days', () => {
  it('answers per driver the days a maintenance over a month end takes, and writes nothing', async () => {
    const { v, a, b } = await sharedVehicle();
    await h.generateAndConfirm(p, [v.id], '2030-03-28', '2030-04-03');
    // Saturday 30 March 10:00 to Tuesday 2 April 09:00: the service is 08:30-18:30, so Tuesday is lost too.
    const lost = await planningLostDays(ctx.database.db, p.fx.park.id, TZ, v.id, at('2030-03-30T10:00:00'), at('2030-04-02T09:00:00'));
    expect(lost).toEqual([
      { driver_id: a, driver_name: 'Jean Atangana', days: ['2030-03-31', '2030-04-01'] },
      { driver_id: b, driver_name: 'Jean Bella', days: ['2030-03-30', '2030-04-02'] },
    ]);
    expect(await storedDays(v.id)).toHaveLength(7);
    // Outside the service hours nothing is lost.
    expect(await planningLostDays(ctx.database.db, p.fx.park.id, TZ, v.id, at('2030-03-30T19:00:00'), at('2030-03-31T08:30:00'))).toEqual([]);
  });
});

describe('releasing the days', () => {
  it('deletes exactly the overlapping entries and their uncollected expected recipes, keeps collected ones, answers who lost what', async () => {
    const { v, a, b } = await sharedVehicle();
    await h.generateAndConfirm(p, [v.id], '2030-03-28', '2030-04-03');
    const w = { parkId: p.fx.park.id, vehicle: v.id };
    const unpaidSat = await insertRecipe(ctx, w, { driverId: b, day: '2030-03-30', objective: 10_000 });
    const paidSun = await insertRecipe(ctx, w, { driverId: a, day: '2030-03-31', objective: 10_000, collected: 4_000 });
    const outside = await insertRecipe(ctx, w, { driverId: a, day: '2030-03-29', objective: 10_000 });

    const lost = await ctx.database.db.transaction((tx) => releasePlanningDays(tx, p.fx.park.id, TZ, v.id, at('2030-03-30T00:00:00'), at('2030-04-01T00:00:00')));
    expect(lost).toEqual([
      { driver_id: a, driver_name: 'Jean Atangana', days: ['2030-03-31'] },
      { driver_id: b, driver_name: 'Jean Bella', days: ['2030-03-30'] },
    ]);
    expect(await storedDays(v.id)).toEqual(['2030-03-28', '2030-03-29', '2030-04-01', '2030-04-02', '2030-04-03']);
    const state = async (id: string) => (await ctx.database.db.select({ deletedAt: recipes.deletedAt, comment: recipes.deleteComment }).from(recipes).where(eq(recipes.id, id)))[0];
    expect(await state(unpaidSat)).toEqual({ deletedAt: expect.any(Date), comment: 'Véhicule en entretien' });
    expect((await state(paidSun)).deletedAt, 'money was collected on it: kept').toBeNull();
    expect((await state(outside)).deletedAt).toBeNull();
    // Released twice: nothing more to lose.
    expect(await ctx.database.db.transaction((tx) => releasePlanningDays(tx, p.fx.park.id, TZ, v.id, at('2030-03-30T00:00:00'), at('2030-04-01T00:00:00')))).toEqual([]);
  });

  it('a few hours take only the slot they meet; a weekly recipe stays while its driver still drives that week', async () => {
    const v = await h.vehicle(p);
    const a = await h.driver(p, 'Matin');
    const b = await h.driver(p, 'Soir');
    await h.configure(p, v.id, {
      work_planning: 'hourly',
      number_drivers: 2,
      start_date: '06:00',
      passation_date: '14:00',
      end_date: '22:00',
      profiles: [{ driver_id: a, hour_interval_id: 1, work_day: ALL_DAYS }, { driver_id: b, hour_interval_id: 2, work_day: ALL_DAYS }],
    });
    await h.generateAndConfirm(p, [v.id], '2030-03-04', '2030-03-10');
    const w = { parkId: p.fx.park.id, vehicle: v.id };
    const weekly = await insertRecipe(ctx, w, { driverId: b, day: '2030-03-10', objective: 30_000 });
    await ctx.database.db.update(recipes).set({ periodStart: '2030-03-04', frequency: 'weekly' }).where(eq(recipes.id, weekly));

    const lost = await ctx.database.db.transaction((tx) => releasePlanningDays(tx, p.fx.park.id, TZ, v.id, at('2030-03-06T15:00:00'), at('2030-03-06T17:00:00')));
    expect(lost).toEqual([{ driver_id: b, driver_name: 'Jean Soir', days: ['2030-03-06'] }]);
    const days = await storedDays(v.id);
    expect(days).toContain('2030-03-06 first');
    expect(days).not.toContain('2030-03-06 second');
    expect(days).toHaveLength(13);
    const [r] = await ctx.database.db.select({ deletedAt: recipes.deletedAt }).from(recipes).where(eq(recipes.id, weekly));
    expect(r.deletedAt, 'Soir still drives six days of that week').toBeNull();
  });
});

describe('the planning with maintenance records', () => {
  it('generation plans nobody on the maintenance days, whatever the status, and confirmation refuses them', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Garage');
    await maintenance(v.id, '2030-03-30T00:00:00', '2030-04-01T23:59:59');
    const g = await h.generate(p.owner, { start_date: '2030-03-28', end_date: '2030-04-03', vehicle_ids: [v.id] });
    expect(g.code, g.message).toBe(5000);
    expect(g.data.entries.map((e: { date: string }) => e.date)).toEqual(['2030-03-28', '2030-03-29', '2030-04-02', '2030-04-03']);
    expect(g.data.conflicts.map((c: { date: string; reason: string }) => [c.date, c.reason])).toEqual([
      ['2030-03-30', 'vehicle_maintenance'],
      ['2030-03-31', 'vehicle_maintenance'],
      ['2030-04-01', 'vehicle_maintenance'],
    ]);
    expect(g.data.conflicts[0].message).toBe(`Le véhicule ${v.registration_number} est en entretien du 30/03/2030 au 01/04/2030 : Jean Garage ne peut pas le conduire le 30/03/2030`);

    const refused = await h.confirm(p.owner, {
      start_date: '2030-03-31',
      end_date: '2030-03-31',
      vehicle_ids: [v.id],
      entries: [{ date: '2030-03-31', vehicle_id: v.id, driver_id: d }],
    });
    expect(refused.code).toBe(4403);
    expect(refused.message).toBe(`Le véhicule ${v.registration_number} est en entretien du 30/03/2030 au 01/04/2030`);
  });

  it('a canceled maintenance holds nothing; a finished one holds its days until it was finished', async () => {
    const { v } = await h.plannedVehicle(p, 'Fini');
    await maintenance(v.id, '2030-03-04T00:00:00', '2030-03-06T23:59:59', 'canceled');
    await maintenance(v.id, '2030-03-07T00:00:00', '2030-03-10T23:59:59', 'finished', '2030-03-08T12:00:00');
    const g = await h.generate(p.owner, { start_date: '2030-03-04', end_date: '2030-03-10', vehicle_ids: [v.id] });
    expect(g.data.conflicts.map((c: { date: string }) => c.date)).toEqual(['2030-03-07', '2030-03-08']);
  });

  it('the calendar and the vehicle programme show each maintenance with its dates and id; the unavailable list too', async () => {
    const { v } = await h.plannedVehicle(p, 'Cal');
    await h.generateAndConfirm(p, [v.id], '2030-03-04', '2030-03-10');
    const id = await maintenance(v.id, '2030-03-06T09:00:00', '2030-03-07T17:00:00');
    await maintenance(v.id, '2030-03-08T09:00:00', '2030-03-08T12:00:00', 'canceled');

    const expected = {
      type: 'entretien',
      maintenance_id: id,
      date: '2030-03-06',
      start_date: '2030-03-06T09:00:00',
      end_date: '2030-03-07T17:00:00',
      vehicle: expect.objectContaining({ id: v.id, registration_number: v.registration_number }),
    };
    const cal = await get(`/api/planning/${p.fx.park.id}?start_date=2030-03-04&end_date=2030-03-10`);
    expect(cal.code, cal.message).toBe(5000);
    expect(cal.data.filter((e: { type: string }) => e.type === 'entretien')).toEqual([expected]);
    const program = await get(`/api/vehicle/work-program/${v.id}?start_date=2030-03-04&end_date=2030-03-10`);
    expect(program.data.filter((e: { type: string }) => e.type === 'entretien')).toEqual([expected]);
    // Outside the period: not shown.
    const before = await get(`/api/planning/${p.fx.park.id}?start_date=2030-02-01&end_date=2030-02-10`);
    expect(before.data.filter((e: { type: string }) => e.type === 'entretien')).toEqual([]);

    const unavailable = await get('/api/park/indisponibilities?start_date=2030-03-04&end_date=2030-03-10');
    expect(unavailable.data).toEqual([
      {
        vehicle: expect.objectContaining({ id: v.id }),
        reason: 'maintain',
        message: 'Véhicule en entretien du 06/03/2030 au 07/03/2030',
        maintenance_id: id,
        start_date: '2030-03-06T09:00:00',
        end_date: '2030-03-07T17:00:00',
      },
    ]);
  });
});

describe("a vehicle in 'maintain' because of a maintenance running now", () => {
  const day = (offset: number) => toWireDate(new Date(Date.now() + offset * 86_400_000), TZ).slice(0, 10);

  it('is held by the maintenance\'s dates only: one entry on the calendar, planned again after it', async () => {
    const { v } = await h.plannedVehicle(p, 'Maintenant');
    const id = await maintenance(v.id, `${day(-1)}T08:00:00`, `${day(1)}T18:00:00`);
    await h.setVehicleStatus(v.id, 'maintain');

    const cal = await get(`/api/planning/${p.fx.park.id}?start_date=${day(-2)}&end_date=${day(2)}`);
    expect(cal.data.filter((e: { type: string }) => e.type === 'entretien')).toEqual([expect.objectContaining({ maintenance_id: id, start_date: `${day(-1)}T08:00:00` })]);
    const unavailable = await get(`/api/park/indisponibilities?start_date=${day(-2)}&end_date=${day(2)}`);
    expect(unavailable.data).toEqual([expect.objectContaining({ maintenance_id: id, message: `Véhicule en entretien du ${french(day(-1))} au ${french(day(1))}` })]);

    const g = await h.generate(p.owner, { start_date: day(-1), end_date: day(3), vehicle_ids: [v.id] });
    expect(g.data.entries.map((e: { date: string }) => e.date)).toEqual([day(2), day(3)]);
    expect(g.data.conflicts.map((c: { date: string }) => c.date)).toEqual([day(-1), day(0), day(1)]);
  });

  it("without a maintenance record, 'maintain' holds the whole period as before", async () => {
    const { v } = await h.plannedVehicle(p, 'Main');
    await h.setVehicleStatus(v.id, 'maintain');
    const g = await h.generate(p.owner, { start_date: day(5), end_date: day(7), vehicle_ids: [v.id] });
    expect(g.data.entries).toEqual([]);
    expect(g.data.vehicles_without_planning).toEqual([{ vehicle: expect.objectContaining({ id: v.id }), message: expect.stringMatching(/^Véhicule en maintenance\u00a0: aucun chauffeur/) }]);
  });
});

const french = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
