import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { profiles } from '../modules/access/access.tables.ts';
import { contractEvents, contractInstalments, contracts } from '../modules/contracts/contracts.tables.ts';
import { vehicleOwners } from '../modules/owners/owners.tables.ts';
import { vehicles } from '../modules/vehicles/vehicles.tables.ts';
import { toWireDate } from '../platform/dates.ts';
import { seedDemoContracts } from './demo-contracts.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedOperations } from './operations-generator.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('gives the demo park partner contracts and three hire purchases at different stages, their money in the ledger', { timeout: 120_000 }, async () => {
  const { park } = await ctx.createPark({ name: 'Parc démo contrats' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 25, drivers: 40 });
  await seedOperations(db, park.id, { count: 600, years: 0.5 });
  const [ownerProfile] = await db.select({ id: profiles.id }).from(profiles).where(and(eq(profiles.parkId, park.id), eq(profiles.role, 'OWNER')));
  const now = new Date();
  const today = toWireDate(now, 'Africa/Douala').slice(0, 10);
  const made = await seedDemoContracts(db, { parkId: park.id, timeZone: 'Africa/Douala', currency: 'XAF' }, { profileId: ownerProfile.id }, { storage: ctx.app.fileStorage, now });
  expect(made).toMatchObject({ partner: 3, driver: 3 });

  const rows = await db.select().from(contracts).where(eq(contracts.parkId, park.id)).orderBy(contracts.number);
  const items = await db.select().from(contractInstalments).where(eq(contractInstalments.parkId, park.id));
  const of = (id: string) => items.filter((i) => i.contractId === id).sort((a, b) => a.seq - b.seq);
  // Every contract: the figures follow the instalments, total_paid + remaining = total.
  for (const c of rows) {
    const own = of(c.id);
    expect(c.totalPaid + c.remainingAmount, `contract ${c.number}`).toBe(c.totalAmount);
    expect(c.totalPaid, `contract ${c.number}`).toBe(own.reduce((s, i) => s + i.paidAmount, 0));
    expect(own.reduce((s, i) => s + i.amount, 0), `contract ${c.number}`).toBe(c.totalAmount);
    expect(c.signedAt, `contract ${c.number}`).toBeTruthy();
  }
  // Numbers follow the dates: the oldest contract is number 1.
  expect([...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime()).map((c) => c.number)).toEqual(rows.map((c) => c.number));

  // Partners: signed, monthly, the past instalments paid from a caisse but the latest, still due.
  const partners = rows.filter((c) => c.contractType === 'PARTNER');
  expect(partners).toHaveLength(3);
  for (const c of partners) {
    expect(c.status).toBe('ACTIVE');
    expect(c.paymentFrequency).toBe('monthly');
    expect(c.vehicleOwnerId).toBeTruthy();
    const past = of(c.id).filter((i) => i.dueDate <= today);
    expect(past.length).toBeGreaterThan(1);
    expect(past.slice(0, -1).every((i) => i.status === 'paid' && i.fundMovementId && i.paidAt! < now)).toBe(true);
    expect(past.at(-1)!.status).toBe('due');
    expect(c.nextDueDate).toBe(past.at(-1)!.dueDate);
    const { rows: paid } = await db.execute<{ sum: string }>(sql`
      select coalesce(sum(f.amount), 0) as sum from fund_movements f join pnl_accounts a on a.id = f.sub_account_id and a.code = 'contract_partner'
       where f.park_id = ${park.id} and f.vehicle_id = ${c.vehicleId} and f.type = 'perte' and f.confirmed_at is not null and f.posting_id is not null`);
    expect(Number(paid[0].sum)).toBe(c.totalPaid);
  }

  // Drivers: new (nothing due yet), half paid with one missed week, paid off last month.
  const drivers = rows.filter((c) => c.contractType === 'DRIVER');
  expect(drivers).toHaveLength(3);
  const fresh = drivers.find((c) => c.status === 'ACTIVE' && c.totalPaid === 0)!;
  expect(fresh.startDate > today && toWireDate(fresh.signedAt!, 'Africa/Douala').slice(0, 10)).toBe(today);
  const half = drivers.find((c) => c.status === 'ACTIVE' && c.totalPaid > 0)!;
  expect(half.paymentFrequency).toBe('weekly');
  const owed = of(half.id).filter((i) => i.dueDate <= today && i.status === 'due');
  expect(owed).toHaveLength(1);
  expect(owed[0].paidAmount).toBe(0);
  expect(half.nextDueDate).toBe(owed[0].dueDate);
  expect(half.totalPaid / half.totalAmount).toBeGreaterThan(0.4);
  expect(half.totalPaid / half.totalAmount).toBeLessThan(0.6);
  const paidOff = drivers.find((c) => c.status === 'EXPIRED')!;
  expect(paidOff.remainingAmount).toBe(0);
  expect(toWireDate(paidOff.paidOffAt!, 'Africa/Douala').slice(0, 7)).toBe(toWireDate(new Date(Date.parse(`${today.slice(0, 7)}-01T12:00:00Z`) - 86_400_000), 'Africa/Douala').slice(0, 7));
  expect(paidOff.handoverConfirmedAt).toBeNull();
  // The driver owns the vehicle now (an owner record of his name), still in the active fleet.
  expect(paidOff.newOwnerId).toBeTruthy();
  const [vehicle] = await db.select({ ownerId: vehicles.vehicleOwnerId, status: vehicles.status }).from(vehicles).where(eq(vehicles.id, paidOff.vehicleId));
  expect(vehicle).toEqual({ ownerId: paidOff.newOwnerId, status: 'active' });
  const [newOwner] = await db.select().from(vehicleOwners).where(eq(vehicleOwners.id, paidOff.newOwnerId!));
  expect(newOwner.phone).toMatch(/^\+2376/);

  // A driver's payments are recipes of kind 'contract', each an operation under 'contract_driver' in the ledger.
  for (const c of drivers) {
    const { rows: money } = await db.execute<{ collected: string; ledger: string }>(sql`
      select (select coalesce(sum(r.collected), 0) from recipes r join contract_instalments i on i.recipe_id = r.id
               where i.contract_id = ${c.id} and r.kind = 'contract') as collected,
             (select coalesce(sum(-e.amount), 0) from fund_movements f
                join pnl_accounts a on a.id = f.sub_account_id and a.code = 'contract_driver'
                join ledger_entries e on e.posting_id = f.posting_id
                join ledger_accounts la on la.id = e.account_id and la.kind = 'pnl'
               where f.park_id = ${c.parkId} and f.vehicle_id = ${c.vehicleId}) as ledger`);
    expect(Number(money[0].collected), `contract ${c.number}`).toBe(c.totalPaid);
    expect(Number(money[0].ledger), `contract ${c.number}`).toBe(c.totalPaid);
  }
  const { rows: unbalanced } = await db.execute(sql`
    select p.id from ledger_postings p join ledger_entries e on e.posting_id = p.id
     where p.park_id = ${park.id} group by p.id having sum(e.amount) <> 0`);
  expect(unbalanced).toEqual([]);

  // The history reads as it happened: each payment dated on its day, none in the future.
  const events = await db.select().from(contractEvents).where(eq(contractEvents.parkId, park.id));
  const payments = events.filter((e) => e.kind === 'payment');
  expect(payments.length).toBe(made.payments);
  expect(payments.every((e) => e.createdAt <= now)).toBe(true);
  const paidDays = new Set(items.filter((i) => i.paidAt).map((i) => toWireDate(i.paidAt!, 'Africa/Douala').slice(0, 10)));
  expect(payments.every((e) => paidDays.has(toWireDate(e.createdAt, 'Africa/Douala').slice(0, 10)))).toBe(true);
});
