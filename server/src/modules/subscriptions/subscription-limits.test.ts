import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCodes, SUBSCRIPTION_PATH, SUBSCRIPTION_UPGRADE_PATH, TRIAL_DAYS, TRIAL_VEHICLES } from '@flotte/contract';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { FixtureSubscription } from '../../../test/subscription-fixture.ts';
import { formData, TINY_PNG } from '../../../test/multipart.ts';
import { files } from '../files/files.tables.ts';
import { insertRecipe } from '../recipes/recipes-test-helpers.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { as, insertDriver, vehicleBody } from '../vehicles/vehicle-test-helpers.ts';
import { addDays, parkToday } from './subscription-days.ts';
import { vehicleLimitMessage } from './subscription-limits.ts';
import { parkSubscriptions } from './subscriptions.tables.ts';

/**
 * The limits a subscription sets (issue 23): every route that adds a vehicle or puts one back in
 * service counts the vehicles against the subscription running today; a park without one can read
 * and collect money but not grow (vehicles, drivers, plannings, rotations).
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

let parks = 0;
async function park(subscription: FixtureSubscription) {
  const fx = await ctx.createPark({ name: `Parc Abonnement ${++parks}`, subscription });
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  return { parkId: fx.park.id, owner };
}

const createVehicle = (owner: SignedIn, body: unknown = vehicleBody(), headers?: Record<string, string>) => ctx.api('POST', '/api/vehicle', { ...as(owner), body, headers });
const activeVehicles = async (parkId: string) =>
  Number((await ctx.database.db.execute<{ n: number }>(sql`select count(*)::int as n from vehicles where park_id = ${parkId} and status <> 'deactivated'`)).rows[0].n);

async function addVehicles(owner: SignedIn, n: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const r = await createVehicle(owner);
    expect(r.code, r.message).toBe(5000);
    ids.push(r.data.id);
  }
  return ids;
}

function expectLimit(r: { status: number; code: number; message: string; data: any }, allowed: number, used: number) {
  expect(r.status, r.message).toBe(422);
  expect(r.code).toBe(ErrorCodes.SUBSCRIPTION_VEHICLE_LIMIT.code);
  expect(r.message).toBe(vehicleLimitMessage(allowed, used));
  expect(r.data).toEqual({ upgrade_path: SUBSCRIPTION_UPGRADE_PATH, vehicles_used: used, vehicles_allowed: allowed });
}

function expectExpired(r: { status: number; code: number; message: string; data: any }) {
  expect(r.status, r.message).toBe(422);
  expect(r.code).toBe(ErrorCodes.SUBSCRIPTION_EXPIRED.code);
  expect(r.message).toBe(ErrorCodes.SUBSCRIPTION_EXPIRED.message);
  expect(r.data).toEqual({ renew_path: SUBSCRIPTION_PATH });
}

describe('the free trial of a new park', () => {
  it('starts on sign-up: 30 days from today in the park’s time zone, 5 vehicles, in its currency', async () => {
    const n = `${process.pid}${Date.now()}`.slice(-8);
    const body = {
      owner_type: 'particulier',
      first_name: 'Mariam',
      last_name: 'Koné',
      phone: `+2250${n.slice(-8)}`,
      email: `trial${n}@test.flotte`,
      password: 'Bienvenue#2026',
      park: { name: 'Taxis Essai', city: 'Abidjan', country_code: 'CI' },
    };
    const r = await ctx.api('POST', '/api/register', { body });
    expect(r.status, r.message).toBe(200);
    const ok = await ctx.api('POST', '/api/register/verify-otp', { body: { code: r.data.code, otp: await ctx.latestOtp(body.phone) } });
    expect(ok.status, ok.message).toBe(200);
    const rows = await ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, ok.data.park_id));
    const today = parkToday('Africa/Abidjan');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      status: 'active',
      isTrial: true,
      type: 'starter',
      period: 'monthly',
      vehicleNumber: TRIAL_VEHICLES,
      pricePerVehicle: 0,
      amount: 0,
      currency: 'XOF',
      offer: 'Essai gratuit',
      startsOn: today,
      endsOn: addDays(today, TRIAL_DAYS - 1),
    });
  });

  it('is the fixture park’s subscription with `subscription: trial`', async () => {
    const { parkId } = await park('trial');
    const [row] = await ctx.database.db.select().from(parkSubscriptions).where(eq(parkSubscriptions.parkId, parkId));
    const today = parkToday('Africa/Douala');
    expect(row).toMatchObject({ isTrial: true, status: 'active', vehicleNumber: 5, currency: 'XAF', startsOn: today, endsOn: addDays(today, 29) });
  });
});

describe('the vehicles a subscription allows', () => {
  it('refuses the 6th vehicle of a trial, JSON or form data, saying how many and where to add some, and stores no image', async () => {
    const { parkId, owner } = await park('trial');
    await addVehicles(owner, 5);
    expectLimit(await createVehicle(owner), 5, 5);

    const form = formData(
      Object.fromEntries(Object.entries(vehicleBody()).map(([k, v]) => [k, String(v)])),
      [{ field: 'images', filename: 'car.png', content: TINY_PNG, type: 'image/png' }],
    );
    const filesBefore = await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.parkId, parkId));
    expectLimit(await createVehicle(owner, form.body, form.headers), 5, 5);
    expect(await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.parkId, parkId))).toHaveLength(filesBefore.length);
    expect(await activeVehicles(parkId)).toBe(5);
  });

  it('frees a place when a vehicle is deactivated, and refuses to put one back in service beyond the limit', async () => {
    const { parkId, owner } = await park('trial');
    const ids = await addVehicles(owner, 5);
    const off = await ctx.api('GET', `/api/vehicle/deactivate/${ids[0]}`, as(owner));
    expect(off.code, off.message).toBe(5000);
    // A deactivated vehicle does not count: the place it left takes a new one.
    const sixth = await createVehicle(owner);
    expect(sixth.code, sixth.message).toBe(5000);
    expectLimit(await ctx.api('GET', `/api/vehicle/activate/${ids[0]}`, as(owner)), 5, 5);
    expect((await ctx.api('GET', `/api/vehicle/${ids[0]}`, as(owner))).data.status).toBe('deactivated');
    // Editing a deactivated vehicle's general information keeps it out of service (and needs no place).
    const edit = await ctx.api('POST', `/api/vehicle/update/${ids[0]}`, { ...as(owner), body: { update_type: 'general', ...vehicleBody({ label: 'Au garage' }) } });
    expect(edit.code, edit.message).toBe(5000);
    expect(edit.data.status).toBe('deactivated');
    // Once a place is free again, it goes back in service.
    expect((await ctx.api('GET', `/api/vehicle/deactivate/${sixth.data.id}`, as(owner))).code).toBe(5000);
    const back = await ctx.api('GET', `/api/vehicle/activate/${ids[0]}`, as(owner));
    expect(back.code, back.message).toBe(5000);
    expect(back.data.status).toBe('active');
    expect(await activeVehicles(parkId)).toBe(5);
  });

  it('never passes the limit when vehicles are added at the same moment', async () => {
    const { parkId, owner } = await park('trial');
    await addVehicles(owner, 3);
    const answers = await Promise.all(Array.from({ length: 5 }, () => createVehicle(owner)));
    expect(answers.filter((r) => r.code === 5000)).toHaveLength(2);
    for (const r of answers.filter((a) => a.code !== 5000)) expect(r.code).toBe(ErrorCodes.SUBSCRIPTION_VEHICLE_LIMIT.code);
    expect(await activeVehicles(parkId)).toBe(5);
  });

  it('follows the vehicle number of the paid subscription', async () => {
    const { parkId, owner } = await park('paid');
    await addVehicles(owner, 6);
    await ctx.database.db
      .update(parkSubscriptions)
      .set({ vehicleNumber: 7 })
      .where(and(eq(parkSubscriptions.parkId, parkId), eq(parkSubscriptions.status, 'active')));
    expect((await createVehicle(owner)).code).toBe(5000);
    expectLimit(await createVehicle(owner), 7, 7);
  });
});

describe('a park without a subscription', () => {
  it('still reads and collects its recipes, but adds no vehicle, driver, planning or rotation', async () => {
    const { parkId, owner } = await park('none');
    const driver = await insertDriver(ctx, parkId, { firstName: 'Alain', lastName: 'Atangana' });
    const vehicle = await insertVehicle(ctx.database.db, parkId, { registration: `EXP-${parks}`, label: 'Taxi 1' });

    expect((await ctx.api('GET', '/api/vehicle?page=1&itemPerPage=10', as(owner))).status).toBe(200);
    expect((await ctx.api('GET', '/api/driver?page=1&itemPerPage=10', as(owner))).status).toBe(200);
    const recipe = await insertRecipe(ctx, { parkId, vehicle }, { driverId: driver, objective: 10_000 });
    const paid = await ctx.api('POST', '/api/transaction/paid-recipe-expected-today', { ...as(owner), body: { recette_id: recipe, payment_type: 'cash' } });
    expect(paid.code, paid.message).toBe(5000);
    expect(paid.data.recipe.status).toBe('paid');

    expectExpired(await createVehicle(owner));
    expectExpired(await ctx.api('POST', '/api/driver', { ...as(owner), body: { first_name: 'Paul', last_name: 'Ekambi', phone: '+237690000001' } }));
    expectExpired(await ctx.api('POST', '/api/planning/generate', { ...as(owner), body: { start_date: '2030-03-04', end_date: '2030-03-10', vehicle_ids: [vehicle] } }));
    expectExpired(
      await ctx.api('POST', '/api/planning/confirm', { ...as(owner), body: { start_date: '2030-03-04', end_date: '2030-03-10', vehicle_ids: [vehicle], entries: [] } }),
    );
    expectExpired(await ctx.api('POST', '/api/rotation', { ...as(owner), body: { name: 'Rotation A', vehicles: [{ vehicle_id: vehicle }] } }));
    expect(await activeVehicles(parkId)).toBe(1);
  });

  it('is where a trial leads once its last day is past (the park’s clock)', async () => {
    const { parkId, owner } = await park('trial');
    const vehicle = await insertVehicle(ctx.database.db, parkId, { registration: `TRL-${parks}`, label: 'Taxi 2' });
    const rotation = { name: 'Rotation B', vehicles: [{ vehicle_id: vehicle }] };
    const today = parkToday('Africa/Douala');
    const clock = ctx.app.subscriptions.now;
    try {
      // 12:00 UTC is 13:00 in Douala: the same day.
      ctx.app.subscriptions.now = () => new Date(`${addDays(today, TRIAL_DAYS)}T12:00:00Z`);
      expectExpired(await ctx.api('POST', '/api/rotation', { ...as(owner), body: rotation }));
      ctx.app.subscriptions.now = () => new Date(`${addDays(today, TRIAL_DAYS - 1)}T12:00:00Z`);
      const r = await ctx.api('POST', '/api/rotation', { ...as(owner), body: rotation });
      expect(r.code, r.message).toBe(5000);
    } finally {
      ctx.app.subscriptions.now = clock;
    }
  });
});
