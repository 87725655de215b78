import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-context.ts';
import { seedFleet } from './fleet-generator.ts';
import { seedOperations } from './operations-generator.ts';
import { fundMovements } from '../modules/operations/operations.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());

it('fills a park with years of operations that keep every rule of the ledger', async () => {
  const { park } = await ctx.createPark({ name: 'Parc opérations' });
  const db = ctx.database.db;
  await seedFleet(db, park.id, { vehicles: 10, drivers: 20 });
  const made = await seedOperations(db, park.id, { count: 2_000, years: 3, batch: 700 });
  expect(made.operations).toBe(2_000);

  const rows = await db.select().from(fundMovements).where(eq(fundMovements.parkId, park.id));
  const originals = rows.filter((r) => !r.reversesId);
  const reversals = rows.filter((r) => r.reversesId);
  expect(originals).toHaveLength(2_000);
  // Some pending, some refused, some cancelled after confirmation, each of the latter reversed once.
  const pending = originals.filter((r) => !r.confirmedAt && !r.canceledAt);
  const refused = originals.filter((r) => !r.confirmedAt && r.canceledAt);
  const cancelled = originals.filter((r) => r.confirmedAt && r.canceledAt);
  expect(pending.length).toBeGreaterThan(0);
  expect(refused.length).toBeGreaterThan(0);
  expect(reversals.map((r) => r.reversesId).sort()).toEqual(cancelled.map((r) => r.id).sort());
  expect(made.reversals).toBe(cancelled.length);
  // Only confirmed rows carry a posting; the spread covers three years.
  expect(rows.filter((r) => r.postingId).length).toBe(rows.filter((r) => r.confirmedAt).length);
  const oldest = Math.min(...originals.map((r) => r.operationDate.getTime()));
  expect(Date.now() - oldest).toBeGreaterThan(2.5 * 365 * 86_400_000);

  // Every posting balances, every balance is the sum of its entries, no caisse is below zero.
  const { rows: unbalanced } = await db.execute(sql`
    select p.id from ledger_postings p join ledger_entries e on e.posting_id = p.id
    where p.park_id = ${park.id} group by p.id having sum(e.amount) <> 0 or count(*) <> 2`);
  expect(unbalanced).toEqual([]);
  const { rows: accounts } = await db.execute<{ kind: string; balance: string; sum: string }>(sql`
    select a.kind, a.balance, coalesce((select sum(amount) from ledger_entries e where e.account_id = a.id), 0) as sum
    from ledger_accounts a where a.park_id = ${park.id}`);
  for (const a of accounts) {
    expect(Number(a.balance)).toBe(Number(a.sum));
    if (a.kind === 'caisse') expect(Number(a.balance)).toBeGreaterThan(0);
  }

  // The daily totals the trigger keeps agree with the rows they sum.
  const { rows: totals } = await db.execute<{ visible: string; counted: string }>(sql`
    select sum(visible_count) as visible, sum(counted_amount) as counted from fund_movement_daily_totals where park_id = ${park.id}`);
  const counted = originals.filter((r) => r.confirmedAt && !r.canceledAt).reduce((s, r) => s + r.amount, 0);
  expect(Number(totals[0].visible)).toBe(2_000);
  expect(Number(totals[0].counted)).toBe(counted);
  const { rows: days } = await db.execute<{ n: string }>(sql`
    select count(*) as n from fund_movement_daily_totals t where t.park_id = ${park.id} and t.visible_count <> (
      select count(*) from fund_movements f where f.park_id = t.park_id and f.sub_account_id = t.sub_account_id and f.caisse_id = t.caisse_id
        and f.reverses_id is null and (f.operation_date at time zone 'Africa/Douala')::date = t.day)`);
  expect(Number(days[0].n)).toBe(0);
});
