import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { clientAddresses, clientContacts, clients } from '../modules/clients/clients.tables.ts';
import { advanceCourseStatuses } from '../modules/courses/course-status.job.ts';
import { courses } from '../modules/courses/courses.tables.ts';
import { fundMovements } from '../modules/operations/operations.tables.ts';
import { defaultCashCaisse } from '../modules/treasury/caisse-accounts.ts';
import { seedDemoClientsCourses } from './demo-clients-courses.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

const balance = async (kind: string, ownerId: string) => {
  const { rows } = await ctx.database.db.execute<{ total: string | null }>(sql`
    select sum(e.amount)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.kind = ${kind} and a.owner_id = ${ownerId}`);
  return Number(rows[0].total ?? 0);
};

it('gives the demo park clients at real places and courses past, running and coming, their money in the ledger', { timeout: 120_000 }, async () => {
  const { park } = await ctx.createPark({ name: 'Parc démo courses' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 40 });
  const [owner] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const now = new Date();
  const made = await seedDemoClientsCourses(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: owner.id }, { now });
  expect(made).toEqual({ clients: 12, courses: 30, finished: 14 });

  const cls = await db.select().from(clients).where(eq(clients.parkId, park.id));
  const contacts = await db.select().from(clientContacts).where(eq(clientContacts.parkId, park.id));
  const addresses = await db.select().from(clientAddresses).where(eq(clientAddresses.parkId, park.id));
  for (const c of cls) {
    expect(c.phone, c.name).toMatch(/^\+2376\d{8}$/);
    expect(contacts.filter((x) => x.clientId === c.id).length, c.name).toBeGreaterThanOrEqual(1);
    expect(addresses.filter((x) => x.clientId === c.id).length, c.name).toBeGreaterThanOrEqual(2);
  }
  // In Douala.
  for (const a of addresses) {
    expect(a.latitude, a.name).toBeGreaterThan(3.95);
    expect(a.latitude, a.name).toBeLessThan(4.15);
    expect(a.longitude, a.name).toBeGreaterThan(9.6);
    expect(a.longitude, a.name).toBeLessThan(9.85);
  }

  const rows = await db.select().from(courses).where(eq(courses.parkId, park.id)).orderBy(courses.number);
  const by = (s: string) => rows.filter((r) => r.status === s);
  expect(by('finished')).toHaveLength(14);
  expect(by('canceled')).toHaveLength(3);
  expect(by('missed')).toHaveLength(2);
  expect(by('inProgres')).toHaveLength(3);
  expect(by('awaiting')).toHaveLength(8);
  // Numbers follow the bookings; the clients' counters follow the courses.
  expect(rows.map((r) => r.createdAt.getTime())).toEqual([...rows].map((r) => r.createdAt.getTime()).sort((a, b) => a - b));
  for (const c of cls) expect(c.coursesCount, c.name).toBe(rows.filter((r) => r.clientId === c.id).length);
  for (const r of rows) {
    const what = `course ${r.number} (${r.status})`;
    expect(r.amount, what).toBe(1000 + Math.ceil((350 * r.distanceM!) / 1000));
    // The road by the routing simulator: longer than the straight line, at a city's speed, a line to draw.
    expect([r.distanceSource, r.durationS! > 0, r.geometry!.length > 2], what).toEqual(['road', true, true]);
    expect(r.createdAt.getTime(), what).toBeLessThanOrEqual(now.getTime());
  }
  for (const r of by('inProgres')) {
    expect(r.vehicleId && r.driverId, `course ${r.number}`).toBeTruthy();
    expect(r.startDate.getTime()).toBeLessThan(now.getTime());
    expect(r.endDate.getTime()).toBeGreaterThan(now.getTime());
  }
  // Running courses don't share a vehicle or a driver.
  expect(new Set(by('inProgres').map((r) => r.vehicleId)).size).toBe(3);
  expect(new Set(by('inProgres').map((r) => r.driverId)).size).toBe(3);
  for (const r of by('awaiting')) expect(r.startDate.getTime()).toBeGreaterThan(now.getTime());
  expect(by('awaiting').filter((r) => !r.vehicleId)).toHaveLength(2);
  // Already as the status job would leave them.
  expect(await advanceCourseStatuses(db, now)).toEqual({ started: 0, missed: 0 });

  // The money: each finished course one confirmed operation dated at its end; the caisse holds the
  // cash ones and the settled one, the clients owe the three others.
  const finished = by('finished');
  const cash = await defaultCashCaisse(db, park.id);
  const ops = await db.select().from(fundMovements).where(and(eq(fundMovements.parkId, park.id), sql`${fundMovements.courseId} is not null`));
  expect(ops).toHaveLength(14);
  for (const r of finished) {
    const op = ops.find((o) => o.id === r.fundMovementId)!;
    expect(op.amount, `course ${r.number}`).toBe(r.amount);
    expect(op.operationDate.getTime(), `course ${r.number}`).toBe(r.endDate.getTime());
    expect(r.finishedAt?.getTime(), `course ${r.number}`).toBe(r.endDate.getTime());
  }
  const inCash = finished.filter((r) => r.paymentMode === 'caisse');
  const receivable = finished.filter((r) => r.paymentMode === 'receivable');
  expect(inCash).toHaveLength(10);
  expect(receivable).toHaveLength(4);
  expect(inCash.every((r) => r.caisseId === cash.id)).toBe(true);
  const settled = receivable.filter((r) => r.settledAt);
  expect(settled).toHaveLength(1);
  expect(await balance('caisse', cash.id)).toBe([...inCash, ...settled].reduce((s, r) => s + r.amount, 0));
  let owed = 0;
  for (const c of cls) owed += await balance('client_receivable', c.id);
  expect(owed).toBe(receivable.filter((r) => !r.settledAt).reduce((s, r) => s + r.amount, 0));
});
