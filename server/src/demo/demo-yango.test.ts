import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { createYangoApi } from '../integrations/yango/yango.api.ts';
import { yangoConfigFromEnv } from '../integrations/yango/yango.config.ts';
import { yangoSimParkData } from '../integrations/yango/yango.simulator-data.ts';
import { createSecretBox } from '../platform/secrets/secret-box.ts';
import { DEMO_YANGO_PARK } from '../integrations/yango/yango.types.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { credentialsOf } from '../modules/yango/yango-credentials.ts';
import { yangoConnections, yangoDriverLinks } from '../modules/yango/yango.tables.ts';
import { toWireDate } from '../platform/dates.ts';
import { DEMO_YANGO_TRY_PHONE, SEED_SYNCED_DRIVERS, seedDemoYango, SYNC_DAYS } from './demo-yango.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
// A simulator of the test's own (the seed's default starts one and closes it, as the first start does).
const api = createYangoApi({ ...yangoConfigFromEnv({}, false), mode: 'simulator' });
const box = createSecretBox(new Uint8Array(randomBytes(32)));
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await api.close();
  await ctx?.close();
});

it("connects the demo park to the simulator, links half its drivers and copies their activity; twice is the same", { timeout: 120_000 }, async () => {
  const { park } = await ctx.createPark({ name: 'Parc démo Yango' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 40 });
  const [owner] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const phonesBefore = await db.select({ id: drivers.id, phone: drivers.phone }).from(drivers).where(eq(drivers.parkId, park.id)).orderBy(drivers.id);
  const demoPark = { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' };
  const now = new Date();
  const made = await seedDemoYango(db, demoPark, { profileId: owner.id }, { now, box, api });
  expect(made).toMatchObject({ linked: 20, useYangoRecipe: 2, yangoRecipeVehicle: true });
  expect(made.transactions).toBeGreaterThan(SEED_SYNCED_DRIVERS * SYNC_DAYS * 5);
  expect(made.orders).toBeGreaterThan(SEED_SYNCED_DRIVERS * SYNC_DAYS * 3);

  // The connection: the simulator's demo park, its key sealed for this park.
  expect(await credentialsOf({ db, box }, park.id)).toEqual({ clientId: DEMO_YANGO_PARK.clientId, apiKey: DEMO_YANGO_PARK.apiKey, parkId: DEMO_YANGO_PARK.id });
  const [connection] = await db.select().from(yangoConnections).where(eq(yangoConnections.parkId, park.id));
  expect(connection).toMatchObject({ apiKeyLast4: '0001', yangoParkName: DEMO_YANGO_PARK.name, yangoParkCity: DEMO_YANGO_PARK.city, status: 'ok' });

  // Distinct working profiles, never the one README offers to import; the drivers keep their phones.
  const sim = new Map(yangoSimParkData(DEMO_YANGO_PARK).map((d) => [d.id, d]));
  // The first ten profiles (a shared phone prefix) stay free too: the import's end-to-end test takes them.
  const firstTen = new Set([...sim.keys()].slice(0, 10));
  const links = await db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.parkId, park.id));
  expect(new Set(links.map((l) => l.yangoId)).size).toBe(20);
  for (const l of links) {
    expect(sim.get(l.yangoId)?.workStatus, l.yangoId).toBe('working');
    expect(sim.get(l.yangoId)?.phone).not.toBe(DEMO_YANGO_TRY_PHONE);
    expect(firstTen.has(l.yangoId), l.yangoId).toBe(false);
    // Those collected on their Yango revenue owe it from a week back (the demo shows their recipes), the others from today.
    const since = l.useYangoRecipe ? new Date(now.getTime() - 7 * 86_400_000) : now;
    expect(l).toMatchObject({ collectTime: '09:00', recipesSince: toWireDate(since, 'Africa/Douala').slice(0, 10), linkedBy: owner.id, syncError: null });
  }
  // The seed copied some drivers' activity up to now; the others' is left to the job, from SYNC_DAYS back.
  const synced = links.filter((l) => l.txSyncedTo?.getTime() === now.getTime());
  expect(synced).toHaveLength(SEED_SYNCED_DRIVERS);
  for (const l of links.filter((x) => !synced.includes(x))) expect(l.txSyncedTo?.getTime()).toBe(now.getTime() - SYNC_DAYS * 86_400_000);
  // Among them, those collected on Yango and the driver of the 'yango_recipe' vehicle.
  for (const l of links.filter((x) => x.useYangoRecipe)) expect(synced).toContain(l);
  const tryProfile = [...sim.values()].find((d) => d.phone === DEMO_YANGO_TRY_PHONE);
  expect(tryProfile?.workStatus).toBe('working');
  expect(await db.select({ id: drivers.id, phone: drivers.phone }).from(drivers).where(eq(drivers.parkId, park.id)).orderBy(drivers.id)).toEqual(phonesBefore);

  // The vehicle on 'yango_recipe': one driver, linked, not collected on his own link.
  const { rows: vehicle } = await db.execute<{ drivers: number; linked: number; own: boolean; amount: number | null; synced: boolean }>(sql`
    select count(*)::int as drivers, count(l.driver_id)::int as linked, bool_or(l.use_yango_recipe) as own, max(rc.amount) as amount,
      bool_and(l.tx_synced_to = ${now.toISOString()}::timestamptz) as synced
      from vehicle_recipe_configs rc join vehicle_config_drivers vc on vc.vehicle_id = rc.vehicle_id
      left join yango_driver_links l on l.driver_id = vc.driver_id
     where rc.park_id = ${park.id} and rc.collection_type = 'yango_recipe'`);
  expect(vehicle[0]).toEqual({ drivers: 1, linked: 1, own: false, amount: null, synced: true });

  // Their last SYNC_DAYS days copied: transactions of most linked drivers, none older.
  const { rows: copy } = await db.execute<{ drivers: number; oldest: Date }>(sql`
    select count(distinct driver_id)::int as drivers, min(event_at) as oldest from yango_transactions where park_id = ${park.id}`);
  expect(copy[0].drivers).toBeGreaterThan(SEED_SYNCED_DRIVERS - 2);
  expect(copy[0].drivers).toBeLessThanOrEqual(SEED_SYNCED_DRIVERS);
  expect(new Date(copy[0].oldest).getTime()).toBeGreaterThanOrEqual(now.getTime() - SYNC_DAYS * 86_400_000 - 15 * 60_000);

  // Twice: the same state.
  const state = async () => {
    const { rows } = await db.execute(sql`
      select (select count(*)::int from yango_transactions where park_id = ${park.id}) as tx,
        (select count(*)::int from yango_orders where park_id = ${park.id}) as orders,
        (select string_agg(driver_id || ':' || yango_id || ':' || use_yango_recipe, ',' order by driver_id) from yango_driver_links where park_id = ${park.id}) as links,
        (select api_key_sealed from yango_connections where park_id = ${park.id}) as sealed,
        (select string_agg(vehicle_id || ':' || collection_type, ',' order by vehicle_id) from vehicle_recipe_configs where park_id = ${park.id}) as recipes`);
    return rows[0];
  };
  const first = await state();
  const again = await seedDemoYango(db, demoPark, { profileId: owner.id }, { now, box, api });
  expect(again).toMatchObject({ linked: 20, useYangoRecipe: 2, yangoRecipeVehicle: true, transactions: 0, orders: 0 });
  expect(await state()).toEqual(first);
});
