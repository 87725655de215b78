import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { expect } from 'vitest';
import { type SignedIn, type TestContext } from '../../../test/test-context.ts';
import type { PaymentSimulators } from '../../platform/payments/payments.ts';
import { parks } from '../access/access.tables.ts';
import { as, cashCaisse, memberWith, subAccount } from '../operations/operations-test-helpers.ts';
import { addCaisse } from '../treasury/caisses.test-support.ts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { actingOf, insertClient } from '../courses/course-money.test-support.ts';
import { emptyYangoModel, type YangoModel, type YangoStep } from './money-flows.test-yango-steps.ts';
import type { SubscriptionModel, SubscriptionStep } from './money-flows.test-subscription-steps.ts';

/**
 * The steps, the world and the model of the money-flows property test (money-flows.property.test.ts), split from it by part.
 */
// ---------------------------------------------------------------------------------------------
// Steps

/** An amount: a number of francs, or decided when the step runs from what the source holds (half, all, one franc too many). */
export type AmountSpec = number | 'half' | 'all' | 'over';

export type Step =
  | { kind: 'create'; by: 'owner' | 'member'; type: 'profit' | 'perte'; caisse: number; sub: number; amount: AmountSpec; retry: boolean }
  | { kind: 'confirm'; pick: number; pendingOnly: boolean; retry: boolean }
  | { kind: 'cancel'; pick: number; target: 'any' | 'live' | 'reversal'; retry: boolean }
  | { kind: 'transfer'; from: number; to: number; same: boolean; amount: AmountSpec; retry: boolean }
  | { kind: 'withdraw'; from: 'park' | number; failing: boolean; later: boolean; amount: AmountSpec; retry: boolean }
  | { kind: 'settle'; pick: number; pendingOnly: boolean; outcome: 'success' | 'failed' }
  | { kind: 'payIn'; amount: number }
  /**
   * A maintenance of a new vehicle, scheduled today and finished with an oil change and a repair:
   * `amount` in all, `split` quarters of it for the oil change (0 or 4: one repair type cost
   * nothing); `again`: an already finished one is finished once more.
   */
  | { kind: 'finish'; by: 'owner' | 'member'; caisse: number; amount: AmountSpec; split: number; again: boolean; retry: boolean }
  /**
   * A driver pays `amount` in cash into a caisse on his hire-purchase contract (issue 19): one
   * revenue per instalment it reaches, under 'contract_driver'. A new contract (three instalments,
   * 55,000 in all) when none is running or the last one was paid off.
   */
  | { kind: 'contract'; caisse: number; amount: AmountSpec; retry: boolean }
  /**
   * A business client's course (issue 20): a new running course of `amount` (0: offered) finished
   * into a caisse or as the client's receivable; or a receivable settled into a caisse (POST
   * /course/{id}/settle, a settled or paid one refused); or its revenue cancelled from the
   * operations screen, which is refused.
   */
  | { kind: 'course'; action: 'caisse' | 'receivable' | 'settle' | 'cancel'; caisse: number; amount: number; pick: number; retry: boolean }
  /**
   * A recipe of a driver linked to Yango collected from his Yango balance (issue 21): debited
   * through the API, refused for a balance too low ('poor'), Yango's answer lost ('lost', pending)
   * then asked again ('recheck'), or part of it paid in cash meanwhile ('cash').
   */
  | YangoStep
  /**
   * A subscription invoice of the park paid by mobile money (issue 23), its callback delivered
   * once or twice, now and then paid again (refused): the park's money must not move.
   */
  | SubscriptionStep;

export const amountArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 1, max: 60_000 }) },
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 40 }).map((n) => n * 1000) },
  { weight: 2, arbitrary: fc.constant('half' as const) },
  { weight: 1, arbitrary: fc.constant('all' as const) },
  { weight: 1, arbitrary: fc.constant('over' as const) },
);
export const pick = fc.nat({ max: 1000 });
/** About one money call in five is sent twice under one Idempotency-Key. */
export const retry = fc.integer({ min: 0, max: 4 }).map((n) => n === 0);

