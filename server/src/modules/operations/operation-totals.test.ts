import { and, count, eq, gte, isNull, lte, type SQL } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { seedOperations } from '../../demo/operations-generator.ts';
import { countVisibleOperations } from './operation-totals.ts';
import { fundMovements } from './operations.tables.ts';

let ctx: TestContext;
let parkId: string;
const DAY = 86_400_000;
beforeAll(async () => {
  ctx = await createTestContext();
  parkId = (await ctx.createPark()).park.id;
  // About three weeks of operations, so periods cut days in every way.
  await seedOperations(ctx.database.db, parkId, { count: 1_500, years: 21 / 365 });
});
afterAll(() => ctx?.close());

it('counts exactly the operations the list shows, whatever the period and filters', async () => {
  const db = ctx.database.db;
  const sample = await db.select({ sub: fundMovements.subAccountId, caisse: fundMovements.caisseId }).from(fundMovements).where(eq(fundMovements.parkId, parkId)).limit(1);
  const now = Date.now();
  await fc.assert(
    fc.asyncProperty(
      fc.option(fc.integer({ min: 0, max: 23 * DAY }), { nil: null }),
      fc.option(fc.integer({ min: 0, max: 23 * DAY }), { nil: null }),
      fc.constantFrom(null, 'profit', 'perte'),
      fc.boolean(),
      fc.boolean(),
      async (fromAgo, toAgo, type, bySub, byCaisse) => {
        const from = fromAgo === null ? null : new Date(now - fromAgo);
        const to = toAgo === null ? null : new Date(now - toAgo + 3_600_000);
        const filter = { parkId, timeZone: 'Africa/Douala', from, to, type: type as 'profit' | 'perte' | null, subAccountId: bySub ? sample[0].sub : null, caisseId: byCaisse ? sample[0].caisse : null };
        const where: SQL[] = [eq(fundMovements.parkId, parkId), isNull(fundMovements.reversesId)];
        if (from) where.push(gte(fundMovements.operationDate, from));
        if (to) where.push(lte(fundMovements.operationDate, to));
        if (filter.type) where.push(eq(fundMovements.type, filter.type));
        if (filter.subAccountId) where.push(eq(fundMovements.subAccountId, filter.subAccountId));
        if (filter.caisseId) where.push(eq(fundMovements.caisseId, filter.caisseId));
        const [direct] = await db.select({ n: count() }).from(fundMovements).where(and(...where));
        expect(await countVisibleOperations(db, filter)).toBe(direct.n);
      },
    ),
    { numRuns: 60, seed: 20261122 },
  );
});
