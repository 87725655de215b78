import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_GPS_MESSAGES as M } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { toWireDate } from '../../platform/dates.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { insertPhoneDriver, signInDriver, type DriverSession } from '../driver-space/driver-space-test-helpers.ts';
import { addDays } from '../planning/planning-days.ts';
import { planningEntries } from '../planning/planning.tables.ts';
import { purgeExpiredPositions } from './phone-gps.job.ts';
import { driverPositions } from './phone-gps.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const TZ = 'Africa/Douala';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const as = (s: DriverSession) => ({ token: s.token, profileId: s.profileId });
const todayInPark = () => toWireDate(new Date(), TZ).slice(0, 10);

let parkCount = 0;
let vehicles = 0;
async function park() {
  const fx = await ctx.createPark({ name: `Parc GPS téléphones ${++parkCount}` });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { id: fx.park.id, owner: { token: owner.token, profileId: owner.profile_id } };
}
type Park = Awaited<ReturnType<typeof park>>;

/** A slot of his confirmed planning from `from` to `to` (ms from now), on the service day `day`. */
async function plan(p: Park, driverId: string, from: number, to: number, day = todayInPark()) {
  const now = Date.now();
  // A vehicle per slot: (vehicle, day, slot) is unique.
  const vehicleId = await insertVehicle(ctx.database.db, p.id, { registration: `GPS-${++vehicles}` });
  await ctx.database.db.insert(planningEntries).values({ parkId: p.id, vehicleId, driverId, day, slot: 'full', startsAt: new Date(now + from), endsAt: new Date(now + to) });
}

async function driverOf(p: Park, name = 'Essomba') {
  const d = await insertPhoneDriver(ctx, p.id, { firstName: 'Paul', lastName: name });
  return { id: d.id, session: await signInDriver(ctx, d.phone) };
}

const fix = (over: Record<string, unknown> = {}) => ({ latitude: 4.0511, longitude: 9.7679, accuracy: 12, speed: 10, heading: 90, recorded_at: Date.now() - 2_000, ...over });
const post = (s: DriverSession, body: unknown) => ctx.api('POST', '/api/driver/me/position', { ...as(s), body });
const consent = (s: DriverSession, yes = true) => ctx.api('POST', '/api/driver/me/gps/consent', { ...as(s), body: { consent: yes } });
const stored = async (driverId: string) => (await ctx.database.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId))).length;