export const stepArb: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      kind: fc.constant('create' as const),
      by: fc.constantFrom('owner' as const, 'member' as const),
      type: fc.constantFrom('profit' as const, 'perte' as const),
      caisse: pick,
      sub: pick,
      amount: amountArb,
      retry,
    }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('confirm' as const), pick, pendingOnly: fc.integer({ min: 0, max: 4 }).map((n) => n > 0), retry }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('cancel' as const), pick, target: fc.constantFrom('any' as const, 'live' as const, 'live' as const, 'reversal' as const), retry }) }, // 'live' twice: half the time
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('transfer' as const), from: pick, to: pick, same: fc.integer({ min: 0, max: 7 }).map((n) => n === 0), amount: amountArb, retry }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      from: fc.oneof({ weight: 3, arbitrary: fc.constant('park' as const) }, { weight: 1, arbitrary: pick }),
      failing: fc.integer({ min: 0, max: 2 }).map((n) => n === 0),
      /** The operator answers 'processing': the payout stays pending until a status check settles it. */
      later: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      amount: amountArb,
      retry,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('settle' as const),
      pick,
      pendingOnly: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
      outcome: fc.constantFrom('success' as const, 'failed' as const),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('payIn' as const), amount: fc.integer({ min: 1, max: 50_000 }) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('finish' as const),
      by: fc.constantFrom('owner' as const, 'member' as const),
      caisse: pick,
      amount: amountArb,
      split: fc.integer({ min: 0, max: 4 }),
      again: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
      retry,
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('contract' as const), caisse: pick, amount: amountArb, retry }) },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('course' as const),
      action: fc.constantFrom('caisse' as const, 'caisse' as const, 'receivable' as const, 'receivable' as const, 'receivable' as const, 'settle' as const, 'settle' as const, 'settle' as const, 'cancel' as const),
      caisse: pick,
      amount: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 6, arbitrary: fc.integer({ min: 1, max: 60_000 }) }),
      pick,
      retry,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('yango' as const),
      action: fc.constantFrom('debit' as const, 'debit' as const, 'poor' as const, 'lost' as const, 'lost' as const, 'cash' as const, 'recheck' as const, 'recheck' as const),
      amount: amountArb,
      pick,
      retry,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('subscription' as const),
      amount: fc.integer({ min: 1, max: 40 }).map((n) => n * 2_500),
      deliveries: fc.constantFrom(1 as const, 2 as const, 2 as const),
      again: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
      retry,
    }),
  },
);

export const setupArb = fc.record({
  extraCaisses: fc.integer({ min: 1, max: 2 }),
  /** What the owner records as revenue into each caisse before the sequence (0: nothing). */
  caisseFunds: fc.array(fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 150_000 }) }), { minLength: 3, maxLength: 3 }),
  parkFunds: fc.oneof({ weight: 1, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 200_000 }) }),
});

// ---------------------------------------------------------------------------------------------
// The world of one run and its model

export interface World {
  ctx: TestContext;
  sims: PaymentSimulators;
  parkId: string;
  owner: SignedIn;
  member: SignedIn;
  caisses: string[];
  subs: { profit: string[]; perte: string[] };
  recette: string;
  fees: string;
  /** The sub-accounts a finished maintenance files its oil change and its repair under. */
  repairs: { vidange: string; reparation: string };
  /** The sub-account drivers' hire-purchase payments are filed under. */
  contractDriver: string;
  /** The business client the courses are for, the 'course' sub-account, and the owner as the courses' finisher. */
  client: string;
  course: string;
  ownerActing: ActingProfile;
  feeBp: number;
  means: { good: string; failing: string };
  /** Short names for ids, for readable failures. */
  label: Map<string, string>;
}

