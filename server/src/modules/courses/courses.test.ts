import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES as M } from '@flotte/contract/courses';
import { createTestContext, type ParkFixture, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { clients } from '../clients/clients.tables.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { memberWith } from '../operations/operations-test-helpers.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { courses } from './courses.tables.ts';
import { AKWA, as, courseBody, courseCalls, insertClient, insertContact, insertMaintenance, insertPlanningEntry, insertVehicleWithSeats } from './course-test-helpers.ts';

let ctx: TestContext;
let fx: ParkFixture;
let owner: SignedIn;
let parkNo = 0;
let client: string;
let vehicle: string;
let driver: string;
const { create, update, get, created } = courseCalls(() => ctx, () => owner);

beforeAll(async () => {
  ctx = await createTestContext();
});
beforeEach(async () => {
  fx = await ctx.createPark({ name: `Parc Courses ${++parkNo}` });
  owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  client = await insertClient(ctx, fx.park.id);
  vehicle = await insertVehicleWithSeats(ctx, fx.park.id, `LT-${parkNo}01-CO`, 4);
  driver = await insertDriver(ctx, fx.park.id, { firstName: 'Jean', lastName: 'Atangana' });
});
// Whatever a test did to the park's courses, the counts the list's totals read (kept by triggers)
// equal the courses recounted.
afterEach(async () => {
  const { rows: kept } = await ctx.database.pool.query('select status, n from course_status_totals where park_id = $1 and n <> 0 order by status', [fx.park.id]);
  const { rows: recounted } = await ctx.database.pool.query('select status, count(*)::int as n from courses where park_id = $1 group by status order by status', [fx.park.id]);
  expect(kept).toEqual(recounted);
});
afterAll(() => ctx?.close());

describe('booking a course', () => {
  it('answers the course, its number per park, the road and "Course programmée avec succès"', async () => {
    const contact = await insertContact(ctx, fx.park.id, client);
    const r = await create(courseBody(client, { contact_id: contact, vehicle_id: vehicle, driver_id: driver, number_of_people: 3, description: 'Vol AF 900' }));
    expect(r.code, r.message).toBe(5000);
    expect(r.message).toBe('Course programmée avec succès');
    expect(r.data).toMatchObject({
      number: 1,
      kind: 1,
      status: 'awaiting',
      client: { id: client, name: 'Hôtel Akwa Palace', sex: 'Monsieur' },
      contact: { id: contact, name: 'Marie Ekambi' },
      start_address: { name: 'Aéroport de Douala', description: 'Terminal national', latitude: 4.0061, longitude: 9.7197 },
      end_address: { name: 'Akwa', description: null },
      start_date: '2030-03-04T08:00:00',
      end_date: '2030-03-04T10:00:00',
      vehicle: { id: vehicle, registration_number: `LT-${parkNo}01-CO`, current_driver: null },
      driver: { id: driver, name: 'Jean Atangana' },
      number_of_people: 3,
      amount: 15000,
      description: 'Vol AF 900',
      payment_mode: null,
      can: { update: true, cancel: true, start: true, finish: false, settle: false },
    });
    expect(r.data.reference).toMatch(/^BC-\d{4}-0001$/);
    expect(r.data.distance).toBeGreaterThan(4000);
    expect(['road', 'great_circle']).toContain(r.data.distance_source);
    expect(r.data.geometry.length).toBeGreaterThanOrEqual(2);
    const second = await created(courseBody(client, { start_date: '2030-03-05T08:00:00', end_date: '2030-03-05T09:00:00' }));
    expect(second.number).toBe(2);
    expect(second.vehicle).toBeNull();
    const [c] = await ctx.database.db.select({ n: clients.coursesCount }).from(clients).where(eq(clients.id, client));
    expect(c.n).toBe(2);
  });

  it('answers each form check with its French message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [courseBody(client, { client_id: undefined }), M.client],
      [courseBody(client, { start_address: undefined }), M.startAddress],
      [courseBody(client, { end_address: undefined }), M.endAddress],
      [courseBody(client, { start_date: undefined }), M.startDate],
      [courseBody(client, { end_date: '2030-03-04T07:00:00' }), M.endBeforeStart],
      [courseBody(client, { amount: -5 }), M.amount],
      [courseBody(client, { amount: 12.5 }), M.amount],
      [courseBody(client, { number_of_people: 0 }), M.people],
      [courseBody(client, { end_address: { ...AKWA, name: undefined } }), "Le nom de l'adresse est requis."],
    ];
    for (const [body, message] of cases) {
      const r = await create(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.message).toBe(message);
    }
  });

  it("refuses another park's client, contact, maintenance, vehicle or driver as not found, and people beyond the seats", async () => {
    const other = await ctx.createPark({ name: `Autre parc ${parkNo}` });
    const otherClient = await insertClient(ctx, other.park.id, 'Client ailleurs');
    const strangerContact = await insertContact(ctx, fx.park.id, await insertClient(ctx, fx.park.id, 'Autre client'));
    const otherVehicle = await insertVehicle(ctx.database.db, other.park.id, { registration: `XX-${parkNo}-OT` });
    const otherDriver = await insertDriver(ctx, other.park.id, { lastName: 'Ailleurs' });
    const otherMaintenance = await insertMaintenance(ctx, other.park.id, otherVehicle, '2030-03-01T00:00:00', '2030-03-02T00:00:00');
    const expectCode = async (body: Record<string, unknown>, code: number, status: number) => {
      const r = await create(body);
      expect([r.code, r.status], `${JSON.stringify(body)} ${r.message}`).toEqual([code, status]);
      return r;
    };
    await expectCode(courseBody(otherClient), 4800, 404);
    await expectCode(courseBody(client, { contact_id: strangerContact }), 4801, 404);
    await expectCode(courseBody(client, { kind: 2, maintenance_id: otherMaintenance }), 4820, 404);
    expect((await expectCode(courseBody(client, { kind: 2 }), 4001, 400)).message).toBe("Choisissez l'entretien que la course sert");
    await expectCode(courseBody(client, { vehicle_id: otherVehicle }), 4818, 404);
    await expectCode(courseBody(client, { driver_id: otherDriver }), 4819, 404);
    const tooMany = await expectCode(courseBody(client, { vehicle_id: vehicle, number_of_people: 5 }), 4817, 400);
    expect(tooMany.message).toBe('Ce véhicule a 4 places passagers');
    expect(tooMany.raw.json().errors ?? tooMany.raw.json().data).toBeDefined();
    // Nothing was written.
    expect(await ctx.database.db.select().from(courses).where(eq(courses.parkId, fx.park.id))).toHaveLength(0);
    // A maintenance of the park serves a kind-2 course.
    const ours = await insertMaintenance(ctx, fx.park.id, vehicle, '2030-03-01T00:00:00', '2030-03-02T00:00:00');
    const served = await created(courseBody(client, { kind: 2, maintenance_id: ours }));
    expect(served).toMatchObject({ kind: 2, maintenance_id: ours });
    // An edit turns it into a replacement course (no maintenance then), and back only with a maintenance of the park.
    expect((await update(served.id, { kind: 1 })).data).toMatchObject({ kind: 1, maintenance_id: null });
    expect((await update(served.id, { kind: 2 })).status).toBe(400);
    expect((await update(served.id, { kind: 2, maintenance_id: otherMaintenance })).code).toBe(4820);
    expect((await update(served.id, { kind: 2, maintenance_id: ours })).data).toMatchObject({ kind: 2, maintenance_id: ours });
  });
});

