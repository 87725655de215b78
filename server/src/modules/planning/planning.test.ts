import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { planPeriod } from './planning.service.ts';
import { planningEntries } from './planning.tables.ts';
import { ALL_DAYS, MONDAY, planningCalls, type Park } from './planning-test-helpers.ts';

let ctx: TestContext;
let parks = 0;
let p: Park;
const h = planningCalls(() => ctx);
const get = (url: string, park: Park = p) => h.call(park.owner, 'GET', url);

beforeAll(async () => {
  ctx = await createTestContext();
});
// A fresh park per test: codes sent to one address are capped, and tests run in any order.
beforeEach(async () => {
  p = await h.newPark(`Parc Planning ${++parks}`);
});
afterAll(() => ctx.close());

const storedRows = (vehicleId: string) =>
  ctx.database.db
    .select({ day: planningEntries.day, driverId: planningEntries.driverId, slot: planningEntries.slot, role: planningEntries.role, isSalaryDay: planningEntries.isSalaryDay })
    .from(planningEntries)
    .where(and(eq(planningEntries.parkId, p.fx.park.id), eq(planningEntries.vehicleId, vehicleId)))
    .orderBy(planningEntries.day, planningEntries.slot);

describe('generate, confirm, read', () => {
  it('previews a week, confirms it, and the calendar and the work programmes show it', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Atangana', [1, 2, 3, 4, 5]);
    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: '2030-03-10', vehicle_ids: [v.id] });
    expect(g.code, g.message).toBe(5000);
    expect(g.message).toBe('Planning généré');
    expect(g.data.entries).toHaveLength(5);
    expect(g.data.entries[0]).toMatchObject({
      type: 'planning',
      id: null,
      date: MONDAY,
      start_date: `${MONDAY}T08:30:00`,
      end_date: `${MONDAY}T18:30:00`,
      passation_date: null,
      slot: 'full',
      is_salary_day: false,
      role: 'principal',
      vehicle: { id: v.id, registration_number: v.registration_number, brand: 'Toyota', model: 'Corolla' },
      driver: { id: d, last_name: 'Atangana' },
      full_half: { id: d },
      first_half: null,
      second_half: null,
      salary_profile: null,
    });
    expect(g.data.conflicts).toEqual([]);
    expect(await storedRows(v.id)).toEqual([]); // a preview writes nothing

    const c = await h.generateAndConfirm(p, [v.id], MONDAY, '2030-03-10');
    expect(c.code, c.message).toBe(5000);
    expect(c.message).toBe('Planning confirmé');
    expect(c.data).toMatchObject({ created: 5, replaced: 0 });
    expect(c.data.entries.every((e: { id: string | null }) => typeof e.id === 'string')).toBe(true);

    // The calendar pads the period by one day each side: asking Tuesday to Thursday shows Monday to Friday.
    const cal = await get(`/api/planning/${p.fx.park.id}?start_date=2030-03-05&end_date=2030-03-07`);
    expect(cal.code, cal.message).toBe(5000);
    expect(cal.data.map((e: { date: string }) => e.date)).toEqual(['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08']);
    expect(cal.data[0]).toMatchObject({ type: 'planning', start_date: `${MONDAY}T08:30:00`, end_date: `${MONDAY}T18:30:00`, driver: { id: d }, vehicle: { id: v.id } });

    const byVehicle = await get(`/api/vehicle/work-program/${v.id}?start_date=${MONDAY}&end_date=2030-03-10`);
    expect(byVehicle.data).toHaveLength(5);
    const byDriver = await get(`/api/driver/work-program/${d}?start_date=2030-03-08T00:00:00&end_date=2030-03-08T00:00:00`);
    expect(byDriver.data.map((e: { date: string }) => e.date)).toEqual(['2030-03-07', '2030-03-08']);
  });

  it('confirming the same period twice gives the same rows, never duplicates', async () => {
    const { v } = await h.plannedVehicle(p, 'Bella');
    const first = await h.generateAndConfirm(p, [v.id], MONDAY, '2030-03-31');
    expect(first.data).toMatchObject({ created: 28, replaced: 0 });
    const before = await storedRows(v.id);
    const second = await h.generateAndConfirm(p, [v.id], MONDAY, '2030-03-31');
    expect(second.code, second.message).toBe(5000);
    expect(second.data).toMatchObject({ created: 28, replaced: 28 });
    expect(await storedRows(v.id)).toEqual(before);
    expect(before).toHaveLength(28);
  });

  it('two confirmations of the same period at once leave one set of rows', async () => {
    const { v } = await h.plannedVehicle(p, 'Course');
    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: '2030-03-17', vehicle_ids: [v.id] });
    const entries = g.data.entries.map((e: Record<string, any>) => ({ date: e.date, vehicle_id: v.id, driver_id: e.driver.id, slot: e.slot, role: e.role }));
    const body = { start_date: MONDAY, end_date: '2030-03-17', vehicle_ids: [v.id], entries };
    const answers = await Promise.all([h.confirm(p.owner, body), h.confirm(p.owner, body), h.confirm(p.owner, body)]);
    expect(answers.map((a) => a.code)).toEqual([5000, 5000, 5000]);
    expect(await storedRows(v.id)).toHaveLength(14);
  });

  it('replaces only the listed vehicles over the period; outside it, entries stay', async () => {
    const one = await h.plannedVehicle(p, 'Un');
    const two = await h.plannedVehicle(p, 'Deux');
    await h.generateAndConfirm(p, [one.v.id, two.v.id], MONDAY, '2030-03-10');
    // An empty confirmation of vehicle one over Wednesday to Friday clears those days of it alone.
    const r = await h.confirm(p.owner, { start_date: '2030-03-06', end_date: '2030-03-08', vehicle_ids: [one.v.id], entries: [] });
    expect(r.data).toMatchObject({ created: 0, replaced: 3 });
    expect((await storedRows(one.v.id)).map((e) => e.day)).toEqual(['2030-03-04', '2030-03-05', '2030-03-09', '2030-03-10']);
    expect(await storedRows(two.v.id)).toHaveLength(7);
  });

  it('hourly: two slots a day with the handover, kept through confirmation', async () => {
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
    const c = await h.generateAndConfirm(p, [v.id], MONDAY, MONDAY);
    expect(c.code, c.message).toBe(5000);
    const [first, second] = c.data.entries;
    expect(first).toMatchObject({ slot: 'first', driver: { id: a }, first_half: { id: a }, full_half: null, second_half: null });
    expect(second).toMatchObject({ slot: 'second', driver: { id: b }, second_half: { id: b }, first_half: null });
    expect([first.start_date, first.end_date, second.start_date, second.end_date]).toEqual([`${MONDAY}T06:00:00`, `${MONDAY}T14:00:00`, `${MONDAY}T14:00:00`, `${MONDAY}T22:00:00`]);
    expect(first.passation_date).toBe(`${MONDAY}T14:00:00`);
    expect(second.passation_date).toBe(second.start_date);
  });

  it('the salary day carries the salary profile of the recipe configuration', async () => {
    const v = await h.vehicle(p);
    const d = await h.driver(p, 'Paye');
    await h.configure(p, v.id, { work_planning: 'daily', number_drivers: 1, salary_day_config: true, salary_day_id: 7, profiles: [{ driver_id: d, work_day: [1, 2, 3, 4, 5, 6] }] });
    const rec = await h.call(p.owner, 'POST', `/api/vehicle/update/${v.id}`, {
      update_type: 'recipe',
      recipes: { collection_type: 'recipe_objective', collection_method: 'cash', freequency: 'daily', amount: 15000, salary_amount: 5000 },
    });
    expect(rec.code, rec.message).toBe(5000);
    const c = await h.generateAndConfirm(p, [v.id], MONDAY, '2030-03-10');
    const sunday = c.data.entries.find((e: { date: string }) => e.date === '2030-03-10');
    expect(sunday).toMatchObject({ is_salary_day: true, driver: { id: d }, salary_profile: { salary_amount: 5000 } });
    expect(c.data.entries.filter((e: { is_salary_day: boolean }) => e.is_salary_day)).toHaveLength(1);
    expect((await storedRows(v.id)).find((e) => e.day === '2030-03-10')?.isSalaryDay).toBe(true);
  });

  it('shows a vehicle put in maintenance by hand (no maintenance record) as an entretien entry from today', async () => {
    const { v } = await h.plannedVehicle(p, 'Garage');
    await h.setVehicleStatus(v.id, 'maintain');
    const cal = await get(`/api/planning/${p.fx.park.id}?start_date=${MONDAY}&end_date=2030-03-10`);
    expect(cal.data).toEqual([
      { type: 'entretien', maintenance_id: null, date: '2030-03-03', start_date: '2030-03-03T00:00:00', end_date: '2030-03-11T23:59:59', vehicle: expect.objectContaining({ id: v.id }) },
    ]);
    const program = await get(`/api/vehicle/work-program/${v.id}?start_date=${MONDAY}&end_date=${MONDAY}`);
    expect(program.data).toEqual([expect.objectContaining({ type: 'entretien', vehicle: expect.objectContaining({ id: v.id }) })]);
  });
});