export type OpStatus = 'pending' | 'confirmed' | 'canceled' | 'refused';
export interface ModelOp {
  id: string;
  type: 'profit' | 'perte';
  /** null: a course's revenue owed by the client (funding client_receivable). */
  caisse: string | null;
  /** The client owing a receivable. */
  client?: string;
  /** The course that recorded it: the operations screen may not cancel it. */
  course?: string;
  /** A recipe collected from the driver's Yango balance (funding yango_balance, caisse null): not cancelled from the operations. */
  yango?: boolean;
  sub: string;
  amount: number;
  status: OpStatus;
  reversalId: string | null;
}

export interface Model {
  caisse: Map<string, number>;
  park: number;
  /** Paid out to wallets (the 'external' account). */
  external: number;
  /** Expected ledger balance of each P&L account (fees and recette included). */
  pnl: Map<string, number>;
  ops: ModelOp[];
  /** Ledger postings and fund_movements rows the park should have. */
  postings: number;
  movements: number;
  transfers: number;
  withdrawals: ModelWithdrawal[];
  /** Maintenances finished (paid) so far. */
  finished: string[];
  /** The driver contract being paid, and what it received so far. */
  contract: { id: string; total: number; paid: number } | null;
  /** What each client owes (his client_receivable account). */
  receivable: Map<string, number>;
  /** Courses finished, where their money went, and whether a receivable was settled. */
  courses: ModelCourse[];
  /** 'course_payment' park transactions (settled receivables). */
  coursePayments: number;
  /** The Yango debits, the park's 'yango' account and the sold they fed. */
  yango: YangoModel;
  /** Subscription invoices paid (none of their money is the park's). */
  subscriptions: SubscriptionModel;
}

export interface ModelCourse {
  id: string;
  amount: number;
  /** null: finished at 0, no money. */
  mode: 'caisse' | 'receivable' | null;
  opId: string | null;
  settled: boolean;
}

export interface ModelWithdrawal {
  id: string;
  status: 'pending' | 'success' | 'failed';
  /** The caisse paid from, or null for the park balance. */
  caisse: string | null;
  amount: number;
  fee: number;
  failingNumber: boolean;
}

let parkNo = 0;

export async function makeWorld(ctx: TestContext, sims: PaymentSimulators, extraCaisses: number): Promise<World> {
  const fx = await ctx.createPark({ name: `Parc Flux ${++parkNo}` });
  const parkId = fx.park.id;
  await ctx.database.db.update(parks).set({ countryCode: 'CI', currency: 'XOF', operationsNeedConfirmation: true }).where(eq(parks.id, parkId));
  const owner = await ctx.signIn({ email: fx.owner.email, password: fx.owner.password, type: 'proprietaire' });
  expect((await ctx.api('POST', '/api/update-pin-code', { token: owner.token, body: { code: '24680' } })).code).toBe(5000);
  expect((await ctx.api('POST', '/api/verify-pin-code', { token: owner.token, body: { code: '24680' } })).code).toBe(5000);
  const member = await memberWith(ctx, owner, parkId, ['CREATE_OPERATION', 'ACCESS_CAISSE_CASH', 'MANAGE_MAINTENANCE']);

  const label = new Map<string, string>();
  const caisses = [await cashCaisse(ctx, parkId)];
  label.set(caisses[0], 'cash');
  for (let i = 0; i < extraCaisses; i++) {
    // The member records into these caisses: he administers them (a caisse is used only by its administrators).
    const c = await addCaisse(ctx, owner, { name: `Caisse ${'AB'[i]}`, profile_ids: [member.profile_id] });
    caisses.push(c.id);
    label.set(c.id, `caisse ${'AB'[i]}`);
  }
  const named = async (name: string) => {
    const { id } = await subAccount(ctx, parkId, { name });
    label.set(id, name);
    return id;
  };
  const subs = {
    profit: [await named('Apport du propriétaire'), await named('Revenus divers')],
    perte: [await named('Dépenses diverses'), await named('Loyer et parking')],
  };
  const recette = (await subAccount(ctx, parkId, { code: 'recette' })).id;
  const fees = (await subAccount(ctx, parkId, { code: 'withdraw_fees' })).id;
  label.set(recette, 'recette');
  label.set(fees, 'withdraw_fees');
  const repairs = { vidange: (await subAccount(ctx, parkId, { code: 'vidange' })).id, reparation: (await subAccount(ctx, parkId, { code: 'reparation' })).id };
  label.set(repairs.vidange, 'vidange');
  label.set(repairs.reparation, 'reparation');
  const contractDriver = (await subAccount(ctx, parkId, { code: 'contract_driver' })).id;
  label.set(contractDriver, 'contract_driver');
  const course = (await subAccount(ctx, parkId, { code: 'course' })).id;
  label.set(course, 'course');
  const client = await insertClient(ctx, parkId, { name: 'Client Flux' });
  label.set(client, 'client');
  const ownerActing = await actingOf(ctx, parkId, owner.profile_id);

  const wave = (await ctx.api('GET', '/api/vtc-withdraw', as(owner))).data.find((m: { type: string }) => m.type === 'wave');
  const addMeans = async (title: string, phone: string) => {
    const r = await ctx.api('POST', '/api/mean-withdraw-on-park', { ...as(owner), body: { title, phone_number: phone, vct_withdraw_id: wave.id } });
    expect(r.code, r.message).toBe(5000);
    return r.data.id as string;
  };
  const means = { good: await addMeans('Wave du gérant', '+2250701020304'), failing: await addMeans('Wave refusé', '+2250700000000') };
  return { ctx, sims, parkId, owner, member, caisses, subs, recette, fees, repairs, contractDriver, client, course, ownerActing, feeBp: Math.round(wave.fees * 100), means, label };
}