describe('vehicles and drivers free over the span', () => {
  it('refuses a vehicle or a driver another course has then, naming it; spans touching end to end are fine', async () => {
    const first = await created(courseBody(client, { vehicle_id: vehicle, driver_id: driver }));
    const other = await insertVehicleWithSeats(ctx, fx.park.id, `LT-${parkNo}02-CO`, 4);
    const byVehicle = await create(courseBody(client, { vehicle_id: vehicle, start_date: '2030-03-04T09:00:00', end_date: '2030-03-04T11:00:00' }));
    expect([byVehicle.code, byVehicle.status]).toEqual([4815, 409]);
    expect(byVehicle.message).toBe(`Ce véhicule a déjà la course ${first.reference} le 04/03/2030 de 08:00 à 10:00`);
    const byDriver = await create(courseBody(client, { vehicle_id: other, driver_id: driver, start_date: '2030-03-04T07:00:00', end_date: '2030-03-04T08:30:00' }));
    expect([byDriver.code, byDriver.message]).toEqual([4816, `Ce chauffeur a déjà la course ${first.reference} le 04/03/2030 de 08:00 à 10:00`]);
    expect((await create(courseBody(client, { vehicle_id: vehicle, driver_id: driver, start_date: '2030-03-04T10:00:00', end_date: '2030-03-04T11:00:00' }))).code).toBe(5000);
    // A canceled course holds nothing.
    expect((await update(first.id, { status: 'canceled' })).code).toBe(5000);
    expect((await create(courseBody(client, { vehicle_id: vehicle, driver_id: driver, start_date: '2030-03-04T09:00:00', end_date: '2030-03-04T09:30:00' }))).code).toBe(5000);
  });

  it('refuses a vehicle in maintenance, deactivated, and a suspended or deactivated driver', async () => {
    await insertMaintenance(ctx, fx.park.id, vehicle, '2030-03-04T00:00:00', '2030-03-05T00:00:00');
    const r = await create(courseBody(client, { vehicle_id: vehicle }));
    expect([r.code, r.message]).toEqual([4815, 'Ce véhicule est en entretien le 04/03/2030']);
    const off = await insertVehicle(ctx.database.db, fx.park.id, { registration: `OFF-${parkNo}`, status: 'deactivated' });
    expect((await create(courseBody(client, { vehicle_id: off }))).message).toBe('Ce véhicule est désactivé');
    const suspended = await insertDriver(ctx, fx.park.id, { lastName: 'Suspendu', status: 'suspended' });
    const gone = await insertDriver(ctx, fx.park.id, { lastName: 'Parti', status: 'deactivated' });
    expect((await create(courseBody(client, { driver_id: suspended }))).message).toBe('Ce chauffeur est suspendu');
    expect((await create(courseBody(client, { driver_id: gone }))).message).toBe('Ce chauffeur est désactivé');
  });

  it('follows the planning: a planned vehicle goes only with its planned driver, and he only with it', async () => {
    await insertPlanningEntry(ctx, fx.park.id, vehicle, driver, '2030-03-04T06:00:00', '2030-03-04T22:00:00');
    const other = await insertVehicleWithSeats(ctx, fx.park.id, `LT-${parkNo}03-CO`, 4);
    const otherDriver = await insertDriver(ctx, fx.park.id, { firstName: 'Paul', lastName: 'Biya' });
    const withOther = await create(courseBody(client, { vehicle_id: vehicle, driver_id: otherDriver }));
    expect([withOther.code, withOther.message]).toEqual([4815, 'Ce véhicule est conduit par Jean Atangana selon le planning le 04/03/2030 de 06:00 à 22:00']);
    expect((await create(courseBody(client, { vehicle_id: vehicle }))).code).toBe(4815);
    const elsewhere = await create(courseBody(client, { vehicle_id: other, driver_id: driver }));
    expect([elsewhere.code, elsewhere.message]).toEqual([4816, `Ce chauffeur travaille sur LT-${parkNo}01-CO selon le planning le 04/03/2030 de 06:00 à 22:00`]);
    const ok = await create(courseBody(client, { vehicle_id: vehicle, driver_id: driver }));
    expect(ok.code, ok.message).toBe(5000);
    expect(ok.data.vehicle.current_driver).toEqual({ id: driver, name: 'Jean Atangana' });
    // Another day, nobody is planned.
    expect((await create(courseBody(client, { vehicle_id: other, driver_id: otherDriver, start_date: '2030-03-06T08:00:00', end_date: '2030-03-06T09:00:00' }))).code).toBe(5000);
  });

  it('lists what is free: GET /course/availability', async () => {
    const planned = await insertVehicleWithSeats(ctx, fx.park.id, `LT-${parkNo}04-CO`, 7);
    const plannedDriver = await insertDriver(ctx, fx.park.id, { lastName: 'Planifié' });
    await insertPlanningEntry(ctx, fx.park.id, planned, plannedDriver, '2030-03-04T06:00:00', '2030-03-04T22:00:00');
    const inGarage = await insertVehicleWithSeats(ctx, fx.park.id, `LT-${parkNo}05-CO`, 4);
    await insertMaintenance(ctx, fx.park.id, inGarage, '2030-03-04T09:00:00', '2030-03-04T12:00:00');
    const booked = await created(courseBody(client, { vehicle_id: vehicle, driver_id: driver }));
    const free = await insertDriver(ctx, fx.park.id, { lastName: 'Libre' });
    await insertDriver(ctx, fx.park.id, { lastName: 'Suspendu', status: 'suspended' });
    const r = await get('/api/course/availability?start_date=2030-03-04T09:00:00&end_date=2030-03-04T11:00:00');
    expect(r.code, r.message).toBe(5000);
    expect(r.data.vehicles).toEqual([{ id: planned, registration_number: `LT-${parkNo}04-CO`, label: 'Corolla', seats: 7, current_driver_id: plannedDriver }]);
    expect(r.data.drivers.map((d: { id: string }) => d.id)).toEqual([free]);
    // The course itself aside, its vehicle and driver are free for it.
    const again = await get(`/api/course/availability?start_date=2030-03-04T09:00:00&end_date=2030-03-04T11:00:00&exclude_course_id=${booked.id}`);
    expect(again.data.vehicles.map((v: { id: string }) => v.id)).toContain(vehicle);
    expect(again.data.drivers.map((d: { id: string }) => d.id)).toEqual(expect.arrayContaining([driver, free]));
  });
});