describe('conflicts', () => {
  it('a day off: reported by generate in French, refused by confirm', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Repos');
    await h.setDriver(d, { daysOff: [3] });
    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: '2030-03-10', vehicle_ids: [v.id] });
    expect(g.data.entries.map((e: { date: string }) => e.date)).not.toContain('2030-03-06');
    expect(g.data.conflicts).toEqual([
      {
        date: '2030-03-06',
        vehicle: { id: v.id, label: null, registration_number: v.registration_number },
        driver: { id: d, first_name: 'Jean', last_name: 'Repos' },
        reason: 'day_off',
        message: 'Jean Repos est en repos le mercredi 06/03/2030',
        replaced_by: null,
      },
    ]);
    const r = await h.confirm(p.owner, { start_date: MONDAY, end_date: '2030-03-10', vehicle_ids: [v.id], entries: [{ date: '2030-03-06', vehicle_id: v.id, driver_id: d }] });
    expect([r.status, r.code, r.message]).toEqual([422, 4404, 'Jean Repos est en repos le mercredi 06/03/2030']);
    expect(r.data.errors[0].field).toBe('entries.0.driver_id');
  });

  it('a suspended driver is listed, and not planned from his suspension day', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Suspendu');
    await h.setDriver(d, { blockedAt: new Date() });
    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [v.id] });
    expect(g.data.entries).toEqual([]);
    expect(g.data.conflicts[0]).toMatchObject({ reason: 'suspended', message: expect.stringMatching(/^Jean Suspendu est suspendu depuis le \d\d\/\d\d\/\d{4}$/) });
    expect(g.data.vehicles_without_planning).toEqual([{ vehicle: expect.objectContaining({ id: v.id }), message: 'Aucun chauffeur disponible sur cette période' }]);
  });

  it('one driver on two vehicles the same day is refused, naming the other vehicle', async () => {
    const one = await h.plannedVehicle(p, 'Double', [1, 2]);
    const two = await h.vehicle(p);
    await h.generateAndConfirm(p, [one.v.id], MONDAY, '2030-03-10');
    const r = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [two.id], entries: [{ date: MONDAY, vehicle_id: two.id, driver_id: one.d }] });
    // The second vehicle has no configuration: that is said first.
    expect([r.status, r.code]).toEqual([422, 4402]);
    const other = await h.plannedVehicle(p, 'Autre', [3]);
    const busy = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [other.v.id], entries: [{ date: MONDAY, vehicle_id: other.v.id, driver_id: one.d }] });
    expect([busy.status, busy.code, busy.message]).toEqual([409, 4405, `Jean Double est déjà planifié sur le véhicule ${one.v.registration_number} le 04/03/2030`]);
    // Two vehicles in one confirmation wanting him the same day: refused too.
    const both = await h.confirm(p.owner, {
      start_date: MONDAY,
      end_date: MONDAY,
      vehicle_ids: [one.v.id, other.v.id],
      entries: [
        { date: MONDAY, vehicle_id: one.v.id, driver_id: other.d },
        { date: MONDAY, vehicle_id: other.v.id, driver_id: other.d },
      ],
    });
    expect([both.status, both.code]).toEqual([409, 4405]);
    // Nothing moved: the first vehicle keeps its week.
    expect(await storedRows(one.v.id)).toHaveLength(2);
  });

  it('refuses a vehicle in maintenance, a half slot on a daily vehicle, and two entries on one slot', async () => {
    const { v, d } = await h.plannedVehicle(p, 'Regles');
    const entry = (over: Record<string, unknown> = {}) => ({ date: MONDAY, vehicle_id: v.id, driver_id: d, ...over });
    const confirmOne = (entries: unknown[]) => h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [v.id], entries });
    const half = await confirmOne([entry({ slot: 'first' })]);
    expect([half.status, half.code]).toEqual([422, 4407]);
    const twice = await confirmOne([entry(), entry()]);
    expect([twice.status, twice.code]).toEqual([409, 4406]);
    await h.setVehicleStatus(v.id, 'maintain');
    const maintain = await confirmOne([entry()]);
    expect([maintain.status, maintain.code, maintain.message]).toEqual([422, 4403, `Le véhicule ${v.registration_number} est en maintenance`]);
  });
});

