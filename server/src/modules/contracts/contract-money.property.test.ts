import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TTransactionValidation } from '@flotte/contract';
import { createTestContext, type TestContext } from '../../../test/test-context.ts';
import type { CollectionSimulators } from '../../platform/payments/payments.ts';
import { insertVehicle } from '../drivers/driver-test-helpers.ts';
import { as, driverSold, fundDriverSold, ledgerHolds, recipeWorld, type RecipeWorld } from '../recipes/recipes-test-helpers.ts';
import { contractRow, contractTotalsDrift, dayFrom, insertContract, instalmentsOf, ledgerNetUnder } from './contract-money.test-support.ts';
import { contractInstalments } from './contracts.tables.ts';
import { runContractsJob } from './contracts.jobs.ts';

/**
 * Issue 19 section 4: random driver contracts (1 to 5 instalments, due before and after today) and
 * random sequences of payments on them, partial or whole, ahead of time or not, by mixed modes
 * (cash and the driver's balance through POST /contract/{id}/collect, mobile money through the MTN
 * simulator confirmed or refused, and a contract recipe paid from the recipes screen), some above
 * what remains. After every step, for every contract: total_paid + remaining_amount = total_amount,
 * total_paid = the sum of its instalments' paid_amount = the ledger's net of its operations under
 * 'contract_driver' = what the model says was accepted; a contract is EXPIRED exactly when nothing
 * remains; a refused step moved nothing.
 */

let ctx: TestContext;
let sims: CollectionSimulators;
const MTN = '8';

beforeAll(async () => {
  ctx = await createTestContext();
  sims = await ctx.app.payments.collectionSimulators();
  for (const sim of Object.values(sims)) sim.settleAfterMs = null;
}, 60_000);
afterAll(() => ctx?.close());

type AmountSpec = number | 'next' | 'all' | 'over';
type Step =
  | { kind: 'collect'; contract: number; method: 'cash' | 'sold' | 'mobile_money'; amount: AmountSpec; confirmed: boolean }
  | { kind: 'recipe'; contract: number; amount: AmountSpec }
  | { kind: 'fundSold'; amount: number };

const amountArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 60_000 }) },
  { weight: 2, arbitrary: fc.constant('next' as const) },
  { weight: 1, arbitrary: fc.constant('all' as const) },
  { weight: 1, arbitrary: fc.constant('over' as const) },
);
const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('collect' as const),
      contract: fc.nat({ max: 10 }),
      method: fc.constantFrom('cash' as const, 'cash' as const, 'sold' as const, 'mobile_money' as const),
      amount: amountArb,
      confirmed: fc.integer({ min: 0, max: 3 }).map((n) => n > 0),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('recipe' as const), contract: fc.nat({ max: 10 }), amount: amountArb }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('fundSold' as const), amount: fc.integer({ min: 1, max: 80_000 }) }) },
);
const scheduleArb = fc.array(fc.record({ offset: fc.integer({ min: -40, max: 40 }), amount: fc.integer({ min: 1, max: 50_000 }) }), { minLength: 1, maxLength: 5 });

interface Run {
  w: RecipeWorld;
  contracts: { id: string; vehicle: string; total: number }[];
  /** What the model says each contract received. */
  paid: number[];
  sold: number;
}

/** The amount a step asks: as drawn, the first open instalment's rest, all that remains, or one more than that. */
async function resolve(r: Run, k: number, spec: AmountSpec): Promise<number> {
  const remaining = r.contracts[k].total - r.paid[k];
  if (spec === 'all') return Math.max(1, remaining);
  if (spec === 'over') return remaining + 1;
  if (spec === 'next') {
    const open = (await instalmentsOf(ctx, r.contracts[k].id)).find((i) => i.status === 'due');
    return Math.max(1, open ? open.amount - open.paidAmount : 1);
  }
  return spec;
}

