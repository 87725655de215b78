import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { files } from '../modules/files/files.tables.ts';
import { maintenances } from '../modules/maintenance/maintenance.tables.ts';
import { notifications } from '../modules/notifications/notifications.tables.ts';
import { listVehicleReminders } from '../modules/reminders/reminders.service.ts';
import { serviceReminders } from '../modules/reminders/reminders.tables.ts';
import { supplierContacts, suppliers } from '../modules/suppliers/suppliers.tables.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { seedDemoMaintenance } from './demo-maintenance.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedOperations } from './operations-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it("gives the demo park garages, six months of maintenance, a vehicle at the garage, reminders at every urgency and the morning's notifications", async () => {
  const { park, owner } = await ctx.createPark({ name: 'Parc démo entretiens' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 40 });
  await seedOperations(db, park.id, { count: 600, years: 0.5 });
  const [ownerProfile] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const now = new Date();
  const made = await seedDemoMaintenance(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id, userId: owner.userId }, { storage: ctx.app.fileStorage, now });

  // Suppliers in every category, each with a correspondent, one suspended.
  const supplierRows = await db.select().from(suppliers).where(eq(suppliers.parkId, park.id));
  expect(supplierRows.length).toBe(made.suppliers);
  expect(supplierRows.filter((s) => s.desactivateAt).map((s) => s.name)).toEqual(['Garage du Wouri']);
  const { rows: categories } = await db.execute<{ name: string }>(sql`
    select distinct c.name from supplier_categories c join supplier_on_category sc on sc.category_id = c.id where c.park_id = ${park.id}`);
  expect(categories.map((c) => c.name).sort()).toEqual(['Assurance', 'Garage', 'Lavage', 'Pièces détachées', 'Pneumatiques']);
  const contacts = await db.select({ supplierId: supplierContacts.supplierId }).from(supplierContacts);
  for (const s of supplierRows) expect(contacts.some((c) => c.supplierId === s.id)).toBe(true);

  // Six months of maintenance: finished ones with their invoice (stored) and their expenses.
  const rows = await db.select().from(maintenances).where(eq(maintenances.parkId, park.id));
  const finished = rows.filter((m) => m.status === 'finished');
  expect(finished.length).toBeGreaterThan(30);
  expect(rows.filter((m) => m.status === 'canceled').length).toBeGreaterThan(2);
  expect(Math.min(...rows.map((m) => m.startAt.getTime()))).toBeLessThan(now.getTime() - 150 * 86_400_000);
  for (const m of finished) {
    expect(m.invoiceFileId).toBeTruthy();
    expect(m.caisseId).toBeTruthy();
  }
  const invoices = await db.select().from(files).where(eq(files.parkId, park.id));
  expect(invoices.length).toBe(finished.length);
  expect(await ctx.app.fileStorage.exists(invoices[0].storagePath)).toBe(true);
  const { rows: paid } = await db.execute<{ id: string; amount: string; ops: string }>(sql`
    select m.id, m.amount, coalesce(sum(fm.amount), 0) as ops from maintenances m
      left join fund_movements fm on fm.maintenance_id = m.id and fm.confirmed_at is not null and fm.posting_id is not null
     where m.park_id = ${park.id} and m.status = 'finished' group by m.id`);
  for (const p of paid) expect(Number(p.ops)).toBe(Number(p.amount));
  const { rows: unbalanced } = await db.execute(sql`
    select p.id from ledger_postings p join ledger_entries e on e.posting_id = p.id
     where p.park_id = ${park.id} group by p.id having sum(e.amount) <> 0`);
  expect(unbalanced).toEqual([]);

  // Now: one vehicle at the garage (in 'maintain'), two expected next week.
  const open = rows.filter((m) => m.status === 'available');
  const running = open.filter((m) => m.startAt <= now && m.endAt > now);
  expect(running).toHaveLength(1);
  const [held] = await db.select({ status: vehicles.status }).from(vehicles).where(eq(vehicles.id, running[0].vehicleId));
  expect(held.status).toBe('maintain');
  const ahead = open.filter((m) => m.startAt > now);
  expect(ahead).toHaveLength(2);
  for (const m of ahead) expect(m.startAt.getTime() - now.getTime()).toBeLessThan(15 * 86_400_000);

  // Reminders at every urgency, an oil change soon by distance.
  const vehicleIds = [...new Set((await db.select({ v: serviceReminders.vehicleId }).from(serviceReminders).where(eq(serviceReminders.parkId, park.id))).map((r) => r.v))];
  const lists = await Promise.all(vehicleIds.map((id) => listVehicleReminders({ db, now: () => now }, park.id, id)));
  const all = lists.flatMap((l) => l.reminders);
  expect(new Set(all.map((r) => r.urgency))).toEqual(new Set(['ok', 'soon', 'due', 'overdue']));
  expect(all.some((r) => r.repair_type?.id === 2 && r.urgency === 'soon' && r.km_left !== null && r.km_left > 0 && r.next_due_date === null)).toBe(true);

  // The morning's notices: the owner is told of each reminder needing attention.
  const told = await db.select().from(notifications).where(and(eq(notifications.parkId, park.id), eq(notifications.kind, 'service_due')));
  expect(told.length).toBe(all.filter((r) => r.urgency !== 'ok').length);
  expect(made.notifications).toBeGreaterThanOrEqual(told.length);
});
