import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { clientAddresses, clientContacts, clients } from '../modules/clients/clients.tables.ts';
import { courses } from '../modules/courses/courses.tables.ts';
import { seedCourses } from './courses-generator.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('fills a park with clients and courses in every group, as the services would leave them', async () => {
  const { park } = await ctx.createPark({ name: 'Parc courses' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 20, drivers: 30 });
  const made = await seedCourses(db, park.id, { count: 3000, batch: 700, years: 1 });
  expect(made).toEqual({ clients: 60, courses: 3000 });

  const rows = await db.select().from(courses).where(eq(courses.parkId, park.id));
  expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 3000 }, (_, i) => i + 1));
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  const now = Date.now();
  // Past, running and coming, in the proportions of a living park.
  expect(count((r) => r.status === 'finished')).toBeGreaterThan(2000);
  for (const s of ['canceled', 'missed', 'awaiting'] as const) expect(count((r) => r.status === s), s).toBeGreaterThan(20);
  for (const r of rows) {
    const what = `course ${r.number} (${r.status})`;
    expect(r.endDate.getTime(), what).toBeGreaterThan(r.startDate.getTime());
    if (r.status === 'awaiting') expect(r.startDate.getTime(), what).toBeGreaterThan(now - 60_000);
    if (r.status === 'inProgres') {
      expect(r.startDate.getTime(), what).toBeLessThanOrEqual(now);
      expect(r.vehicleId && r.driverId, what).toBeTruthy();
    }
    if (['finished', 'missed'].includes(r.status)) expect(r.endDate.getTime(), what).toBeLessThan(now);
    if (r.status === 'finished') {
      expect(r.paymentMode, what).toMatch(/^(caisse|receivable)$/);
      expect(r.finishedAt && r.startedAt && r.vehicleId && r.driverId, what).toBeTruthy();
      if (r.paymentMode === 'caisse') expect(r.caisseId, what).toBeTruthy();
    } else expect(r.paymentMode, what).toBeNull();
    if (r.status === 'canceled') expect(r.canceledAt, what).toBeTruthy();
    // The demo tariff: 1,000 + 350 per km.
    expect(r.amount, what).toBe(1000 + Math.ceil((350 * r.distanceM!) / 1000));
  }
  const settled = rows.filter((r) => r.settledAt);
  expect(settled.length).toBeGreaterThan(0);
  expect(settled.every((r) => r.paymentMode === 'receivable')).toBe(true);

  const cls = await db.select().from(clients).where(eq(clients.parkId, park.id));
  expect(cls.reduce((s, c) => s + c.coursesCount, 0)).toBe(3000);
  for (const c of cls) expect(c.coursesCount, c.name).toBe(count((r) => r.clientId === c.id));
  const contacts = await db.select().from(clientContacts).where(eq(clientContacts.parkId, park.id));
  const addresses = await db.select().from(clientAddresses).where(eq(clientAddresses.parkId, park.id));
  expect(contacts.length).toBeGreaterThanOrEqual(60);
  expect(addresses.length).toBeGreaterThanOrEqual(120);
});