async function runStep(r: Run, s: Step): Promise<string> {
  if (s.kind === 'fundSold') {
    await fundDriverSold(ctx, r.w.parkId, r.w.driverA, s.amount);
    r.sold += s.amount;
    return `sold +${s.amount}`;
  }
  const k = s.contract % r.contracts.length;
  const c = r.contracts[k];
  const amount = await resolve(r, k, s.amount);
  const remaining = c.total - r.paid[k];
  if (s.kind === 'recipe') {
    // A contract recipe paid from Encaissements ('resolve-debt' with a part of it): the contract follows through the hook.
    const open = (await instalmentsOf(ctx, c.id)).find((i) => i.status === 'due' && i.recipeId);
    if (!open) return `recipe #${k}: none open`;
    const rest = open.amount - open.paidAmount;
    const res = await ctx.api('POST', '/api/transaction/resolve-debt', { ...as(r.w.owner), body: { recettes_partials: [{ recette_id: open.recipeId, amount }], payment_type: 'cash' } });
    if (amount <= rest) {
      expect(res.code, res.message).toBe(5000);
      r.paid[k] += amount;
    } else {
      expect(res.status, res.message).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    return `recipe #${k} seq ${open.seq} ${amount} -> ${res.status}`;
  }
  const body: Record<string, unknown> = { amount, payment_type: s.method };
  if (s.method === 'mobile_money') Object.assign(body, { operator_id: MTN, phone: '670000031' });
  const res = await ctx.api('POST', `/api/contract/${c.id}/collect`, { ...as(r.w.owner), body });
  const accepted = remaining > 0 && amount <= remaining && (s.method !== 'sold' || amount <= r.sold);
  if (!accepted) {
    expect(res.status, res.message).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    return `collect #${k} ${s.method} ${amount} -> refused ${res.status}`;
  }
  expect(res.code, res.message).toBe(5000);
  if (s.method === 'mobile_money') {
    const v = res.data.transaction as TTransactionValidation;
    if (s.confirmed) {
      await sims.mtn.complete(v.transaction_id);
      r.paid[k] += amount;
    } else await sims.mtn.fail(v.transaction_id);
    await ctx.api('GET', `/api/transaction/check-status/${v.transaction_id}`, as(r.w.owner));
  } else {
    r.paid[k] += amount;
    if (s.method === 'sold') r.sold -= amount;
  }
  return `collect #${k} ${s.method} ${amount}${s.method === 'mobile_money' ? (s.confirmed ? ' confirmed' : ' refused by the payer') : ''} -> ok`;
}

async function check(r: Run): Promise<void> {
  for (const [k, c] of r.contracts.entries()) {
    const row = await contractRow(ctx, c.id);
    const instalments = await instalmentsOf(ctx, c.id);
    expect(row.totalPaid + row.remainingAmount, `contract #${k}: paid + remaining`).toBe(row.totalAmount);
    expect(row.totalPaid, `contract #${k}: the instalments`).toBe(instalments.reduce((s, i) => s + i.paidAmount, 0));
    expect(row.totalPaid, `contract #${k}: the ledger`).toBe(await ledgerNetUnder(ctx, r.w.parkId, 'contract_driver', c.vehicle));
    expect(row.totalPaid, `contract #${k}: the model`).toBe(r.paid[k]);
    expect(row.status === 'EXPIRED', `contract #${k}: ended exactly when paid off`).toBe(row.remainingAmount === 0);
    for (const i of instalments) expect(i.status === 'paid', `contract #${k} seq ${i.seq}`).toBe(i.paidAmount >= i.amount);
  }
  expect((await driverSold(ctx, r.w.parkId, r.w.driverA)) + 0).toBe(r.sold);
  expect(await ledgerHolds(ctx, r.w.parkId)).toEqual({ total: 0, mismatched: 0 });
  const { kept, recounted } = await contractTotalsDrift(ctx, r.w.parkId);
  expect(kept, 'the statistics totals kept by the triggers').toEqual(recounted);
}

it('keeps total_paid + remaining_amount = total_amount = the instalments = the ledger through random payments', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(scheduleArb, { minLength: 1, maxLength: 2 }), fc.array(stepArb, { minLength: 1, maxLength: 10 }), async (schedules, steps) => {
      const w = await recipeWorld(ctx);
      const r: Run = { w, contracts: [], paid: [], sold: 0 };
      for (const [k, schedule] of schedules.entries()) {
        // One vehicle per contract: the ledger's net per vehicle is then the contract's.
        const vehicle = k === 0 ? w.vehicle : await insertVehicle(ctx.database.db, w.parkId, { registration: `PR-${k}-${Math.random().toString(36).slice(2, 7)}` });
        const sorted = [...schedule].sort((a, b) => a.offset - b.offset).map((i) => ({ due: dayFrom(i.offset), amount: i.amount }));
        const c = await insertContract(ctx, { parkId: w.parkId, vehicleId: vehicle, driverId: w.driverA, schedule: sorted });
        r.contracts.push({ id: c.id, vehicle, total: sorted.reduce((s, i) => s + i.amount, 0) });
        r.paid.push(0);
      }
      // The due ones have their recipes, as the job makes them.
      await runContractsJob(ctx.database.db, { parkId: w.parkId });
      const log: string[] = [];
      try {
        for (const s of steps) {
          log.push(await runStep(r, s));
          await check(r);
        }
      } catch (err) {
        (err as Error).message += `\n\nSteps:\n  ${log.join('\n  ')}`;
        throw err;
      }
      const linked = await ctx.database.db.select().from(contractInstalments).where(eq(contractInstalments.parkId, w.parkId));
      expect(linked.every((i) => i.status !== 'paid' || i.recipeId !== null)).toBe(true);
    }),
    { seed: Number(process.env.CONTRACT_MONEY_SEED ?? 20261126), numRuns: Number(process.env.CONTRACT_MONEY_RUNS ?? 6), endOnFailure: true },
  );
}, 600_000);
