import { and, desc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { YangoSimPark, YangoSimulator } from '../../integrations/yango/yango.types.ts';
import { actingOf } from '../courses/course-money.test-support.ts';
import { recipePayments, recipes } from '../recipes/recipes.tables.ts';
import { insertDriver } from '../vehicles/vehicle-test-helpers.ts';
import { debitRecipe } from '../yango/yango-debit.ts';
import { connectToSimulator, flakyDebits, linkToSimulator } from '../yango/yango-debit.test-support.ts';
import type { YangoDeps } from '../yango/yango.deps.ts';
import { yangoDebits } from '../yango/yango.tables.ts';
import { as } from '../operations/operations-test-helpers.ts';
import { expectAccepted, expectRefused, send } from './money-flows.test-api.ts';
import { type AmountSpec, type Model, type ModelOp, type World, addTo, applyOperation, resolveAmount } from './money-flows.test-model.ts';

// ---------------------------------------------------------------------------------------------
// Yango debits (issue 21 section 4): recipes collected from the driver's Yango balance, refused
// for a balance too low, an answer lost and asked again, a recipe paid in cash meanwhile.

/** What the model knows of the Yango debits: the park's 'yango' account, the drivers' sold it fed, and each debit. */
export interface YangoModel {
  account: number;
  /** Driver id -> sold (what the park owes him: his driver_balance is its negation). */
  sold: Map<string, number>;
  debits: { id: string; recipe: string; amount: number; status: 'pending' | 'paid' | 'failed' }[];
}

export const emptyYangoModel = (): YangoModel => ({ account: 0, sold: new Map(), debits: [] });

export type YangoStep = { kind: 'yango'; action: 'debit' | 'poor' | 'lost' | 'cash' | 'recheck'; amount: AmountSpec; pick: number; retry: boolean };

interface YangoWorld {
  deps: YangoDeps;
  sim: YangoSimulator;
  simPark: YangoSimPark;
  /** Linked, with a Yango balance that covers everything; and linked with nothing on it. */
  rich: string;
  poor: string;
  recipes: string[];
}

const worlds = new WeakMap<World, YangoWorld>();
let recipeNo = 0;

async function yangoWorld(w: World): Promise<YangoWorld> {
  const known = worlds.get(w);
  if (known) return known;
  const deps = w.ctx.app.yango;
  const sim = (await deps.api.simulator())!;
  sim.setRandom429Rate(0);
  const simPark = await connectToSimulator(w.ctx, deps, sim, w.parkId);
  const rich = await insertDriver(w.ctx, w.parkId, { firstName: 'Yao', lastName: 'Yango' });
  const poor = await insertDriver(w.ctx, w.parkId, { firstName: 'Ali', lastName: 'Sans Solde' });
  w.label.set(rich, 'yango driver');
  w.label.set(poor, 'poor yango driver');
  await linkToSimulator(w.ctx, sim, simPark, { parkId: w.parkId, driverId: rich, balance: 100_000_000 });
  await linkToSimulator(w.ctx, sim, simPark, { parkId: w.parkId, driverId: poor, balance: 0 });
  const y: YangoWorld = { deps, sim, simPark, rich, poor, recipes: [] };
  worlds.set(w, y);
  return y;
}

async function newRecipe(w: World, y: YangoWorld, driverId: string, objective: number): Promise<string> {
  const day = new Date().toISOString().slice(0, 10);
  const [row] = await w.ctx.database.db
    .insert(recipes)
    .values({ parkId: w.parkId, kind: 'debt', driverId, day, periodStart: day, periodEnd: day, objective })
    .returning({ id: recipes.id });
  y.recipes.push(row.id);
  w.label.set(row.id, `recipe${++recipeNo}`);
  return row.id;
}

/** The rich driver's recipes still owing something, as the database has them now (a cancelled cash payment reopens one). */
async function openRecipes(w: World, y: YangoWorld): Promise<{ id: string; remaining: number; pending: boolean }[]> {
  const { rows } = await w.ctx.database.db.execute<{ id: string; remaining: string; pending: boolean }>(sql`
    select r.id, r.objective - r.collected as remaining,
           exists (select 1 from yango_debits d where d.recipe_id = r.id and d.status = 'pending') as pending
      from recipes r where r.park_id = ${w.parkId} and r.driver_id = ${y.rich} and r.paid_at is null and r.deleted_at is null and r.objective > r.collected
     order by r.created_at, r.id`);
  return rows.map((r) => ({ id: r.id, remaining: Number(r.remaining), pending: r.pending }));
}

/** A recipe to debit: an open one picked, or (none, or one pick in three) a new one of 30,000. */
async function pickRecipe(w: World, y: YangoWorld, pick: number, free = false): Promise<{ id: string; remaining: number; pending: boolean }> {
  const open = (await openRecipes(w, y)).filter((r) => !free || !r.pending);
  if (open.length && pick % 3 !== 0) return open[pick % open.length];
  return { id: await newRecipe(w, y, y.rich, 30_000), remaining: 30_000, pending: false };
}


/** The recette operation a collection just recorded (its movement id), added to the model. */
function addRecipeOp(w: World, m: Model, id: string, amount: number, into: { caisse: string } | 'yango'): ModelOp {
  const op: ModelOp = { id, type: 'profit', caisse: into === 'yango' ? null : into.caisse, yango: into === 'yango', sub: w.recette, amount, status: 'confirmed', reversalId: null };
  m.ops.push(op);
  w.label.set(op.id, `op${m.ops.length}`);
  m.movements += 1;
  m.postings += 1;
  applyOperation(m, op, 1);
  return op;
}

/** A debit Yango confirmed, in the model: what the recipe could take as one operation, the rest onto the driver's sold. */
async function confirmedInModel(w: World, m: Model, y: YangoWorld, debitId: string, amount: number, canTake: number): Promise<string> {
  const [row] = await w.ctx.database.db.select().from(yangoDebits).where(eq(yangoDebits.id, debitId));
  expect(row.status, 'the debit is paid').toBe('paid');
  const applied = Math.min(amount, canTake);
  if (applied > 0) {
    expect(row.fundMovementId, 'its operation').not.toBeNull();
    addRecipeOp(w, m, row.fundMovementId!, applied, 'yango');
  } else expect(row.fundMovementId).toBeNull();
  if (amount > applied) {
    m.yango.account += amount - applied;
    addTo(m.yango.sold, y.rich, amount - applied);
    m.postings += 1;
  }
  const d = m.yango.debits.find((x) => x.id === debitId);
  if (d) d.status = 'paid';
  else m.yango.debits.push({ id: debitId, recipe: row.recipeId, amount, status: 'paid' });
  return applied < amount ? `paid, ${amount - applied} to the sold` : 'paid';
}

export async function runYangoStep(w: World, m: Model, s: YangoStep, L: (id: string | null) => string): Promise<string> {
  const y = await yangoWorld(w);
  const pending = m.yango.debits.filter((d) => d.status === 'pending');

  if (s.action === 'recheck' && pending.length) {
    const d = pending[s.pick % pending.length];
    const [r] = await w.ctx.database.db.select().from(recipes).where(eq(recipes.id, d.recipe));
    const canTake = r.paidAt || r.deletedAt ? 0 : Math.max(0, r.objective - r.collected);
    const answer = await w.ctx.api('GET', `/api/yango/debit/${d.id}`, as(w.owner));
    expectAccepted(answer);
    expect(answer.data).toMatchObject({ id: d.id, status: 'paid' });
    return `ask Yango again for the debit of ${d.amount} on ${L(d.recipe)} (${canTake} left) -> ${await confirmedInModel(w, m, y, d.id, d.amount, canTake)}`;
  }

  if (s.action === 'cash') {
    const open = await openRecipes(w, y);
    if (open.length) {
      // Part of a Yango driver's recipe paid in cash (a debit may be in flight for it).
      const r = open[s.pick % open.length];
      const amount = Math.min(resolveAmount(s.amount, r.remaining), r.remaining);
      const answer = await send(w, w.owner, 'POST', '/api/transaction/paid-recipe-expected-today', { recette_id: r.id, amount, payment_type: 'cash', caisse_id: w.caisses[0] }, s.retry);
      expectAccepted(answer);
      const [p] = await w.ctx.database.db.select().from(recipePayments).where(and(eq(recipePayments.recipeId, r.id), eq(recipePayments.method, 'cash'))).orderBy(desc(recipePayments.createdAt), desc(recipePayments.id)).limit(1);
      const op = addRecipeOp(w, m, p.fundMovementId!, amount, { caisse: w.caisses[0] });
      return `pay ${amount} of ${L(r.id)} (${r.remaining} left${r.pending ? ', a debit in flight' : ''}) in cash -> ${L(op.id)}`;
    }
  }

  if (s.action === 'poor') {
    const recipeId = await newRecipe(w, y, y.poor, 10_000);
    const answer = await send(w, w.owner, 'POST', '/api/yango/debit-recipe', { recipe_id: recipeId, amount: 5000 }, s.retry);
    expectRefused(answer, 409, 4845);
    const debits = await w.ctx.database.db.select().from(yangoDebits).where(eq(yangoDebits.recipeId, recipeId));
    expect(debits.map((d) => [d.status, d.amount]), 'one failed debit with its reason').toEqual([['failed', 5000]]);
    m.yango.debits.push({ id: debits[0].id, recipe: recipeId, amount: 5000, status: 'failed' });
    return `debit 5000 from a Yango balance of 0 on ${L(recipeId)}${s.retry ? ' (x2)' : ''} -> refused 4845`;
  }

  if (s.action === 'lost') {
    const r = await pickRecipe(w, y, s.pick, true);
    const amount = Math.min(resolveAmount(s.amount, r.remaining), r.remaining);
    const { debit } = await debitRecipe(flakyDebits(y.deps, 'lose'), await actingOf(w.ctx, w.parkId, w.owner.profile_id), { recipe_id: r.id, amount });
    expect(debit.status, "Yango's answer lost: pending").toBe('pending');
    m.yango.debits.push({ id: debit.id, recipe: r.id, amount, status: 'pending' });
    return `debit ${amount} on ${L(r.id)}, Yango's answer lost -> pending`;
  }

  // A debit through the API (also what 'recheck' and 'cash' do with nothing to act on).
  const r = await pickRecipe(w, y, s.pick);
  const amount = resolveAmount(s.amount, r.remaining);
  const answer = await send(w, w.owner, 'POST', '/api/yango/debit-recipe', { recipe_id: r.id, amount }, s.retry);
  const what = `debit ${amount} on ${L(r.id)} (${r.remaining} left${r.pending ? ', a debit in flight' : ''})${s.retry ? ' (x2)' : ''}`;
  if (amount > r.remaining) {
    expectRefused(answer, 422, 4433);
    return `${what} -> refused 4433`;
  }
  if (r.pending) {
    expectRefused(answer, 409, 4842);
    return `${what} -> refused 4842`;
  }
  expectAccepted(answer);
  expect(answer.data).toMatchObject({ recipe_id: r.id, amount, status: 'paid' });
  return `${what} -> ${await confirmedInModel(w, m, y, answer.data.id, amount, r.remaining)}`;
}

/**
 * After every step, the Yango invariants: the park's 'yango' account is the sum of its paid
 * debits; each debit is at Yango at most once (its id the token) and a paid one exactly once,
 * with at most one operation; the debits are as the model says; and each Yango driver's recipe
 * has collected exactly the sum of its payments.
 */
export async function checkYangoAfterStep(w: World, m: Model): Promise<void> {
  const y = worlds.get(w);
  if (!y) return;
  const db = w.ctx.database.db;
  const debits = await db.select().from(yangoDebits).where(eq(yangoDebits.parkId, w.parkId));
  const { rows } = await db.execute<{ balance: string }>(sql`select balance from ledger_accounts where park_id = ${w.parkId} and kind = 'yango'`);
  const paid = debits.filter((d) => d.status === 'paid');
  expect(Number(rows[0]?.balance ?? 0), "the park's Yango account = its paid debits").toBe(paid.reduce((t, d) => t + d.amount, 0));
  expect(Object.fromEntries(debits.map((d) => [d.id, d.status])), 'debits against the model').toEqual(Object.fromEntries(m.yango.debits.map((d) => [d.id, d.status])));
  const tokens = y.sim.createdTransactions(y.simPark.id).map((t) => t.token);
  expect(new Set(tokens).size, 'one Yango transaction per token').toBe(tokens.length);
  const ids = new Set(debits.map((d) => d.id));
  expect(tokens.filter((t) => !ids.has(t)), 'Yango transactions without a debit').toEqual([]);
  for (const d of paid) expect(tokens.filter((t) => t === d.id), `paid debit ${d.id} at Yango once`).toHaveLength(1);
  for (const d of debits.filter((x) => x.status === 'failed')) expect(tokens, `failed debit ${d.id} never at Yango`).not.toContain(d.id);
  const movements = paid.map((d) => d.fundMovementId).filter(Boolean);
  expect(new Set(movements).size, 'one operation per paid debit').toBe(movements.length);
  const { rows: yangoPayments } = await db.execute<{ n: number }>(sql`select count(*)::int as n from recipe_payments where park_id = ${w.parkId} and method = 'yango'`);
  expect(Number(yangoPayments[0].n), "the recipes' Yango payments are the paid debits' operations").toBe(movements.length);
  const { rows: off } = await db.execute<{ id: string }>(sql`
    select r.id from recipes r where r.id = any(${sql.param(y.recipes)}::uuid[])
       and r.collected <> (select coalesce(sum(p.amount), 0) from recipe_payments p where p.recipe_id = r.id)`);
  expect(off.map((r) => w.label.get(r.id)), "recipes whose collected isn't their payments").toEqual([]);
}