describe('the driver: consent and reports', () => {
  it('needs his consent, given once, and withdrawing it stops the reports', async () => {
    const p = await park();
    const d = await driverOf(p);
    await plan(p, d.id, -HOUR, 3 * HOUR);

    const before = await ctx.api('GET', '/api/driver/me/gps', as(d.session));
    expect(before.status).toBe(200);
    expect(before.data).toMatchObject({ consent: false, consent_at: null, on_duty: true, interval_seconds: 30 });
    expect(before.data.shift.start_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const refused = await post(d.session, fix());
    expect(refused.status).toBe(403);
    expect(refused.message).toBe(M.consentRequired);
    expect(await stored(d.id)).toBe(0);

    const given = await consent(d.session);
    expect(given.status).toBe(200);
    expect(given.message).toBe(M.consentGiven);
    expect(given.data.consent).toBe(true);
    const again = await consent(d.session);
    expect(again.data.consent_at).toBe(given.data.consent_at);

    const ok = await post(d.session, fix());
    expect(ok.status, ok.message).toBe(200);
    expect(ok.message).toBe(M.positionSaved);
    expect(ok.data.next_in_seconds).toBe(30);
    const [row] = await ctx.database.db.select().from(driverPositions).where(eq(driverPositions.driverId, d.id));
    expect(row).toMatchObject({ parkId: p.id, latitude: 4.0511, longitude: 9.7679, accuracyM: 12, speedKmh: 36, heading: 90 });

    const withdrawn = await consent(d.session, false);
    expect(withdrawn.message).toBe(M.consentWithdrawn);
    expect(withdrawn.data).toMatchObject({ consent: false, consent_at: null });
    await ctx.database.db.update(driverPositions).set({ receivedAt: new Date(Date.now() - 60_000) }).where(eq(driverPositions.driverId, d.id));
    expect((await post(d.session, fix())).status).toBe(403);
    expect(await stored(d.id)).toBe(1);
  });

  it('refuses a report outside his planned hours (409), accepts one in a night slot begun yesterday', async () => {
    const p = await park();
    const off = await driverOf(p, 'Repos');
    await consent(off.session);
    const none = await post(off.session, fix());
    expect(none.status).toBe(409);
    expect(none.message).toBe("Vous n'êtes pas en service\u00a0: votre position n'est pas enregistrée");
    await plan(p, off.id, -5 * HOUR, -HOUR);
    await plan(p, off.id, 2 * HOUR, 4 * HOUR);
    expect((await post(off.session, fix())).status).toBe(409);
    const status = await ctx.api('GET', '/api/driver/me/gps', as(off.session));
    expect(status.data.on_duty).toBe(false);
    // The next slot of today; late in the evening it starts tomorrow, and today has none left.
    const nextStart = new Date(Date.now() + 2 * HOUR);
    if (toWireDate(nextStart, TZ).slice(0, 10) === todayInPark()) expect(status.data.shift.start_date > toWireDate(new Date(Date.now() + HOUR), TZ)).toBe(true);
    else expect(status.data.shift).toBeNull();
    expect(await stored(off.id)).toBe(0);

    const night = await driverOf(p, 'Nuit');
    await consent(night.session);
    await plan(p, night.id, -10 * HOUR, HOUR, addDays(todayInPark(), -1));
    expect((await post(night.session, fix())).status).toBe(200);
  });

  it('stores at most one position every 30 s (429 with a French message, nothing stored)', async () => {
    const p = await park();
    const d = await driverOf(p);
    await plan(p, d.id, -HOUR, HOUR);
    await consent(d.session);
    expect((await post(d.session, fix())).status).toBe(200);
    const soon = await post(d.session, fix({ latitude: 4.06 }));
    expect(soon.status).toBe(429);
    expect(soon.message).toBe(M.tooSoon);
    expect(await stored(d.id)).toBe(1);
    // Two at once: one goes in.
    await ctx.database.db.update(driverPositions).set({ receivedAt: new Date(Date.now() - 31_000) }).where(eq(driverPositions.driverId, d.id));
    const both = await Promise.all([post(d.session, fix()), post(d.session, fix())]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(await stored(d.id)).toBe(2);
  });

  it('checks the coordinates and the fix time (400)', async () => {
    const p = await park();
    const d = await driverOf(p);
    await plan(p, d.id, -HOUR, HOUR);
    await consent(d.session);
    const cases: [Record<string, unknown>, string][] = [
      [{ latitude: 91 }, M.latitude],
      [{ longitude: -181 }, M.longitude],
      [{ accuracy: -1 }, M.accuracy],
      [{ heading: 400 }, M.heading],
      [{ recorded_at: Date.now() - 11 * 60_000 }, M.fixTooOld],
      [{ recorded_at: Date.now() + 5 * 60_000 }, M.fixInFuture],
      [{ recorded_at: 'hier' }, M.recordedAt],
    ];
    for (const [over, message] of cases) {
      const r = await post(d.session, fix(over));
      expect(r.status, JSON.stringify(over)).toBe(400);
      expect(r.message, JSON.stringify(over)).toBe(message);
    }
    expect(await stored(d.id)).toBe(0);
    // A wire datetime in the park's zone, and an ISO instant, are fix times too.
    const wire = await post(d.session, fix({ recorded_at: toWireDate(new Date(Date.now() - 60_000), TZ), speed: null, heading: null }));
    expect(wire.status, wire.message).toBe(200);
    await ctx.database.db.update(driverPositions).set({ receivedAt: new Date(Date.now() - 31_000) }).where(eq(driverPositions.driverId, d.id));
    expect((await post(d.session, fix({ recorded_at: new Date(Date.now() - 5_000).toISOString() }))).status).toBe(200);
  });

  it("is the driver's only: a park owner can't post a position, a driver can't read the park's phones", async () => {
    const p = await park();
    const d = await driverOf(p);
    const owner = await post({ token: p.owner.token, profileId: p.owner.profileId } as DriverSession, fix());
    expect(owner.status).toBe(403);
    const phones = await ctx.api('GET', '/api/gps/phones', as(d.session));
    expect(phones.status).toBe(403);
    const history = await ctx.api('GET', `/api/driver/position-history/${d.session.profileId}`, as(d.session));
    expect(history.status).toBe(403);
  });
});

async function insertPositions(p: Park, driverId: string, agesMs: number[]) {
  const now = Date.now();
  await ctx.database.db.insert(driverPositions).values(
    agesMs.map((age, i) => ({ parkId: p.id, driverId, recordedAt: new Date(now - age), receivedAt: new Date(now - age + 1_000), latitude: 4 + i / 1000, longitude: 9.7, accuracyM: 10 })),
  );
}

describe('the park: phones and history', () => {
  it('lists the drivers who consented, with their last position, its age and whether on duty', async () => {
    const p = await park();
    const a = await driverOf(p, 'Atangana');
    const b = await driverOf(p, 'Bella');
    await driverOf(p, 'Sans consentement');
    await consent(a.session);
    await consent(b.session);
    await plan(p, a.id, -HOUR, HOUR);
    await insertPositions(p, a.id, [5 * 60_000, 2 * 60_000, 10 * 60_000]);

    const r = await ctx.api('GET', '/api/gps/phones', p.owner);
    expect(r.status, r.message).toBe(200);
    expect(r.data.retention_days).toBe(90);
    expect(r.data.items.map((i: { driver: { last_name: string } }) => i.driver.last_name)).toEqual(['Atangana', 'Bella']);
    const [ia, ib] = r.data.items;
    expect(ia.on_duty).toBe(true);
    expect(ia.driver.profile_id).toBe(a.session.profileId);
    expect(ia.last_position.latitude).toBe(4.001);
    expect(ia.age_seconds).toBeGreaterThanOrEqual(120);
    expect(ia.age_seconds).toBeLessThan(130);
    expect(ib).toMatchObject({ on_duty: false, last_position: null, age_seconds: null });
  });

  it('pages a driver\'s history newest first (5 by default), by profile or driver id, between dates of the park', async () => {
    const p = await park();
    const d = await driverOf(p);
    await insertPositions(p, d.id, [1, 2, 3, 4, 5, 6, 7].map((n) => n * 60_000).concat([3 * DAY]));

    const first = await ctx.api('GET', `/api/driver/position-history/${d.session.profileId}`, p.owner);
    expect(first.status, first.message).toBe(200);
    expect(first.data.meta).toEqual({ page: 1, itemPerPage: 5, total: 8 });
    expect(first.data.items.map((i: { latitude: number }) => i.latitude)).toEqual([4, 4.001, 4.002, 4.003, 4.004]);
    expect(first.data.items[0].recorded_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(first.data.driver).toMatchObject({ id: d.id, profile_id: d.session.profileId });

    const second = await ctx.api('GET', `/api/driver/position-history/${d.id}?itemPerPage=5&page=2`, p.owner);
    expect(second.data.items.map((i: { latitude: number }) => i.latitude)).toEqual([4.005, 4.006, 4.007]);

    const [old] = await ctx.database.db.select().from(driverPositions).where(and(eq(driverPositions.driverId, d.id), sql`${driverPositions.latitude} = 4.007`));
    const oldDay = toWireDate(old.recordedAt, TZ).slice(0, 10);
    const onlyOld = await ctx.api('GET', `/api/driver/position-history/${d.id}?start_date=${oldDay}&end_date=${oldDay}`, p.owner);
    expect(onlyOld.data.meta.total).toBe(1);
    expect(onlyOld.data.items[0].recorded_at).toBe(toWireDate(old.recordedAt, TZ));
    const since = await ctx.api('GET', `/api/driver/position-history/${d.id}?start_date=${toWireDate(new Date(Date.now() - 3.5 * 60_000), TZ)}`, p.owner);
    expect(since.data.meta.total).toBe(3);

    const bad = await ctx.api('GET', `/api/driver/position-history/${d.id}?start_date=2026-02-30`, p.owner);
    expect(bad.status).toBe(400);
    const reversed = await ctx.api('GET', `/api/driver/position-history/${d.id}?start_date=2026-11-20&end_date=2026-11-10`, p.owner);
    expect(reversed.status).toBe(400);
    expect(reversed.message).toBe(M.period);
  });

  it("answers 404 for another park's driver, by either id, and for an id that is not one", async () => {
    const p = await park();
    const other = await park();
    const d = await driverOf(other);
    for (const id of [d.id, d.session.profileId, 'abc']) {
      const r = await ctx.api('GET', `/api/driver/position-history/${id}`, p.owner);
      expect(r.status, id).toBe(404);
    }
  });
});

describe('retention', () => {
  it("deletes, in batches, only the positions older than each park's retention", async () => {
    const a = await park();
    const b = await park();
    const put = await ctx.api('PUT', `/api/park/${b.id}`, { ...b.owner, body: { gps_retention_days: 10 } });
    expect(put.status, put.message).toBe(200);
    expect(put.data.gps_retention_days).toBe(10);
    expect((await ctx.api('PUT', `/api/park/${b.id}`, { ...b.owner, body: { gps_retention_days: 0 } })).status).toBe(400);
    const da = await driverOf(a);
    const db = await driverOf(b);
    await insertPositions(a, da.id, [5 * DAY, 20 * DAY, 89 * DAY, 91 * DAY, 100 * DAY, 200 * DAY]);
    await insertPositions(b, db.id, [5 * DAY, 9 * DAY, 11 * DAY, 20 * DAY, 100 * DAY]);

    const result = await purgeExpiredPositions(ctx.database.db, new Date(), 2);
    expect(result).toEqual({ parks: 2, deleted: 6 });
    const left = async (driverId: string) =>
      (await ctx.database.db.select().from(driverPositions).where(eq(driverPositions.driverId, driverId)))
        .map((r) => Math.round((Date.now() - r.recordedAt.getTime()) / DAY))
        .sort((x, y) => x - y);
    expect(await left(da.id)).toEqual([5, 20, 89]);
    expect(await left(db.id)).toEqual([5, 9]);
    expect((await purgeExpiredPositions(ctx.database.db, new Date(), 2)).deleted).toBe(0);
  });
});