export function emptyModel(w: World): Model {
  return {
    caisse: new Map(w.caisses.map((c) => [c, 0])),
    park: 0,
    external: 0,
    pnl: new Map(),
    ops: [],
    postings: 0,
    movements: 0,
    transfers: 0,
    withdrawals: [],
    finished: [],
    contract: null,
    receivable: new Map(),
    courses: [],
    coursePayments: 0,
    yango: emptyYangoModel(),
    subscriptions: [],
  };
}

export const addTo = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

/** A confirmed operation's money: a revenue adds to its caisse, an expense takes from it; the P&L account the opposite. */
export function applyOperation(m: Model, op: ModelOp, sign: 1 | -1) {
  const into = (op.type === 'profit' ? op.amount : -op.amount) * sign;
  if (op.yango) m.yango.account += into;
  else if (op.caisse === null) addTo(m.receivable, op.client!, into);
  else addTo(m.caisse, op.caisse, into);
  addTo(m.pnl, op.sub, -into);
}

/** A withdrawal takes amount + fee off its source: the amount leaves the park, the fee is an expense. */
export function takeWithdrawal(m: Model, w: World, x: ModelWithdrawal, sign: 1 | -1) {
  if (x.caisse) addTo(m.caisse, x.caisse, -(x.amount + x.fee) * sign);
  else m.park -= (x.amount + x.fee) * sign;
  m.external += x.amount * sign;
  addTo(m.pnl, w.fees, x.fee * sign);
}

/** The fee of a withdrawal: amount x rate, in integers, half up. */
export const feeOf = (w: World, amount: number) => Math.floor((amount * w.feeBp + 5000) / 10000);

/** The largest amount whose withdrawal (fee included) the balance covers. */
export function maxWithdrawable(w: World, available: number): number {
  let a = Math.floor((available * 10000) / (10000 + w.feeBp));
  while (a + 1 + feeOf(w, a + 1) <= available) a += 1;
  while (a > 0 && a + feeOf(w, a) > available) a -= 1;
  return a;
}

export function resolveAmount(spec: AmountSpec, available: number): number {
  if (spec === 'half') return Math.max(1, Math.floor(available / 2));
  if (spec === 'all') return Math.max(1, available);
  if (spec === 'over') return available + 1;
  return spec;
}
