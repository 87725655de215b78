import { and, eq } from 'drizzle-orm';
import { mobileMoneyPayerError, OPERATION_MESSAGES } from '@flotte/contract';
import type { TContractCollect, TContractCollectResult } from '@flotte/contract/contracts';
import type { ActingProfile } from '../../platform/auth/auth-context.ts';
import { hasPermission } from '../../platform/auth/guard.ts';
import type { Db, Tx } from '../../platform/db/database.ts';
import { AppError, fieldError } from '../../platform/errors.ts';
import { UUID_PATTERN } from '../../platform/ids.ts';
import { fromMinor, toMinor } from '../../platform/money.ts';
import { contractRecipeFigures, lockContractRecipes } from '../recipes/contract-recipes.ts';
import { applyRecipePayments, lockAndCheckAllocations, type RecipeAllocation } from '../recipes/recipe-collection.ts';
import { startRecipePayin, type MobileMoneyDeps } from '../recipes/recipe-mobile-money.ts';
import { caisseOfPark } from '../treasury/caisse-accounts.ts';
import { assertCaisseUsable } from '../treasury/caisse-access.ts';
import { getContractDetail } from './contract-detail.ts';
import { materialiseInstalmentRecipes } from './contract-instalments.ts';
import type { ContractsDeps } from './contracts.deps.ts';
import { contractInstalments, contracts } from './contracts.tables.ts';

/**
 * POST /contract/{id}/collect: a driver pays `amount` on his hire-purchase contract, applied to
 * the oldest unpaid instalments (those not yet due too: he may pay ahead), through the recipes'
 * collection, so cash, his balance and mobile money behave exactly as on the recipes screens.
 *
 * Two transactions, in the order every recipe payment locks (recipes, then the contract in the
 * payment hook), so a collection never deadlocks with a payment made from the recipes screens:
 * 1. under the contract's lock, the recipes the amount needs are created (paying ahead) and
 *    committed; nothing is paid yet (a recipe made ahead is the instalment's anyway);
 * 2. the recipes of the open instalments are locked, the amount is spread over them oldest first,
 *    and applyRecipePayments pays them (the hook then moves the instalments and the contract).
 * Two collections of the same last instalment: the second finds nothing left in step 2 and is
 * refused, having paid nothing.
 */

export type ContractMoneyDeps = ContractsDeps & MobileMoneyDeps;

type Contract = typeof contracts.$inferSelect;

interface Planned {
  seq: number;
  recipeId: string;
  amount: number;
}

/** Thrown by step 2 when instalments without a recipe yet would take the rest (another collection ran between). */
class NeedsRecipes extends Error {}

function minorOf(acting: ActingProfile, amount: number): number {
  try {
    const minor = toMinor(amount, acting.park.currency);
    if (minor > 0) return minor;
  } catch {
    // falls through to the field's message
  }
  throw fieldError('amount', 'Entrez un montant valide');
}

/** The caisse of a cash payment, checked as the recipes' routes check it (recipe-payments.service.ts). */
export async function cashCaisseOf(db: Db, acting: ActingProfile, caisseId: string | undefined): Promise<string | null> {
  if (!caisseId) {
    if (!hasPermission(acting, 'ACCESS_CAISSE_CASH')) throw fieldError('caisse_id', OPERATION_MESSAGES.caisse);
    return null;
  }
  const caisse = await caisseOfPark(db, acting.parkId, caisseId);
  await assertCaisseUsable(db, acting, caisse);
  return caisse.id;
}

/** A DRIVER contract of the park that may take a payment: ACTIVE, or CANCELLED keeping what was due as a debt. */
function assertCollectable(c: Contract | undefined): asserts c is Contract {
  if (!c) throw new AppError('CONTRACT_NOT_FOUND');
  if (c.contractType !== 'DRIVER') throw new AppError('CONTRACT_NOT_DRIVER');
  const open = c.status === 'ACTIVE' || (c.status === 'CANCELLED' && c.cancelDebtMode === 'keep_debt');
  if (!open) throw new AppError('CONTRACT_NOT_COLLECTABLE');
}

async function openInstalments(tx: Tx, contractId: string) {
  const rows = await tx
    .select({ id: contractInstalments.id, seq: contractInstalments.seq, amount: contractInstalments.amount, recipeId: contractInstalments.recipeId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, contractId), eq(contractInstalments.status, 'due')))
    .orderBy(contractInstalments.seq);
  const figures = await contractRecipeFigures(tx, rows.flatMap((r) => (r.recipeId ? [r.recipeId] : [])));
  return rows.map((r) => {
    const f = r.recipeId ? figures.get(r.recipeId) : undefined;
    // A recipe of the instalment deleted from the recipes screens leaves nothing to collect through it.
    const remaining = !r.recipeId ? r.amount : f && !f.deletedAt && !f.paidAt ? f.objective - f.collected : 0;
    return { ...r, remaining: Math.max(0, remaining) };
  });
}

