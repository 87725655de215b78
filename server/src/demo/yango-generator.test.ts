import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { DEMO_YANGO_PARK } from '../integrations/yango/yango.types.ts';
import { createSecretBox } from '../platform/secrets/secret-box.ts';
import { credentialsOf } from '../modules/yango/yango-credentials.ts';
import { yangoDriverLinks, yangoOrders } from '../modules/yango/yango.tables.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedYangoActivity } from './yango-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it("fills a park's Yango copy: linked drivers with their vehicles, orders and the transactions they make", async () => {
  const { park } = await ctx.createPark({ name: 'Parc Yango' });
  const db = ctx.database.db;
  const box = createSecretBox(new Uint8Array(randomBytes(32)));
  await seedFleet(db, park.id, { vehicles: 10, drivers: 25 });
  const made = await seedYangoActivity(db, park.id, { drivers: 8, days: 40, ordersPerDay: 3, box, yangoIds: ['sim-a', 'sim-b'] });
  expect(made.yangoDrivers).toBe(8);
  expect(made.yangoOrders).toBe(8 * 40 * 3);
  expect(made.yangoSampleId).toBeTruthy();

  // The connection opens with the box that sealed it, on the simulator's demo park.
  expect(await credentialsOf({ db, box }, park.id)).toEqual({ clientId: DEMO_YANGO_PARK.clientId, apiKey: DEMO_YANGO_PARK.apiKey, parkId: DEMO_YANGO_PARK.id });
  const links = await db.select().from(yangoDriverLinks).where(eq(yangoDriverLinks.parkId, park.id));
  expect(links.map((l) => l.yangoId).sort()).toEqual(['bench-2', 'bench-3', 'bench-4', 'bench-5', 'bench-6', 'bench-7', 'sim-a', 'sim-b']);

  const orders = await db.select().from(yangoOrders).where(eq(yangoOrders.parkId, park.id));
  const now = Date.now();
  for (const o of orders) {
    expect(o.endedAt!.getTime()).toBeLessThan(now);
    expect(o.endedAt!.getTime()).toBeGreaterThan(now - 42 * 86_400_000);
  }
  // Every completed order has its revenue and its commission; the sums agree.
  const { rows } = await db.execute<{ completed: number; revenue: string; fees: string; price: string; missing: number }>(sql`
    select (select count(*)::int from yango_orders where park_id = ${park.id} and status = 'complete') as completed,
      (select sum(amount)::text from yango_transactions where park_id = ${park.id} and category_id in ('platform_ride_card', 'cash_collected')) as revenue,
      (select sum(amount)::text from yango_transactions where park_id = ${park.id} and category_id = 'platform_ride_fee') as fees,
      (select sum(price)::text from yango_orders where park_id = ${park.id} and status = 'complete') as price,
      (select count(*)::int from yango_orders o where o.park_id = ${park.id} and o.status = 'complete'
          and not exists (select 1 from yango_transactions t where t.park_id = o.park_id and t.yango_tx_id = 'bt-' || o.yango_order_id || '-r')) as missing`);
  expect(rows[0].completed).toBeGreaterThan(orders.length * 0.85);
  expect(rows[0].missing).toBe(0);
  expect(Number(rows[0].revenue)).toBe(Number(rows[0].price));
  expect(Number(rows[0].fees)).toBeLessThan(0);
  // The drivers driving a vehicle come first: their activity counts for it.
  const { rows: withVehicle } = await db.execute<{ n: number }>(sql`
    select count(distinct driver_id)::int as n from yango_transactions where park_id = ${park.id} and vehicle_id is not null`);
  expect(withVehicle[0].n).toBe(8);
});
