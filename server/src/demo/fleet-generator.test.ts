import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { drivers } from '../modules/drivers/drivers.tables.ts';
import { vehicleConfigDrivers, vehicleConfigs, vehicleDocuments, vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('fills a park with a fleet whose configurations follow the planning rules', async () => {
  const { park } = await ctx.createPark({ name: 'Parc démo flotte' });
  const made = await seedFleet(ctx.database.db, park.id, { vehicles: 25, drivers: 40 });
  expect(made).toEqual({ vehicles: 25, drivers: 40 });
  const db = ctx.database.db;

  const assigned = await db.select().from(vehicleConfigDrivers).where(eq(vehicleConfigDrivers.parkId, park.id));
  // One vehicle per driver: nobody is in two configurations.
  expect(new Set(assigned.map((a) => a.driverId)).size).toBe(assigned.length);

  const configs = await db.select().from(vehicleConfigs).where(eq(vehicleConfigs.parkId, park.id));
  expect(configs.length).toBeGreaterThan(15);
  for (const c of configs) {
    const mine = assigned.filter((a) => a.vehicleId === c.vehicleId);
    expect(mine).toHaveLength(c.numberDrivers);
    for (const a of mine) expect(a.workDays).not.toContain(c.salaryDayId);
    if (c.workPlanning === 'hourly') expect(new Set(mine.map((a) => a.hourIntervalId))).toEqual(new Set([1, 2]));
    if (c.alternation) expect(c.firstDriverAlternationId).toBe(mine.find((a) => a.position === 1)!.driverId);
  }

  // Drivers who are suspended or have left drive nothing.
  const driverRows = await db.select().from(drivers).where(eq(drivers.parkId, park.id));
  const unavailable = driverRows.filter((d) => d.blockedAt || d.desactivateAt).map((d) => d.id);
  expect(unavailable.length).toBeGreaterThan(0);
  expect(assigned.filter((a) => unavailable.includes(a.driverId))).toEqual([]);

  // Some documents end within the month, so the expiring list has something to say.
  const soon = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
  const docs = await db.select().from(vehicleDocuments).where(eq(vehicleDocuments.parkId, park.id));
  expect(docs.filter((d) => d.endDate <= soon).length).toBeGreaterThan(2);

  const statuses = new Set((await db.select({ s: vehicles.status }).from(vehicles).where(eq(vehicles.parkId, park.id))).map((r) => r.s));
  expect(statuses.has('active')).toBe(true);
  expect(statuses.has('maintain')).toBe(true);
});
