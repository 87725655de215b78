import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { maintenances } from '../modules/maintenance/maintenance.tables.ts';
import { supplierContacts, suppliers } from '../modules/suppliers/suppliers.tables.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedMaintenances } from './maintenance-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('fills a park with years of maintenances that keep the rules of the maintenance screens', async () => {
  const { park } = await ctx.createPark({ name: 'Parc entretiens' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 40, drivers: 60 });
  const made = await seedMaintenances(db, park.id, { count: 1_000, years: 3, suppliers: 12, batch: 300 });
  expect(made).toEqual({ maintenances: 1_000, suppliers: 12 });

  // Suppliers in every category, with their correspondents, one suspended.
  const supplierRows = await db.select().from(suppliers).where(eq(suppliers.parkId, park.id));
  expect(supplierRows).toHaveLength(12);
  expect(supplierRows.filter((s) => s.desactivateAt)).toHaveLength(1);
  const { rows: categories } = await db.execute<{ name: string; n: number }>(sql`
    select c.name, count(*)::int as n from supplier_categories c join supplier_on_category sc on sc.category_id = c.id
    where c.park_id = ${park.id} group by c.name`);
  expect(categories.map((c) => c.name).sort()).toEqual(['Assurance', 'Garage', 'Lavage', 'Pièces détachées', 'Pneumatiques']);
  const contacts = await db.select().from(supplierContacts);
  for (const s of supplierRows) expect(contacts.filter((c) => c.supplierId === s.id).length).toBeGreaterThan(0);

  const rows = await db.select().from(maintenances).where(eq(maintenances.parkId, park.id));
  expect(rows).toHaveLength(1_000);
  const by = (s: string) => rows.filter((r) => r.status === s);
  expect(by('finished').length).toBeGreaterThan(900);
  expect(by('canceled').length).toBeGreaterThan(10);
  expect(by('available').length).toBeGreaterThan(0);
  const now = Date.now();
  // Scheduled ones are to come; the others are past, spread over three years.
  for (const r of by('available')) expect(r.startAt.getTime()).toBeGreaterThan(now);
  for (const r of [...by('finished'), ...by('canceled')]) expect(r.endAt.getTime()).toBeLessThan(now);
  expect(now - Math.min(...rows.map((r) => r.startAt.getTime()))).toBeGreaterThan(2.5 * 365 * 86_400_000);
  for (const r of by('finished')) expect(r.finishedAt && r.amount).toBeTruthy();
  for (const r of by('canceled')) expect(r.canceledAt && r.amount === null).toBeTruthy();
  for (const r of rows) expect(r.endAt.getTime()).toBeGreaterThan(r.startAt.getTime());

  // A vehicle's maintenances never overlap.
  const { rows: overlaps } = await db.execute(sql`
    select a.id from maintenances a join maintenances b on a.vehicle_id = b.vehicle_id and a.id < b.id
    where a.park_id = ${park.id} and a.start_at < b.end_at and b.start_at < a.end_at`);
  expect(overlaps).toEqual([]);

  // 1 to 3 items each; the estimate and the paid amount are the sums of the items'.
  const { rows: sums } = await db.execute<{ n: number; estimate_ok: boolean; paid_ok: boolean }>(sql`
    select count(i.*)::int as n, m.estimated_amount = sum(i.estimated_amount) as estimate_ok,
      m.amount is not distinct from sum(i.amount) as paid_ok
    from maintenances m join maintenance_items i on i.maintenance_id = m.id
    where m.park_id = ${park.id} group by m.id`);
  expect(sums).toHaveLength(1_000);
  expect(new Set(sums.map((s) => s.n))).toEqual(new Set([1, 2, 3]));
  expect(sums.every((s) => s.estimate_ok && s.paid_ok)).toBe(true);
});