/** Step 1: checks, and the recipes `amount` needs, created under the contract's lock. */
async function prepare(deps: ContractMoneyDeps, acting: ActingProfile, contractId: string, amount: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [c] = await tx.select().from(contracts).where(and(eq(contracts.parkId, acting.parkId), eq(contracts.id, contractId))).for('update');
    assertCollectable(c);
    const open = await openInstalments(tx, c.id);
    const due = open.reduce((s, i) => s + i.remaining, 0);
    if (due <= 0) throw new AppError('CONTRACT_NOTHING_DUE');
    if (amount > due || amount > c.remainingAmount) throw new AppError('CONTRACT_AMOUNT_ABOVE_REMAINING');
    const needed: string[] = [];
    let left = amount;
    for (const i of open) {
      if (left <= 0) break;
      if (i.remaining <= 0) continue;
      if (!i.recipeId) needed.push(i.id);
      left -= Math.min(left, i.remaining);
    }
    await materialiseInstalmentRecipes(tx, acting.parkId, needed, acting.id);
  });
}

/** Step 2's spread: the amount over the open instalments' recipes, oldest first, the recipes locked. */
async function plan(tx: Tx, acting: ActingProfile, contractId: string, amount: number): Promise<Planned[]> {
  const [c] = await tx.select().from(contracts).where(and(eq(contracts.parkId, acting.parkId), eq(contracts.id, contractId)));
  assertCollectable(c);
  const linked = await tx
    .select({ recipeId: contractInstalments.recipeId })
    .from(contractInstalments)
    .where(and(eq(contractInstalments.contractId, c.id), eq(contractInstalments.status, 'due')));
  const recipeIds = linked.flatMap((r) => (r.recipeId ? [r.recipeId] : []));
  // The recipes' locks, taken by the recipes module's own check (id order), before reading what remains.
  await lockContractRecipes(tx, acting.parkId, recipeIds);
  const open = await openInstalments(tx, c.id);
  const out: Planned[] = [];
  let left = amount;
  for (const i of open) {
    if (left <= 0) break;
    if (i.remaining <= 0) continue;
    if (!i.recipeId) throw new NeedsRecipes();
    const take = Math.min(left, i.remaining);
    out.push({ seq: i.seq, recipeId: i.recipeId, amount: take });
    left -= take;
  }
  if (left > 0) throw new AppError(out.length ? 'CONTRACT_AMOUNT_ABOVE_REMAINING' : 'CONTRACT_NOTHING_DUE');
  return out;
}

const toAllocations = (planned: Planned[]): RecipeAllocation[] => planned.map((p) => ({ recipeId: p.recipeId, amount: p.amount }));

export async function collectContract(deps: ContractMoneyDeps, acting: ActingProfile, contractId: string, body: TContractCollect): Promise<TContractCollectResult> {
  if (!UUID_PATTERN.test(contractId)) throw new AppError('CONTRACT_NOT_FOUND');
  const amount = minorOf(acting, Number(body.amount));
  const method = body.payment_type;
  let payer: { operatorId: string; phone: string } | null = null;
  if (method === 'mobile_money') {
    const failed = mobileMoneyPayerError({ operator_id: body.operator_id, phone: body.phone });
    if (failed) throw fieldError(body.operator_id ? 'phone' : 'operator_id', failed);
    payer = { operatorId: String(body.operator_id), phone: body.phone! };
  }
  const caisseId = method === 'cash' ? await cashCaisseOf(deps.db, acting, body.caisse_id) : null;

  // A collection running between our two steps may leave the rest on instalments without a recipe: prepare again, a few times.
  for (let round = 0; ; round++) {
    await prepare(deps, acting, contractId, amount);
    try {
      if (payer) {
        const planned = await deps.db.transaction(async (tx) => {
          const p = await plan(tx, acting, contractId, amount);
          // The recipes' own checks, so the driver is never asked for what can't be applied.
          await lockAndCheckAllocations(tx, { parkId: acting.parkId, method: 'mobile_money', allocations: toAllocations(p) });
          return p;
        });
        const [c] = await deps.db.select({ driverId: contracts.driverId, vehicleId: contracts.vehicleId }).from(contracts).where(eq(contracts.id, contractId));
        const validation = await startRecipePayin(deps, acting, {
          amount,
          ...payer,
          driverId: c.driverId,
          vehicleId: c.vehicleId,
          purpose: { kind: 'recipes', allocations: toAllocations(planned), comment: body.comment ?? null },
        });
        return { contract: await getContractDetail(deps, acting, contractId), applied: [], transaction: validation };
      }
      const planned = await deps.db.transaction(async (tx) => {
        const p = await plan(tx, acting, contractId, amount);
        await applyRecipePayments(tx, { parkId: acting.parkId, actorId: acting.id, method, caisseId, allocations: toAllocations(p), comment: body.comment });
        return p;
      });
      return { contract: await getContractDetail(deps, acting, contractId), applied: planned.map((p) => ({ seq: p.seq, amount: fromMinor(p.amount, acting.park.currency) })), transaction: null };
    } catch (err) {
      if (!(err instanceof NeedsRecipes) || round >= 2) throw err instanceof NeedsRecipes ? new AppError('CONTRACT_AMOUNT_ABOVE_REMAINING') : err;
    }
  }
}