describe('availability', () => {
  it('available vehicles and drivers are those in service with no entry in the period', async () => {
    const planned = await h.plannedVehicle(p, 'Occupe');
    const free = await h.plannedVehicle(p, 'Libre');
    const inMaintenance = await h.vehicle(p);
    await h.setVehicleStatus(inMaintenance.id, 'maintain');
    const suspended = await h.driver(p, 'Suspendu');
    await h.setDriver(suspended, { blockedAt: new Date() });
    await h.generateAndConfirm(p, [planned.v.id], MONDAY, '2030-03-10');

    const q = `start_date=2030-03-05&end_date=2030-03-06`;
    const vehicles = await get(`/api/planning/available-vehicle?${q}`);
    expect(vehicles.code, vehicles.message).toBe(5000);
    expect(vehicles.data.map((v: { id: string }) => v.id)).toEqual([free.v.id]);
    const drivers = await get(`/api/planning/available-driver?${q}`);
    expect(drivers.data.map((d: { id: string }) => d.id)).toEqual([free.d]);
    // After the planned week, everything in service is free again.
    const later = await get('/api/planning/available-vehicle?start_date=2030-03-11&end_date=2030-03-12');
    expect(later.data.map((v: { id: string }) => v.id).sort()).toEqual([planned.v.id, free.v.id].sort());
  });

  it('lists unavailable vehicles and drivers with the reason and the days', async () => {
    const broken = await h.vehicle(p);
    await h.setVehicleStatus(broken.id, 'maintain');
    const gone = await h.vehicle(p);
    await h.setVehicleStatus(gone.id, 'deactivated');
    await h.vehicle(p);
    const vehicles = await get('/api/park/indisponibilities?start_date=2030-03-04&end_date=2030-03-10');
    expect(vehicles.data).toEqual(
      expect.arrayContaining([
        { vehicle: expect.objectContaining({ id: broken.id }), reason: 'maintain', message: 'Véhicule en maintenance', maintenance_id: null, start_date: null, end_date: null },
        { vehicle: expect.objectContaining({ id: gone.id }), reason: 'deactivated', message: 'Véhicule désactivé', maintenance_id: null, start_date: null, end_date: null },
      ]),
    );
    expect(vehicles.data).toHaveLength(2);

    const resting = await h.driver(p, 'Repos');
    await h.setDriver(resting, { daysOff: [6, 7] });
    const blocked = await h.driver(p, 'Bloque');
    await h.setDriver(blocked, { blockedAt: new Date('2030-03-06T10:00:00Z') });
    await h.driver(p, 'Disponible');
    const drivers = await get('/api/indisponibles-drivers?start_date=2030-03-04&end_date=2030-03-10');
    expect(drivers.data).toEqual([
      { driver: expect.objectContaining({ id: blocked, last_name: 'Bloque' }), reason: 'suspended', message: 'Suspendu depuis le 06/03/2030', dates: ['2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10'] },
      { driver: expect.objectContaining({ id: resting }), reason: 'day_off', message: 'Jours de repos : samedi, dimanche', dates: ['2030-03-09', '2030-03-10'] },
    ]);
  });
});

