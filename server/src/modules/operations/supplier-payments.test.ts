import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type SignedIn, type TestContext } from '../../../test/test-context.ts';
import { pnlAccounts } from '../pnl/pnl.tables.ts';
import { fundMovements } from './operations.tables.ts';
import { as } from './operations-test-helpers.ts';
import { supplierPaidInYear } from './supplier-payments.ts';

/**
 * What a park paid a supplier in a year: confirmed expenses only, cancelled ones and their
 * reversing rows left out, revenues and other suppliers' expenses ignored, the year cut in the
 * park's time zone. The rows are written straight into the table: the rule under test is the sum.
 */

let ctx: TestContext;
let owner: SignedIn;
let parkId: string;
let expenseAccount: string;
let revenueAccount: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const { park, owner: o } = await ctx.createPark({ name: 'Parc Paiements' });
  parkId = park.id;
  owner = await ctx.signIn({ email: o.email, password: o.password, type: 'proprietaire' });
  const account = async (type: 'perte' | 'profit') =>
    (await ctx.database.db.select({ id: pnlAccounts.id }).from(pnlAccounts).where(and(eq(pnlAccounts.parkId, parkId), eq(pnlAccounts.type, type))).limit(1))[0].id;
  [expenseAccount, revenueAccount] = [await account('perte'), await account('profit')];
}, 60_000);
afterAll(() => ctx?.close());

async function newSupplier(name: string): Promise<string> {
  const cat = (await ctx.api('POST', '/api/supplier/category', { ...as(owner), body: { name: `Cat ${name}` } })).data.id;
  const r = await ctx.api('POST', '/api/supplier', { ...as(owner), body: { name, phone: '+237690112233', categories: [cat] } });
  return r.data.id;
}

type Row = typeof fundMovements.$inferInsert;
async function movement(v: Partial<Row> & { amount: number; operationDate: Date }): Promise<string> {
  const [row] = await ctx.database.db
    .insert(fundMovements)
    .values({ parkId, type: 'perte', subAccountId: expenseAccount, confirmedAt: new Date(), ...v })
    .returning({ id: fundMovements.id });
  return row.id;
}

describe('supplierPaidInYear', () => {
  it('sums the confirmed, standing expenses of the supplier in the year of the park', async () => {
    const garage = await newSupplier('Garage Payé');
    const other = await newSupplier('Autre Garage');
    // Africa/Douala is UTC+1: 2025-12-31T23:30Z is already 2026-01-01 in the park.
    await movement({ supplierId: garage, amount: 50_000, operationDate: new Date('2026-03-10T09:00:00Z') });
    await movement({ supplierId: garage, amount: 7_000, operationDate: new Date('2025-12-31T23:30:00Z') });
    await movement({ supplierId: garage, amount: 1_000, operationDate: new Date('2025-12-31T22:30:00Z') }); // 2025 in Douala
    await movement({ supplierId: garage, amount: 2_000, operationDate: new Date('2026-04-01T09:00:00Z'), confirmedAt: null }); // pending
    await movement({ supplierId: garage, amount: 3_000, operationDate: new Date('2026-04-02T09:00:00Z'), confirmedAt: null, canceledAt: new Date() }); // refused
    const canceled = await movement({ supplierId: garage, amount: 4_000, operationDate: new Date('2026-04-03T09:00:00Z'), canceledAt: new Date() });
    await movement({ supplierId: garage, amount: -4_000, operationDate: new Date('2026-04-03T09:00:00Z'), reversesId: canceled });
    await movement({ supplierId: garage, amount: 9_000, operationDate: new Date('2026-05-01T09:00:00Z'), type: 'profit', subAccountId: revenueAccount });
    await movement({ supplierId: other, amount: 11_000, operationDate: new Date('2026-05-01T09:00:00Z') });

    const paid = (year: number, supplierId = garage) => supplierPaidInYear(ctx.database.db, { parkId, supplierId, timeZone: 'Africa/Douala', year });
    expect(await paid(2026)).toBe(57_000);
    expect(await paid(2025)).toBe(1_000);
    expect(await paid(2026, other)).toBe(11_000);
    // Another park never reads this park's payments.
    const b = await ctx.createPark({ name: 'Parc B' });
    expect(await supplierPaidInYear(ctx.database.db, { parkId: b.park.id, supplierId: garage, timeZone: 'Africa/Douala', year: 2026 })).toBe(0);
  });

  it("shows this year's total on the supplier's page", async () => {
    const garage = await newSupplier('Garage Page');
    await movement({ supplierId: garage, amount: 25_000, operationDate: new Date() });
    const r = await ctx.api('GET', `/api/supplier/${garage}`, as(owner));
    expect(r.code, r.message).toBe(5000);
    expect(r.data.paid_this_year).toBe(25_000);
    expect(r.data.maintenances_count).toBe(0);
  });
});
