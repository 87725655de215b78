import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import { parks } from '../access/access.tables.ts';
import { balanceOf, ledgerAccount, post, reverse } from './ledger.service.ts';
import { ledgerEntries, ledgerPostings } from './ledger.tables.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let parkCount = 0;
async function newPark() {
  const fx = await ctx.createPark({ name: `Parc Grand Livre ${++parkCount}` });
  const parkId = fx.park.id;
  const [caisse, other, revenue, fuel] = await Promise.all([
    ledgerAccount(db(), parkId, 'caisse', crypto.randomUUID()),
    ledgerAccount(db(), parkId, 'caisse', crypto.randomUUID()),
    ledgerAccount(db(), parkId, 'pnl', crypto.randomUUID()),
    ledgerAccount(db(), parkId, 'pnl', crypto.randomUUID()),
  ]);
  return { parkId, caisse, other, revenue, fuel };
}
/** A revenue of `amount` into a caisse: the caisse gains it, the P&L account records it. */
const income = (parkId: string, caisse: string, revenue: string, amount: number) =>
  post(db(), { parkId, sourceKind: 'test', lines: [{ accountId: caisse, amount }, { accountId: revenue, amount: -amount }] });
const spend = (parkId: string, caisse: string, expense: string, amount: number) =>
  post(db(), { parkId, sourceKind: 'test', lines: [{ accountId: caisse, amount: -amount }, { accountId: expense, amount }] });

async function errorOf(p: Promise<unknown>): Promise<{ errorName?: string; message: string }> {
  try {
    await p;
  } catch (err) {
    return err as { errorName?: string; message: string };
  }
  throw new Error('expected a failure');
}

/** Every account's balance equals the sum of its entries, and every posting sums to zero. */
async function assertLedgerHolds(parkId: string) {
  const { rows: drift } = await db().execute(sql`
    select a.id from ledger_accounts a left join ledger_entries e on e.account_id = a.id
    where a.park_id = ${parkId} group by a.id, a.balance having a.balance <> coalesce(sum(e.amount), 0)`);
  expect(drift).toEqual([]);
  const { rows: unbalanced } = await db().execute(sql`
    select posting_id from ledger_entries where park_id = ${parkId} group by posting_id having sum(amount) <> 0`);
  expect(unbalanced).toEqual([]);
  const { rows: negative } = await db().execute(sql`select id from ledger_accounts where park_id = ${parkId} and not allow_negative and balance < 0`);
  expect(negative).toEqual([]);
  const { rows: twice } = await db().execute(sql`
    select reverses_id from ledger_postings where park_id = ${parkId} and reverses_id is not null group by reverses_id having count(*) > 1`);
  expect(twice).toEqual([]);
}