describe('input and parks', () => {
  it('answers wrong input with French 400s', async () => {
    const missing = await h.generate(p.owner, {});
    expect([missing.status, missing.message]).toEqual([400, 'La date de début est requise']);
    const inverted = await h.generate(p.owner, { start_date: '2030-03-10', end_date: MONDAY });
    expect([inverted.status, inverted.message]).toEqual([400, 'La date de fin doit être postérieure ou égale à la date de début']);
    const long = await h.generate(p.owner, { start_date: '2030-01-01', end_date: '2030-06-30' });
    expect([long.status, long.message]).toEqual([400, 'La période ne peut pas dépasser 93 jours']);
    const badId = await h.generate(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: ['pas-un-id'] });
    expect([badId.status, badId.message]).toEqual([400, 'Véhicule invalide']);
    const { v, d } = await h.plannedVehicle(p, 'Hors');
    const outside = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [v.id], entries: [{ date: '2030-03-05', vehicle_id: v.id, driver_id: d }] });
    expect([outside.status, outside.message]).toEqual([400, 'Cette entrée est en dehors de la période confirmée']);
    expect(outside.data.errors[0].field).toBe('entries.0.date');
    const noVehicles = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [], entries: [] });
    expect([noVehicles.status, noVehicles.message]).toEqual([400, 'Veuillez sélectionner au moins un véhicule']);
    const badDate = await get(`/api/planning/${p.fx.park.id}?start_date=2030-02-30`);
    expect([badDate.status, badDate.message]).toEqual([400, 'Date invalide (format attendu yyyy-MM-dd)']);
  });

  it("refuses another park's vehicles, drivers and calendar", async () => {
    const other = await h.newPark(`Parc Autre ${++parks}`);
    const theirs = await h.plannedVehicle(other, 'Etranger');
    const mine = await h.plannedVehicle(p, 'Local');

    const g = await h.generate(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [theirs.v.id] });
    expect([g.status, g.code]).toEqual([404, 4140]);
    const c1 = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [theirs.v.id], entries: [] });
    expect(c1.status).toBe(404);
    const c2 = await h.confirm(p.owner, { start_date: MONDAY, end_date: MONDAY, vehicle_ids: [mine.v.id], entries: [{ date: MONDAY, vehicle_id: mine.v.id, driver_id: theirs.d }] });
    expect([c2.status, c2.code]).toEqual([404, 4120]);
    expect((await get(`/api/planning/${other.fx.park.id}?start_date=${MONDAY}&end_date=${MONDAY}`)).status).toBe(403);
    expect((await get(`/api/vehicle/work-program/${theirs.v.id}`)).status).toBe(404);
    expect((await get(`/api/driver/work-program/${theirs.d}`)).status).toBe(404);
  });

  it('needs MANAGE_DRIVER_VEHICLE to generate, and VIEW_PLANNING or it to read', async () => {
    const member = await ctx.addMember(p.fx.park.id, { type: 'agent', roleNames: [] });
    const bare = await ctx.signIn({ email: member.email, password: member.password, type: 'agent' });
    const r = await h.generate(bare, { start_date: MONDAY, end_date: MONDAY });
    expect([r.status, r.code]).toEqual([403, 4030]);
    expect((await h.call(bare, 'GET', `/api/planning/${p.fx.park.id}`)).status).toBe(403);
  });

  it('planPeriod (seeds and jobs) confirms a period longer than the routes allow, in steps', async () => {
    const { v } = await h.plannedVehicle(p, 'Graine');
    const deps = { db: ctx.database.db, files: { signingKey: ctx.config.jwtSecret } };
    const park = { parkId: p.fx.park.id, timeZone: 'Africa/Douala', currency: 'XAF' };
    const r = await planPeriod(deps, park, '2030-01-01', '2030-04-30');
    expect(r).toEqual({ created: 120, conflicts: 0 });
    expect(await storedRows(v.id)).toHaveLength(120);
    // Again: the same rows.
    await planPeriod(deps, park, '2030-01-01', '2030-04-30');
    expect(await storedRows(v.id)).toHaveLength(120);
  });

  it('without a period, the calendar reads the current month (padded)', async () => {
    const r = await get(`/api/planning/${p.fx.park.id}`);
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toEqual([]);
  });
});
