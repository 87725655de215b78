import { buildSchedule } from '@flotte/contract/contract-schedule';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { contractInstalments, contracts } from '../modules/contracts/contracts.tables.ts';
import { seedContracts } from './contracts-generator.ts';
import { seedFleet } from './fleet-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('fills a park with contracts and their schedules that keep the contracts’ rules', async () => {
  const { park } = await ctx.createPark({ name: 'Parc contrats' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 120, drivers: 300 });
  const today = '2026-03-31';
  const made = await seedContracts(db, park.id, { count: 400, batch: 150, today });
  expect(made.contracts).toBe(400);

  const rows = await db.select().from(contracts).where(eq(contracts.parkId, park.id));
  const items = await db.select().from(contractInstalments).where(eq(contractInstalments.parkId, park.id));
  expect(rows).toHaveLength(400);
  expect(items).toHaveLength(made.instalments);
  // Monthly over two to three years, some quarterly: about 30 instalments a contract.
  expect(made.instalments / 400).toBeGreaterThan(25);
  expect(rows.map((r) => r.number).sort((a, b) => a - b)).toEqual(Array.from({ length: 400 }, (_, i) => i + 1));
  const count = (f: (r: (typeof rows)[number]) => boolean) => rows.filter(f).length;
  expect(count((r) => r.contractType === 'PARTNER')).toBe(160);
  for (const status of ['ACTIVE', 'EXPIRED', 'PENDING', 'CANCELLED'] as const) expect(count((r) => r.status === status)).toBeGreaterThan(10);
  expect(count((r) => r.status === 'ACTIVE')).toBeGreaterThan(200);

  const byContract = new Map<string, typeof items>();
  for (const i of items) byContract.set(i.contractId, [...(byContract.get(i.contractId) ?? []), i]);
  for (const c of rows) {
    const own = (byContract.get(c.id) ?? []).sort((a, b) => a.seq - b.seq);
    const what = `contract ${c.number} (${c.contractType} ${c.status})`;
    // The schedule is the one the services build from the same terms.
    const terms = { frequency: c.paymentFrequency, frequencyAmount: c.frequencyAmount, startDate: c.startDate, totalAmount: c.totalAmount };
    const schedule = buildSchedule(c.contractType === 'DRIVER' ? { ...terms, mode: 'until_total' } : { ...terms, endDate: c.endDate, mode: 'until_end' });
    if (!schedule.ok) throw new Error(`${what}: ${schedule.message}`);
    expect(own.map((i) => [i.seq, i.dueDate, i.amount]), what).toEqual(schedule.instalments.map((i) => [i.seq, i.dueDate, i.amount]));
    expect(schedule.totalAmount, what).toBe(c.totalAmount);
    if (c.contractType === 'DRIVER') expect(c.endDate, what).toBe(schedule.endDate);
    // The money: what was paid, what remains, and the next due day follow the instalments.
    const paid = own.reduce((s, i) => s + i.paidAmount, 0);
    expect(c.totalPaid, what).toBe(paid);
    expect(c.totalPaid + c.remainingAmount, what).toBe(c.totalAmount);
    for (const i of own) if (i.status === 'paid') expect(i.paidAmount, what).toBe(i.amount);
    const due = own.filter((i) => i.status === 'due');
    expect(c.nextDueDate, what).toBe(c.status === 'ACTIVE' || c.status === 'PENDING' ? (due[0]?.dueDate ?? null) : null);
    expect(Boolean(c.signedAt && c.signedBy), what).toBe(c.status !== 'PENDING');
    if (c.contractType === 'DRIVER') expect(c.driverId, what).toBeTruthy();
    else expect(c.driverId, what).toBeNull();
    expect(c.vehicleOwnerId, what).toBeTruthy();

    const past = own.filter((i) => i.dueDate <= today);
    if (c.status === 'PENDING') {
      expect(c.startDate > today && paid === 0, what).toBe(true);
    } else if (c.status === 'EXPIRED') {
      expect(c.endDate < today && c.remainingAmount === 0 && own.every((i) => i.status === 'paid'), what).toBe(true);
      if (c.contractType === 'DRIVER') expect(c.paidOffAt && c.handoverConfirmedAt, what).toBeTruthy();
    } else if (c.status === 'ACTIVE') {
      // Started, not finished; at most its latest past instalment is behind.
      expect(past.length > 0 && past.length < own.length, what).toBe(true);
      expect(past.slice(0, -1).every((i) => i.status === 'paid'), what).toBe(true);
      expect(own.filter((i) => i.dueDate > today).every((i) => i.status === 'due' && i.paidAmount === 0), what).toBe(true);
    } else {
      expect(c.cancelledAt && c.cancelReason, what).toBeTruthy();
      expect(past.every((i) => i.status === 'paid') && own.filter((i) => i.dueDate > today).every((i) => i.status === 'cancelled'), what).toBe(true);
    }
  }
  // Some drivers are behind (an overdue instalment, sometimes half paid): the debts of the statistics.
  const overdue = items.filter((i) => i.status === 'due' && i.dueDate <= today);
  expect(overdue.length).toBeGreaterThan(5);
  expect(overdue.some((i) => i.paidAmount > 0 && i.paidAmount < i.amount)).toBe(true);
  // Each vehicle in turn, each driver contract its own driver.
  const drivers = rows.filter((r) => r.driverId).map((r) => r.driverId);
  expect(new Set(drivers).size).toBe(drivers.length);
  const { rows: signed } = await db.execute<{ n: number }>(sql`select count(*)::int as n from contract_signatures where park_id = ${park.id}`);
  expect(Number(signed[0].n)).toBe(count((r) => r.status !== 'PENDING'));
});