describe('postings', () => {
  it('moves money between accounts in balanced postings', async () => {
    const p = await newPark();
    await income(p.parkId, p.caisse, p.revenue, 25_000);
    await spend(p.parkId, p.caisse, p.fuel, 10_000);
    expect(await balanceOf(db(), p.caisse)).toBe(15_000);
    expect(await balanceOf(db(), p.revenue)).toBe(-25_000);
    expect(await balanceOf(db(), p.fuel)).toBe(10_000);
    await assertLedgerHolds(p.parkId);
  });

  it('refuses an unbalanced posting, a fraction of a minor unit, and an account of another park', async () => {
    const p = await newPark();
    const q = await newPark();
    expect((await errorOf(post(db(), { parkId: p.parkId, sourceKind: 'test', lines: [{ accountId: p.caisse, amount: 100 }, { accountId: p.revenue, amount: -99 }] }))).message).toMatch(/must balance/);
    expect((await errorOf(post(db(), { parkId: p.parkId, sourceKind: 'test', lines: [{ accountId: p.caisse, amount: 0.5 }, { accountId: p.revenue, amount: -0.5 }] }))).message).toMatch(/integer/);
    expect((await errorOf(income(p.parkId, q.caisse, p.revenue, 100))).message).toMatch(/not an account of park/);
    const [{ n }] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from ledger_postings where park_id in (${p.parkId}, ${q.parkId})`)).rows;
    expect(n).toBe(0);
  });

  it("never lets a caisse go below zero, and writes nothing when it would ('Solde insuffisant pour cette opération')", async () => {
    const p = await newPark();
    await income(p.parkId, p.caisse, p.revenue, 5_000);
    const refused = await errorOf(spend(p.parkId, p.caisse, p.fuel, 5_001));
    expect(refused).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS', message: 'Solde insuffisant pour cette opération' });
    expect(await balanceOf(db(), p.caisse)).toBe(5_000);
    expect(await balanceOf(db(), p.fuel)).toBe(0);
    await spend(p.parkId, p.caisse, p.fuel, 5_000);
    expect(await balanceOf(db(), p.caisse)).toBe(0);
  });

  it('keeps entries as written: an update is refused by the database', async () => {
    const p = await newPark();
    const id = await income(p.parkId, p.caisse, p.revenue, 1_000);
    const err = await errorOf(db().update(ledgerEntries).set({ amount: 2_000 }).where(eq(ledgerEntries.postingId, id)));
    expect(String((err as { cause?: { message?: string } }).cause?.message ?? err.message)).toMatch(/append-only/);
    expect((await errorOf(db().update(ledgerPostings).set({ memo: 'changé' }).where(eq(ledgerPostings.id, id)))).message).toBeTruthy();
    expect(await balanceOf(db(), p.caisse)).toBe(1_000);
  });

  it("goes with its park when the park is deleted", async () => {
    const p = await newPark();
    await income(p.parkId, p.caisse, p.revenue, 1_000);
    await db().delete(parks).where(eq(parks.id, p.parkId));
    const [{ n }] = (await db().execute<{ n: number }>(sql`select count(*)::int as n from ledger_entries where park_id = ${p.parkId}`)).rows;
    expect(n).toBe(0);
  });
});

describe('reversals', () => {
  it('cancels a posting once, linked to it; a reversal itself is not reversible', async () => {
    const p = await newPark();
    const original = await income(p.parkId, p.caisse, p.revenue, 8_000);
    const reversal = await reverse(db(), { parkId: p.parkId, postingId: original, sourceKind: 'test' });
    expect(await balanceOf(db(), p.caisse)).toBe(0);
    expect(await balanceOf(db(), p.revenue)).toBe(0);
    const [row] = await db().select().from(ledgerPostings).where(eq(ledgerPostings.id, reversal));
    expect(row.reversesId).toBe(original);
    expect(await errorOf(reverse(db(), { parkId: p.parkId, postingId: original, sourceKind: 'test' }))).toMatchObject({ errorName: 'ALREADY_REVERSED', message: 'Cette opération a déjà été annulée' });
    expect(await errorOf(reverse(db(), { parkId: p.parkId, postingId: reversal, sourceKind: 'test' }))).toMatchObject({ errorName: 'REVERSAL_NOT_REVERSIBLE' });
    const q = await newPark();
    expect(await errorOf(reverse(db(), { parkId: q.parkId, postingId: original, sourceKind: 'test' }))).toMatchObject({ errorName: 'NOT_FOUND' });
    await assertLedgerHolds(p.parkId);
  });

  it('refuses to take back a revenue whose money was spent since', async () => {
    const p = await newPark();
    const original = await income(p.parkId, p.caisse, p.revenue, 8_000);
    await spend(p.parkId, p.caisse, p.fuel, 6_000);
    expect(await errorOf(reverse(db(), { parkId: p.parkId, postingId: original, sourceKind: 'test' }))).toMatchObject({ errorName: 'INSUFFICIENT_FUNDS' });
    expect(await balanceOf(db(), p.caisse)).toBe(2_000);
    await assertLedgerHolds(p.parkId);
  });
});

describe('under concurrency', () => {
  it('lets exactly one of 100 simultaneous withdrawals of the whole balance through', async () => {
    const p = await newPark();
    await income(p.parkId, p.caisse, p.revenue, 50_000);
    const results = await Promise.allSettled(Array.from({ length: 100 }, () => spend(p.parkId, p.caisse, p.fuel, 50_000)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures.every((f) => f.reason.errorName === 'INSUFFICIENT_FUNDS')).toBe(true);
    expect(await balanceOf(db(), p.caisse)).toBe(0);
    await assertLedgerHolds(p.parkId);
  });

  it('writes one reversal for 50 simultaneous cancellations', async () => {
    const p = await newPark();
    const original = await income(p.parkId, p.caisse, p.revenue, 9_000);
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => reverse(db(), { parkId: p.parkId, postingId: original, sourceKind: 'test' })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balanceOf(db(), p.caisse)).toBe(0);
    await assertLedgerHolds(p.parkId);
  });

  it('does not deadlock when transfers cross between two caisses in both directions', async () => {
    const p = await newPark();
    await income(p.parkId, p.caisse, p.revenue, 100_000);
    await income(p.parkId, p.other, p.revenue, 100_000);
    const move = (from: string, to: string) => post(db(), { parkId: p.parkId, sourceKind: 'test', lines: [{ accountId: from, amount: -1_000 }, { accountId: to, amount: 1_000 }] });
    await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? move(p.caisse, p.other) : move(p.other, p.caisse))));
    expect((await balanceOf(db(), p.caisse)) + (await balanceOf(db(), p.other))).toBe(200_000);
    await assertLedgerHolds(p.parkId);
  });
});

describe('any sequence of movements', () => {
  type Step =
    | { kind: 'income'; caisse: 0 | 1; amount: number }
    | { kind: 'spend'; caisse: 0 | 1; amount: number }
    | { kind: 'transfer'; from: 0 | 1; amount: number }
    | { kind: 'reverse'; pick: number };
  const caisseIx = fc.constantFrom<0 | 1>(0, 1);
  const amount = fc.integer({ min: 1, max: 100_000 });
  const step: fc.Arbitrary<Step> = fc.oneof(
    fc.record({ kind: fc.constant('income' as const), caisse: caisseIx, amount }),
    fc.record({ kind: fc.constant('spend' as const), caisse: caisseIx, amount }),
    fc.record({ kind: fc.constant('transfer' as const), from: caisseIx, amount }),
    fc.record({ kind: fc.constant('reverse' as const), pick: fc.nat() }),
  );

  it('leaves every balance equal to the sum of its entries, never negative, each posting reversed at most once', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        const p = await newPark();
        const caisses = [p.caisse, p.other];
        const model = [0, 0];
        const postings: string[] = [];
        for (const s of steps) {
          try {
            if (s.kind === 'income') {
              postings.push(await income(p.parkId, caisses[s.caisse], p.revenue, s.amount));
              model[s.caisse] += s.amount;
            } else if (s.kind === 'spend') {
              postings.push(await spend(p.parkId, caisses[s.caisse], p.fuel, s.amount));
              model[s.caisse] -= s.amount;
            } else if (s.kind === 'transfer') {
              const to = 1 - s.from;
              postings.push(await post(db(), { parkId: p.parkId, sourceKind: 'test', lines: [{ accountId: caisses[s.from], amount: -s.amount }, { accountId: caisses[to], amount: s.amount }] }));
              model[s.from] -= s.amount;
              model[to] += s.amount;
            } else if (postings.length) {
              const target = postings[s.pick % postings.length];
              const lines = await db().select().from(ledgerEntries).where(eq(ledgerEntries.postingId, target));
              postings.push(await reverse(db(), { parkId: p.parkId, postingId: target, sourceKind: 'test' }));
              for (const l of lines) {
                const i = caisses.indexOf(l.accountId);
                if (i >= 0) model[i] -= l.amount;
              }
            }
          } catch (err) {
            // Refusals are part of the game; anything else is a bug.
            const name = (err as { errorName?: string }).errorName;
            expect(['INSUFFICIENT_FUNDS', 'ALREADY_REVERSED', 'REVERSAL_NOT_REVERSIBLE']).toContain(name);
          }
        }
        expect([await balanceOf(db(), p.caisse), await balanceOf(db(), p.other)]).toEqual(model);
        await assertLedgerHolds(p.parkId);
      }),
      { numRuns: 30, seed: 20261122 },
    );
  });
});