describe('editing, starting, cancelling', () => {
  it('edits an awaiting course (re-routed, re-checked without itself), not a running one, never a closed one', async () => {
    const c = await created(courseBody(client, { vehicle_id: vehicle }));
    const moved = await update(c.id, { start_date: '2030-03-04T09:00:00', end_date: '2030-03-04T11:00:00', end_address: { name: 'Bonapriso', latitude: 4.03, longitude: 9.69 }, amount: 20000, driver_id: driver });
    expect(moved.code, moved.message).toBe(5000);
    expect(moved.message).toBe('Course mise à jour');
    expect(moved.data).toMatchObject({ start_date: '2030-03-04T09:00:00', end_address: { name: 'Bonapriso' }, amount: 20000, driver: { id: driver } });
    expect(moved.data.distance).not.toBe(c.distance);
    expect((await update(c.id, { number_of_people: 6 })).message).toBe('Ce véhicule a 4 places passagers');
    expect((await update(c.id, { end_date: '2030-03-04T08:00:00' })).message).toBe(M.endBeforeStart);

    const started = await update(c.id, { status: 'inProgres' });
    expect([started.code, started.message, started.data.status]).toEqual([5000, 'Course démarrée', 'inProgres']);
    expect(started.data.started_at).not.toBeNull();
    expect(started.data.can).toMatchObject({ update: false, cancel: true, finish: true });
    expect((await update(c.id, { amount: 1 })).code).toBe(4811);

    const canceled = await update(c.id, { status: 'canceled', cancel_reason: 'Vol annulé' });
    expect([canceled.code, canceled.message, canceled.data.status, canceled.data.cancel_reason]).toEqual([5000, 'Course annulée', 'canceled', 'Vol annulé']);
    expect(canceled.data.can).toEqual({ update: false, cancel: false, start: false, finish: false, settle: false });
    for (const body of [{ amount: 1 }, { status: 'canceled' }, { status: 'inProgres' }, { status: 'finished' }]) {
      expect((await update(c.id, body)).code, JSON.stringify(body)).toBe(4812);
    }
  });

  it('empties the vehicle, the driver and the description named in `clear`, and refuses a field both sent and cleared', async () => {
    const c = await created(courseBody(client, { vehicle_id: vehicle, driver_id: driver, description: 'Navette du matin' }));
    expect(c).toMatchObject({ vehicle: { id: vehicle }, driver: { id: driver }, description: 'Navette du matin' });
    const r = await update(c.id, { clear: ['vehicle_id', 'driver_id', 'description'] });
    expect(r.code, r.message).toBe(5000);
    expect(r.data).toMatchObject({ vehicle: null, driver: null, description: null });
    const both = await update(c.id, { vehicle_id: vehicle, clear: ['vehicle_id'] });
    expect(both.status).toBe(400);
    const notClearable = await update(c.id, { clear: ['amount'] });
    expect([notClearable.status, notClearable.message]).toEqual([400, 'Le champ « amount » ne peut pas être vidé']);
  });

  it('starts only with a vehicle and a driver (those of the same body count), finishes only a running course', async () => {
    const c = await created(courseBody(client));
    expect((await update(c.id, { status: 'finished' })).code).toBe(4814);
    expect((await update(c.id, { status: 'inProgres' })).code).toBe(4813);
    expect((await update(c.id, { status: 'inProgres', vehicle_id: vehicle })).code).toBe(4813);
    const r = await update(c.id, { status: 'inProgres', vehicle_id: vehicle, driver_id: driver });
    expect([r.code, r.data?.status]).toEqual([5000, 'inProgres']);
    const done = await update(c.id, { status: 'finished', payment_mode: 'receivable' });
    expect([done.code, done.message], done.message).toEqual([5000, 'Course terminée']);
    expect(done.data).toMatchObject({ status: 'finished', payment_mode: 'receivable' });
    expect(done.data.finished_at).not.toBeNull();
  });

  it("answers another park's course as not found, and refuses members without the permissions", async () => {
    const c = await created(courseBody(client));
    const other = await ctx.createPark({ name: `Parc voisin ${parkNo}` });
    const otherOwner = await ctx.signIn({ email: other.owner.email, password: other.owner.password, type: 'proprietaire' });
    expect((await get(`/api/course/${c.id}`, otherOwner)).code).toBe(4810);
    expect((await update(c.id, { status: 'canceled' }, otherOwner)).code).toBe(4810);
    expect((await get('/api/course/not-an-id')).code).toBe(4810);
    expect((await get(`/api/client/${client}/course`, otherOwner)).code).toBe(4800);
    expect((await get('/api/course', otherOwner)).data.meta.total).toBe(0);

    const nobody = await memberWith(ctx, owner, fx.park.id, ['READ_FINANCE']);
    expect((await get('/api/course', nobody)).status).toBe(403);
    expect((await get(`/api/course/${c.id}`, nobody)).status).toBe(403);
    expect((await create(courseBody(client), nobody)).status).toBe(403);
    const reader = await memberWith(ctx, owner, fx.park.id, ['VIEW_COURSES']);
    const seen = await get(`/api/course/${c.id}`, reader);
    expect(seen.code).toBe(5000);
    expect(seen.data.can).toEqual({ update: false, cancel: false, start: false, finish: false, settle: false });
    expect((await update(c.id, { status: 'canceled' }, reader)).status).toBe(403);
    expect((await ctx.api('PUT', '/api/course/tariff', { ...as(reader), body: { base_fee: 1, price_per_km: 1 } })).status).toBe(403);
  });
});

