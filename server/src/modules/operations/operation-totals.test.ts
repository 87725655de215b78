import { and, count, eq, gte, isNull, lte, sql, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { seedOperations } from '../../demo/operations-generator.ts';
import { fundMovements } from './operations.tables.ts';
import { totalsOverDays } from './operation-totals.ts';

let ctx: TestContext;
let parkId: string;
const DAY = 86_400_000;
beforeAll(async () => {
  ctx = await createTestContext();
  parkId = (await ctx.createPark()).park.id;
  // About four months of operations, so periods cut days and months in every way.
  await seedOperations(ctx.database.db, parkId, { count: 1_500, years: 120 / 365 });
});
afterAll(() => ctx?.close());

/** What the list's total and the accounting read: the totals over whole park-local days, filtered. */
async function fromTotals(f: { fromDay: string | null; toDay: string | null; type: string | null; sub: string | null; caisse: string | null }) {
  const where: SQL[] = [sql`true`];
  if (f.type) where.push(sql`t.type = ${f.type}`);
  if (f.sub) where.push(sql`t.sub_account_id = ${f.sub}`);
  if (f.caisse) where.push(sql`t.caisse_id = ${f.caisse}`);
  const { rows } = await ctx.database.db.execute<{ n: string; amount: string }>(
    sql`select coalesce(sum(t.visible_count), 0) as n, coalesce(sum(t.counted_amount), 0) as amount
        from ${totalsOverDays(parkId, f.fromDay, f.toDay)} t where ${sql.join(where, sql` and `)}`,
  );
  return { n: Number(rows[0].n), amount: Number(rows[0].amount) };
}

/** The start of a Douala day (UTC+1, no daylight saving) as an instant. */
const doualaDay = (ms: number) => new Date(ms + 3_600_000).toISOString().slice(0, 10);
const doualaStart = (day: string) => new Date(`${day}T00:00:00+01:00`);

it('keeps daily totals that count exactly the operations the list shows, whatever the days and filters', async () => {
  const db = ctx.database.db;
  const sample = await db.select({ sub: fundMovements.subAccountId, caisse: fundMovements.caisseId }).from(fundMovements).where(eq(fundMovements.parkId, parkId)).limit(1);
  const now = Date.now();
  await fc.assert(
    fc.asyncProperty(
      fc.option(fc.integer({ min: 0, max: 125 * DAY }), { nil: null }),
      fc.option(fc.integer({ min: 0, max: 125 * DAY }), { nil: null }),
      fc.constantFrom(null, 'profit', 'perte'),
      fc.boolean(),
      fc.boolean(),
      async (fromAgo, toAgo, type, bySub, byCaisse) => {
        const fromDay = fromAgo === null ? null : doualaDay(now - fromAgo);
        const toDay = toAgo === null ? null : doualaDay(now - toAgo);
        const filter = { fromDay, toDay, type, sub: bySub ? sample[0].sub : null, caisse: byCaisse ? sample[0].caisse : null };
        const where: SQL[] = [eq(fundMovements.parkId, parkId), isNull(fundMovements.reversesId)];
        if (fromDay) where.push(gte(fundMovements.operationDate, doualaStart(fromDay)));
        if (toDay) where.push(lte(fundMovements.operationDate, new Date(doualaStart(toDay).getTime() + DAY - 1)));
        if (type) where.push(eq(fundMovements.type, type as 'profit' | 'perte'));
        if (filter.sub) where.push(eq(fundMovements.subAccountId, filter.sub));
        if (filter.caisse) where.push(eq(fundMovements.caisseId, filter.caisse));
        const [direct] = await db
          .select({
            n: count(),
            amount: sql<string>`coalesce(sum(${fundMovements.amount}) filter (where ${fundMovements.confirmedAt} is not null and ${fundMovements.canceledAt} is null), 0)`,
          })
          .from(fundMovements)
          .where(and(...where));
        expect(await fromTotals(filter)).toEqual({ n: direct.n, amount: Number(direct.amount) });
      },
    ),
    { numRuns: 80, seed: 20261122 },
  );
});

it('follows confirmations, cancellations and deletions in what the accounting counts', async () => {
  const db = ctx.database.db;
  // Confirm some pending operations, cancel some confirmed ones (with their reversing row), refuse
  // a pending one, move one to another day, and delete one, as the services and a reset would.
  await db.execute(sql`update fund_movements set confirmed_at = now() where id in (
    select id from fund_movements where park_id = ${parkId} and confirmed_at is null and canceled_at is null limit 5)`);
  await db.execute(sql`with c as (
      update fund_movements set canceled_at = now(), cancel_comment = 'Test' where id in (
        select id from fund_movements where park_id = ${parkId} and confirmed_at is not null and canceled_at is null and reverses_id is null limit 5)
      returning *)
    insert into fund_movements (park_id, id, type, sub_account_id, caisse_id, amount, operation_date, confirmed_at, reverses_id)
    select park_id, gen_random_uuid(), type, sub_account_id, caisse_id, -amount, operation_date, now(), id from c`);
  await db.execute(sql`update fund_movements set canceled_at = now() where id in (
    select id from fund_movements where park_id = ${parkId} and confirmed_at is null and canceled_at is null limit 1)`);
  await db.execute(sql`update fund_movements set operation_date = operation_date - interval '3 days' where id in (
    select id from fund_movements where park_id = ${parkId} and confirmed_at is not null and canceled_at is null limit 1)`);
  await db.execute(sql`delete from fund_movements where id in (
    select id from fund_movements where park_id = ${parkId} and confirmed_at is not null and canceled_at is null and reverses_id is null limit 1)`);

  const { rows: mismatches } = await db.execute(sql`
    with direct as (
      select (operation_date at time zone 'Africa/Douala')::date as day, sub_account_id, caisse_id,
        count(*) filter (where reverses_id is null) as visible,
        coalesce(sum(amount) filter (where confirmed_at is not null and canceled_at is null and reverses_id is null), 0) as counted
      from fund_movements where park_id = ${parkId} group by 1, 2, 3)
    select * from direct d full join (select * from fund_movement_daily_totals where park_id = ${parkId}) t
      on t.day = d.day and t.sub_account_id = d.sub_account_id and t.caisse_id = d.caisse_id
    where coalesce(d.visible, 0) <> coalesce(t.visible_count, 0) or coalesce(d.counted, 0) <> coalesce(t.counted_amount, 0)`);
  expect(mismatches).toEqual([]);
  const { rows: months } = await db.execute(sql`
    with direct as (
      select date_trunc('month', day)::date as month, sub_account_id, caisse_id, sum(visible_count) as visible, sum(counted_amount) as counted
      from fund_movement_daily_totals where park_id = ${parkId} group by 1, 2, 3)
    select * from direct d full join (select * from fund_movement_monthly_totals where park_id = ${parkId}) t
      on t.month = d.month and t.sub_account_id = d.sub_account_id and t.caisse_id = d.caisse_id
    where coalesce(d.visible, 0) <> coalesce(t.visible_count, 0) or coalesce(d.counted, 0) <> coalesce(t.counted_amount, 0)`);
  expect(months).toEqual([]);
});