describe('the list', () => {
  it('groups running, coming and past courses, soonest or latest first, with filters and an exact total', async () => {
    const other = await insertClient(ctx, fx.park.id, 'Banque Atlantique');
    const day = (d: number, h = 8) => ({ start_date: `2030-03-${String(d).padStart(2, '0')}T${String(h).padStart(2, '0')}:00:00`, end_date: `2030-03-${String(d).padStart(2, '0')}T${String(h + 1).padStart(2, '0')}:00:00` });
    const a = await created(courseBody(client, day(10)));
    const b = await created(courseBody(client, day(5)));
    const cc = await created(courseBody(other, { ...day(7), vehicle_id: vehicle, driver_id: driver }));
    const d = await created(courseBody(other, day(3)));
    await update(d.id, { status: 'canceled' });
    const e = await created(courseBody(client, day(2)));
    await ctx.database.db.update(courses).set({ status: 'finished' }).where(eq(courses.id, e.id));
    await update(cc.id, { status: 'inProgres' });

    const ids = (r: { status: number; message: string; data: { items: { id: string }[] } }) => {
      expect(r.status, r.message).toBe(200);
      return r.data.items.map((i) => i.id);
    };
    expect(ids(await get('/api/course?group=upcoming'))).toEqual([b.id, a.id]);
    expect(ids(await get('/api/course?group=current'))).toEqual([cc.id]);
    expect(ids(await get('/api/course?group=past'))).toEqual([d.id, e.id]);
    expect(ids(await get('/api/course'))).toEqual([a.id, cc.id, b.id, d.id, e.id]);
    expect(ids(await get('/api/course?status=canceled'))).toEqual([d.id]);
    expect(ids(await get('/api/course?group=past&status=awaiting'))).toEqual([]);
    expect(ids(await get(`/api/course?client_id=${other}`))).toEqual([cc.id, d.id]);
    expect(ids(await get(`/api/course?vehicle_id=${vehicle}`))).toEqual([cc.id]);
    expect(ids(await get(`/api/course?driver_id=${driver}`))).toEqual([cc.id]);
    expect(ids(await get('/api/course?start_date=2030-03-05&end_date=2030-03-07'))).toEqual([cc.id, b.id]);
    expect((await get('/api/course?vehicle_id=nope')).message).toBe('Véhicule invalide');
    const page = await get('/api/course?page=2&itemPerPage=2');
    expect(ids(page)).toEqual([b.id, d.id]);
    expect(page.data.meta).toEqual({ page: 2, itemPerPage: 2, total: 5 });
    // Malformed or boundary input is a 400 or an empty answer, never a 500.
    for (const url of ['/api/course?page=9007199254740991', '/api/course?page=2147483648&itemPerPage=1000', `/api/course/availability?start_date=2030-03-04T08:00:00&end_date=2030-03-04T09:00:00&exclude_course_id=${'-'.repeat(36)}`, '/api/course?start_date=9999-12-31&end_date=0001-01-01', '/api/course?start_date=0001-01-01&end_date=9999-12-31', '/api/course/availability?start_date=0001-01-01T00:00:00&end_date=9999-12-31T23:59:59']) {
      expect((await get(url)).status, url).toBeLessThan(500);
    }
    for (const span of [{ start_date: '0001-01-01T00:00:00', end_date: '0001-01-01T02:00:00' }, { start_date: '9999-12-31T20:00:00', end_date: '9999-12-31T23:59:59' }]) {
      const r = await create(courseBody(client, { ...span, vehicle_id: vehicle, driver_id: driver }));
      expect(r.status, JSON.stringify(span)).toBeLessThan(500);
    }
    const theirs = await get(`/api/client/${client}/course?group=upcoming`);
    expect(ids(theirs)).toEqual([b.id, a.id]);
    expect(theirs.data.items[0]).toMatchObject({ client: { id: client }, status: 'awaiting', reference: b.reference });
  });
});

describe('the API document and the account reset', () => {
  it('documents every course route, in French', async () => {
    const doc = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const [path, method] of [['/api/course', 'post'], ['/api/course', 'get'], ['/api/course/{id}', 'put'], ['/api/course/{id}', 'get'], ['/api/client/{id}/course', 'get'], ['/api/course/availability', 'get'], ['/api/course/quote', 'get'], ['/api/course/tariff', 'put']]) {
      expect(doc.paths[path]?.[method]?.summary, `${method} ${path}`).toMatch(/[a-zé]/);
    }
  });

  it("erases the park's courses and tariff (the 'courses' option), before the clients'", async () => {
    const { resetOptions } = await import('../park/reset-registry.ts');
    const options = resetOptions();
    const mine = options.find((o) => o.code === 'courses')!;
    expect(options.findIndex((o) => o.code === 'courses')).toBeLessThan(options.findIndex((o) => o.code === 'clients'));
    await created(courseBody(client));
    await ctx.api('PUT', '/api/course/tariff', { ...as(owner), body: { base_fee: 1000, price_per_km: 100 } });
    await ctx.database.db.transaction((tx) => mine.reset(tx, fx.park.id, { storage: undefined as never, keepFileIds: new Set(), afterCommit: () => undefined }));
    expect((await get('/api/course')).data.meta.total).toBe(0);
    expect((await get('/api/course/tariff')).data).toMatchObject({ base_fee: 0, price_per_km: 0 });
    const [c] = await ctx.database.db.select({ n: clients.coursesCount }).from(clients).where(eq(clients.id, client));
    expect(c.n).toBe(0);
  });
});
